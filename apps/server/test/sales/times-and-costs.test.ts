import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lagosToday,
  type BusinessData,
  type CustomerSales,
  type EmployeeSalesReport,
  type GraphPoint,
  type InventoryRevenue,
  type ProductSalesReport,
  type SalePage,
  type UploadResult,
} from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { shiftDay } from '../../src/lib/business-time.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf } from '../inventory/inventory-helper.js';
import { openTill, saleBody, salesWorld, type Sale, type SalesWorld } from './sales-helper.js';

/**
 * Issue 11 §6, numbers and times a merchant relies on: the order payments were made, the unit cost
 * kept on each line, the time a sale was made (offline: on the device), the business's time zone.
 */

let t: TestApp;
let w: SalesWorld;
const today = lagosToday();
const yesterday = shiftDay(today, -1);

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
});
afterAll(async () => {
  await t.close();
});

const sell = async (items: unknown[], extra: Record<string, unknown> = {}) =>
  dataOf<Sale>(
    await w.call(
      w.owner,
      'POST',
      `/v2/business/${w.owner.businessId}/sales`,
      saleBody(w.owner.storeId, items, extra),
    ),
    201,
  );

const byProduct = (from: string, to = from) =>
  w.call(
    w.owner,
    'POST',
    `/v1/businesses/${w.owner.businessId}/reports/getsalesbyproduct?startdate=${from}&enddate=${to}`,
  );

const history = async (query: string) =>
  dataOf<SalePage>(await w.call(w.owner, 'GET', `/v2/business/${w.owner.businessId}/sales?${query}`));

describe('the method paid first', () => {
  it('refunds to the original methods in the order paid, even when the payments share one time', async () => {
    const sale = await sell([{ _id: w.rice.productId, quantity: 3 }], {
      customer_id: w.customerId,
      payments: [
        { method: 'store_credit', amount: 300 },
        { method: 'card', amount: 2700 },
      ],
    });
    // One transaction, one clock reading: the embedded database gives both the same created_at.
    await t.db
      .updateTable('sale_payments')
      .set({ created_at: new Date('2025-03-01T10:00:00Z') })
      .where('business_id', '=', w.owner.businessId)
      .where('sale_id', '=', sale.id)
      .execute();
    const after = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    expect(after.refunds[0]?.payouts).toEqual([
      { method: 'store_credit', amount: 300 },
      { method: 'card', amount: 700 },
    ]);
    expect(after.payments.map((p) => p.method)).toEqual(['store_credit', 'card']);
  });
});

describe('the refund shown is the refund recorded', () => {
  it('each line carries its net after the order discount, and refunding a unit gives back its share', async () => {
    const sale = await sell([{ _id: w.rice.productId, quantity: 1 }], {
      discount_type: 'percentage',
      discount: 10,
      payments: [{ method: 'card', amount: 900 }],
    });
    expect(sale.items[0]).toMatchObject({ total: 1000, net: 900 });
    const after = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    expect(after.refunds[0]?.amount).toBe(900);
  });
});

describe('cost and profit', () => {
  it('use the unit cost each line was sold at, not the cost price of today', async () => {
    const day = '2024-06-03';
    // Bought at ₦500 (the seeded cost), sold 3 at ₦1,000; one comes back. Then the price of rice rises.
    const sale = await sell([{ _id: w.rice.productId, quantity: 3 }], {
      payments: [{ method: 'card', amount: 3000 }],
    });
    dataOf(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    await t.db
      .updateTable('sales')
      .set({ created_at: new Date(`${day}T12:00:00Z`) })
      .where('id', '=', sale.id)
      .execute();
    await t.db
      .updateTable('products')
      .set({ cost_price: 90_000 })
      .where('id', '=', w.rice.productId)
      .execute();
    const r = dataOf<ProductSalesReport>(await byProduct(day));
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ net_quantity: 2, net_sales: 2000, cost: 1000, profit: 1000 });
    const inv = dataOf<InventoryRevenue>(
      await w.call(w.owner, 'GET', `/v1/dashboard/inventory/revenue/${w.owner.businessId}/${day}/${day}/all`),
    );
    expect(inv).toMatchObject({ unitsSold: 2, costOfGoodsSold: 1000 });
    // The refund keeps the cost of what came back.
    const refundLines = await t.db
      .selectFrom('refund_lines')
      .select(['quantity', 'cost_kobo'])
      .where('sale_line_id', '=', sale.items[0]!._id)
      .execute();
    expect(refundLines.map((l) => [l.quantity, Number(l.cost_kobo)])).toEqual([[1, 50_000]]);
    // A sale made now is costed at today's ₦900.
    await sell([{ _id: w.rice.productId, quantity: 1 }], { payments: [{ method: 'card', amount: 1000 }] });
    const now = dataOf<ProductSalesReport>(await byProduct(today));
    expect(now.rows.find((x) => x.name === 'Rice')?.cost).toBeGreaterThanOrEqual(900);
    expect(
      (
        await t.db
          .selectFrom('sale_lines')
          .select('unit_cost_kobo')
          .where('sale_id', '=', sale.id)
          .executeTakeFirstOrThrow()
      ).unit_cost_kobo,
    ).toBe(50_000);
    await t.db
      .updateTable('products')
      .set({ cost_price: 50_000 })
      .where('id', '=', w.rice.productId)
      .execute();
  });
});

describe('a sale made offline counts when it was made', () => {
  let offline: Sale;
  let online: Sale;
  beforeAll(async () => {
    // A till opened two days ago, still open; a sale online just now.
    const till = await openTill(w, w.owner.storeId);
    await t.db
      .updateTable('register_sessions')
      .set({ opened_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('register_id', '=', till)
      .where('status', '=', 'open')
      .execute();
    online = await sell([{ _id: w.shirt.productId, variety_id: w.shirt.varietyIds[1], quantity: 1 }], {
      payments: [{ method: 'card', amount: 500 }],
    });
    // Made yesterday at 20:00 Lagos on a device without network; uploaded this morning.
    const [result] = dataOf<{ results: UploadResult<Sale>[] }>(
      await w.call(w.owner, 'POST', '/v1/sales/syncsale/', {
        sales: [
          {
            _id: newId(),
            store_id: w.owner.storeId,
            items: [{ _id: w.service.productId, quantity: 1 }],
            payments: [{ method: 'cash', amount: 200 }],
            offline_date: `${yesterday}T20:00:00+01:00`,
            is_offline_data: true,
          },
        ],
      }),
    ).results;
    expect(result?.outcome).toBe('accepted');
    offline = result!.data!;
  });

  it('in sales history: listed and filtered by the day it was made', async () => {
    const y = await history(`from=${yesterday}&to=${yesterday}`);
    expect(y.items.map((s) => s.id)).toEqual([offline.id]);
    const d = await history(`from=${today}&to=${today}`);
    expect(d.items.map((s) => s.id)).not.toContain(offline.id);
    expect(d.items.map((s) => s.id)).toContain(online.id);
    // Newest made first: the online sale of today before yesterday's, though uploaded after it.
    const all = (await history('limit=200')).items.map((s) => s.id);
    expect(all.indexOf(online.id)).toBeLessThan(all.indexOf(offline.id));
  });

  it('in reports, the dashboard graph and the customer report', async () => {
    expect(dataOf<ProductSalesReport>(await byProduct(yesterday)).rows.map((x) => x.name)).toEqual([
      'Delivery',
    ]);
    expect(dataOf<ProductSalesReport>(await byProduct(today)).rows.map((x) => x.name)).not.toContain(
      'Delivery',
    );
    const days = dataOf<EmployeeSalesReport>(
      await w.call(
        w.owner,
        'GET',
        `/v1/businesses/${w.owner.businessId}/reports/salesbyemployee?startdate=${yesterday}&enddate=${today}&employeeid=${w.owner.userId}`,
      ),
    ).days;
    expect(days?.find((d) => d.date === yesterday)?.sales_count).toBe(1);
    const graph = dataOf<GraphPoint[]>(
      await w.call(w.owner, 'GET', `/v1/dashboard/getgraphnalytics/${w.owner.businessId}?number_of_days=2`),
    );
    expect(graph.find((p) => p.date === yesterday)?.totalSalesValue).toBe(200);
  });

  it('in the register: its cash went into the drawer when it was made', async () => {
    const m = await t.db
      .selectFrom('register_movements')
      .select('created_at')
      .where('reference_id', '=', offline.id)
      .executeTakeFirstOrThrow();
    expect(m.created_at.toISOString()).toBe(new Date(`${yesterday}T20:00:00+01:00`).toISOString());
  });

  it('a device clock ahead counts as the upload time', async () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000);
    const [result] = dataOf<{ results: UploadResult<Sale>[] }>(
      await w.call(w.owner, 'POST', '/v1/sales/syncsale/', {
        sales: [
          {
            _id: newId(),
            store_id: w.owner.storeId,
            items: [{ _id: w.service.productId, quantity: 1 }],
            payments: [{ method: 'card', amount: 200 }],
            offline_date: ahead.toISOString(),
            is_offline_data: true,
          },
        ],
      }),
    ).results;
    const row = await t.db
      .selectFrom('sales')
      .select(['sold_at', 'created_at'])
      .where('id', '=', result!.data!.id)
      .executeTakeFirstOrThrow();
    expect(row.sold_at.toISOString()).toBe(row.created_at.toISOString());
  });
});

describe("the business's time zone", () => {
  it('is Africa/Lagos by default, can be changed, and a bad zone is a 400 naming the field', async () => {
    const url = `/v1/businesses/${w.owner.businessId}`;
    const bad = await w.call(w.owner, 'PATCH', url, { timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('timezone');
    const lagos = await t.db
      .selectFrom('businesses')
      .select('timezone')
      .where('id', '=', w.owner.businessId)
      .executeTakeFirstOrThrow();
    expect(lagos.timezone).toBe('Africa/Lagos');
    const changed = dataOf<BusinessData>(
      await w.call(w.owner, 'PATCH', url, { timezone: 'America/New_York' }),
    );
    expect(changed.timezone).toBe('America/New_York');
  });

  it("sets every day boundary: history, reports, a customer's sales", async () => {
    // 03:00 UTC on 2 March: still 1 March in New York (UTC-5), 2 March in Lagos.
    const sale = await sell([{ _id: w.rice.productId, quantity: 1 }], {
      customer_id: w.customerId,
      payments: [{ method: 'card', amount: 1000 }],
    });
    await t.db
      .updateTable('sales')
      .set({ created_at: new Date('2025-03-02T03:00:00Z') })
      .where('id', '=', sale.id)
      .execute();
    expect((await history('from=2025-03-01&to=2025-03-01')).items.map((s) => s.id)).toEqual([sale.id]);
    expect((await history('from=2025-03-02&to=2025-03-02')).items).toEqual([]);
    expect(dataOf<ProductSalesReport>(await byProduct('2025-03-01')).rows.map((x) => x.name)).toEqual([
      'Rice',
    ]);
    expect(dataOf<ProductSalesReport>(await byProduct('2025-03-02')).rows).toEqual([]);
    const days = dataOf<EmployeeSalesReport>(
      await w.call(
        w.owner,
        'GET',
        `/v1/businesses/${w.owner.businessId}/reports/salesbyemployee?startdate=2025-03-01&enddate=2025-03-31&employeeid=${w.owner.userId}`,
      ),
    ).days;
    expect(days?.map((d) => d.date)).toEqual(['2025-03-01']);
    const mine = dataOf<CustomerSales>(
      await w.call(
        w.owner,
        'GET',
        `/v1/sales/salesbycustomer/${w.owner.businessId}?customerid=${w.customerId}`,
      ),
    );
    expect(mine.sales.find((s) => s.id === sale.id)?.created_at).toBe('2025-03-02T03:00:00.000Z');
    await t.db
      .updateTable('businesses')
      .set({ timezone: 'Africa/Lagos' })
      .where('id', '=', w.owner.businessId)
      .execute();
    expect((await history('from=2025-03-02&to=2025-03-02')).items.map((s) => s.id)).toEqual([sale.id]);
  });
});
