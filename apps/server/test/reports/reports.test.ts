import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lagosToday,
  type CustomerSales,
  type CustomerSalesReport,
  type EmployeeSalesReport,
  type EmployeeSummary,
  type ProductSalesReport,
} from '@ms/contracts';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { saleBody, salesWorld, type Sale, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;
let saleA: Sale;
let saleC: Sale;
const today = lagosToday();

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  // A: the cashier sells 3 rice (₦1,000, cost ₦500) to Ngozi by card; 1 comes back.
  saleA = dataOf<Sale>(
    await w.call(
      w.cashier,
      'POST',
      `/v2/business/${w.owner.businessId}/sales`,
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 3 }], {
        customer_id: w.customerId,
        payments: [{ method: 'card', amount: 3000 }],
      }),
    ),
    201,
  );
  dataOf(
    await w.call(w.cashier, 'POST', `/v1/sales/${saleA.id}/refunds`, {
      lines: [{ line_id: saleA.items[0]!._id, quantity: 1 }],
      to: 'original',
    }),
    201,
  );
  // B: the owner sells 2 shirts size S (₦500) by transfer in the main store.
  dataOf(
    await w.call(
      w.owner,
      'POST',
      `/v2/business/${w.owner.businessId}/sales`,
      saleBody(
        w.owner.storeId,
        [{ _id: w.shirt.productId, variety_id: w.shirt.varietyIds[0], quantity: 2 }],
        {
          payments: [{ method: 'card', amount: 1000 }],
        },
      ),
    ),
    201,
  );
  // C: the owner sells a ₦200 delivery at the Lekki branch.
  saleC = dataOf<Sale>(
    await w.call(
      w.owner,
      'POST',
      `/v2/business/${w.owner.businessId}/sales`,
      saleBody(w.branch, [{ _id: w.service.productId, quantity: 1 }], {
        payments: [{ method: 'card', amount: 200 }],
      }),
    ),
    201,
  );
});
afterAll(async () => {
  await t.close();
});

const byProduct = (b: string, query = '') => `/v1/businesses/${b}/reports/getsalesbyproduct${query}`;

describe('POST /v1/businesses/{b}/reports/getsalesbyproduct', () => {
  it('sums sold, refunded, net sales, cost and profit per product and variety (refunds subtract)', async () => {
    const r = dataOf<ProductSalesReport>(
      await w.call(w.owner, 'POST', byProduct(w.owner.businessId, `?startdate=${today}&enddate=${today}`)),
    );
    expect(r.startdate).toBe(today);
    expect(r.rows.map((x) => [x.name, x.variety_name])).toEqual([
      ['Rice', null],
      ['Shirt', 'S'],
      ['Delivery', null],
    ]);
    expect(r.rows[0]).toMatchObject({
      quantity_sold: 3,
      quantity_refunded: 1,
      net_quantity: 2,
      gross_sales: 3000,
      refunds: 1000,
      net_sales: 2000,
      cost: 1000,
      profit: 1000,
    });
    expect(r.rows[2]).toMatchObject({ net_sales: 200, cost: 500, profit: -300 });
    expect(r.totals).toMatchObject({
      quantity_sold: 6,
      refunds: 1000,
      net_sales: 3200,
      cost: 2500,
      profit: 700,
    });
  });

  it('filters by store (body or query) and limits a non-admin to their stores', async () => {
    const lekki = dataOf<ProductSalesReport>(
      await w.call(w.owner, 'POST', byProduct(w.owner.businessId), { store_ids: [w.branch] }),
    );
    expect(lekki.rows.map((x) => x.name)).toEqual(['Delivery']);
    const q = dataOf<ProductSalesReport>(
      await w.call(w.owner, 'POST', byProduct(w.owner.businessId, `?store_ids=${w.owner.storeId}`)),
    );
    expect(q.totals.net_sales).toBe(3000);
    // The cashier works in the main store only.
    const mine = dataOf<ProductSalesReport>(await w.call(w.cashier, 'POST', byProduct(w.owner.businessId)));
    expect(mine.rows.map((x) => x.name)).toEqual(['Rice', 'Shirt']);
    const res = await w.call(w.cashier, 'POST', byProduct(w.owner.businessId), { store_ids: [w.branch] });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe('You are not assigned to this store.');
  });

  it('keeps cost and profit for the owner: a cashier gets neither, in JSON or CSV', async () => {
    const r = dataOf<ProductSalesReport>(await w.call(w.cashier, 'POST', byProduct(w.owner.businessId)));
    expect(r.rows.map((x) => x.name)).toEqual(['Rice', 'Shirt']);
    for (const row of [...r.rows, r.totals]) {
      expect(row).not.toHaveProperty('cost');
      expect(row).not.toHaveProperty('profit');
    }
    expect(r.totals.net_sales).toBe(3000);
    const csv = await w.call(w.cashier, 'POST', byProduct(w.owner.businessId, '?format=csv'));
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Product,Variety,Quantity sold,Quantity refunded,Net quantity,Gross sales,Refunds,Net sales',
    );
    expect(lines).toContain('Rice,,3,1,2,3000.00,1000.00,2000.00');
  });

  it('is empty for days without sales', async () => {
    const r = dataOf<ProductSalesReport>(
      await w.call(
        w.owner,
        'POST',
        byProduct(w.owner.businessId, '?startdate=2020-01-01&enddate=2020-01-31'),
      ),
    );
    expect(r.rows).toEqual([]);
    expect(r.totals.net_sales).toBe(0);
  });

  it('exports CSV with a header row', async () => {
    const res = await w.call(w.owner, 'POST', byProduct(w.owner.businessId, '?format=csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`sales-by-product_${today}_${today}.csv`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Product,Variety,Quantity sold,Quantity refunded,Net quantity,Gross sales,Refunds,Net sales,Cost,Profit',
    );
    expect(lines).toContain('Rice,,3,1,2,3000.00,1000.00,2000.00,1000.00,1000.00');
    expect(lines.at(-1)).toBe('Total,,6,1,5,4200.00,1000.00,3200.00,2500.00,700.00');
  });

  it('401 without a token, 403 without sales_history.view, 404 for another business or its store', async () => {
    expect((await w.call(null, 'POST', byProduct(w.owner.businessId))).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'POST', byProduct(w.owner.businessId))).statusCode).toBe(403);
    expect((await w.call(w.owner, 'POST', byProduct(w.other.businessId))).statusCode).toBe(404);
    const res = await w.call(w.owner, 'POST', byProduct(w.owner.businessId), {
      store_ids: [w.other.storeId],
    });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Store not found');
  });

  it('400 naming the field for bad dates, an end before the start and bad store ids', async () => {
    const bad = await w.call(w.owner, 'POST', byProduct(w.owner.businessId, '?startdate=2024-02-30'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('startdate');
    const shape = await w.call(w.owner, 'POST', byProduct(w.owner.businessId, '?enddate=31/01/2024'));
    expect(shape.statusCode).toBe(400);
    expect(messageOf(shape)).toContain('enddate');
    const order = await w.call(
      w.owner,
      'POST',
      byProduct(w.owner.businessId, '?startdate=2024-02-02&enddate=2024-02-01'),
    );
    expect(order.statusCode).toBe(400);
    expect(messageOf(order)).toContain('enddate must be on or after startdate');
    const ids = await w.call(w.owner, 'POST', byProduct(w.owner.businessId), { store_ids: ['nope'] });
    expect(ids.statusCode).toBe(400);
    expect(messageOf(ids)).toContain('store_ids');
  });
});

const byEmployee = (b: string, query = '') => `/v1/businesses/${b}/reports/salesbyemployee${query}`;

describe('GET /v1/businesses/{b}/reports/salesbyemployee', () => {
  it('gives each employee number of sales, total, refunds and average sale', async () => {
    const r = dataOf<EmployeeSalesReport>(await w.call(w.owner, 'GET', byEmployee(w.owner.businessId)));
    expect(r.days).toBeNull();
    const cashier = r.rows.find((x) => x.employee_id === w.cashier.userId);
    const owner = r.rows.find((x) => x.employee_id === w.owner.userId);
    expect(cashier).toMatchObject({
      name: 'Chidi Eze',
      sales_count: 1,
      total: 3000,
      refunds: 1000,
      net_total: 2000,
      average_sale: 2000,
    });
    expect(owner).toMatchObject({
      sales_count: 2,
      total: 1200,
      refunds: 0,
      net_total: 1200,
      average_sale: 600,
    });
    expect(r.totals).toMatchObject({ sales_count: 3, net_total: 3200 });
  });

  it("with employeeid gives that employee's daily totals, and CSV", async () => {
    const r = dataOf<EmployeeSalesReport>(
      await w.call(w.owner, 'GET', byEmployee(w.owner.businessId, `?employeeid=${w.cashier.userId}`)),
    );
    expect(r.rows).toHaveLength(1);
    expect(r.days).toEqual([
      { date: today, sales_count: 1, total: 3000, refunds: 1000, net_total: 2000, average_sale: 2000 },
    ]);
    const csv = await w.call(
      w.owner,
      'GET',
      byEmployee(w.owner.businessId, `?employeeid=${w.cashier.userId}&format=csv`),
    );
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'Date,Number of sales,Total sales,Refunds,Net sales,Average sale',
      `${today},1,3000.00,1000.00,2000.00,2000.00`,
    ]);
    const all = await w.call(w.owner, 'GET', byEmployee(w.owner.businessId, '?format=csv'));
    expect(all.body).toContain('Chidi Eze,1,3000.00,1000.00,2000.00,2000.00');
  });

  it('401, 403, 404 (another business, its employee), 400 naming the field', async () => {
    expect((await w.call(null, 'GET', byEmployee(w.owner.businessId))).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', byEmployee(w.owner.businessId))).statusCode).toBe(403);
    expect((await w.call(w.owner, 'GET', byEmployee(w.other.businessId))).statusCode).toBe(404);
    const theirs = await w.call(
      w.owner,
      'GET',
      byEmployee(w.owner.businessId, `?employeeid=${w.other.userId}`),
    );
    expect(theirs.statusCode).toBe(404);
    const bad = await w.call(w.owner, 'GET', byEmployee(w.owner.businessId, '?employeeid=12'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('employeeid');
    const order = await w.call(
      w.owner,
      'GET',
      byEmployee(w.owner.businessId, '?startdate=2024-03-02&enddate=2024-03-01'),
    );
    expect(order.statusCode).toBe(400);
    expect(messageOf(order)).toContain('enddate');
  });
});

describe('GET /v1/sales/employee/{id}/summary', () => {
  it("gives one employee's figures for today by default: sales, refunds, items, payments", async () => {
    const s = dataOf<EmployeeSummary>(
      await w.call(w.owner, 'GET', `/v1/sales/employee/${w.cashier.userId}/summary`),
    );
    expect(s).toMatchObject({
      startdate: today,
      enddate: today,
      name: 'Chidi Eze',
      sales_count: 1,
      total: 3000,
      refunds: 1000,
      net_total: 2000,
      items_sold: 2,
      payments: [{ method: 'card', amount: 3000 }],
    });
    const past = dataOf<EmployeeSummary>(
      await w.call(
        w.owner,
        'GET',
        `/v1/sales/employee/${w.cashier.userId}/summary?startdate=2020-01-01&enddate=2020-01-01`,
      ),
    );
    expect(past).toMatchObject({ sales_count: 0, net_total: 0, average_sale: 0, payments: [] });
    const csv = await w.call(w.owner, 'GET', `/v1/sales/employee/${w.cashier.userId}/summary?format=csv`);
    expect(csv.body.split('\r\n')[1]).toBe(`Chidi Eze,${today},${today},1,3000.00,1000.00,2000.00,2000.00,2`);
  });

  it('anyone may see their own summary; another employee needs sales_history.view', async () => {
    const own = dataOf<EmployeeSummary>(
      await w.call(w.keeper, 'GET', `/v1/sales/employee/${w.keeper.userId}/summary`),
    );
    expect(own.sales_count).toBe(0);
    expect((await w.call(w.keeper, 'GET', `/v1/sales/employee/${w.cashier.userId}/summary`)).statusCode).toBe(
      403,
    );
    expect((await w.call(null, 'GET', `/v1/sales/employee/${w.cashier.userId}/summary`)).statusCode).toBe(
      401,
    );
  });

  it("404 for another business's employee, 400 naming the field", async () => {
    expect((await w.call(w.owner, 'GET', `/v1/sales/employee/${w.other.userId}/summary`)).statusCode).toBe(
      404,
    );
    expect((await w.call(w.owner, 'GET', `/v1/sales/employee/${OTHER_UUID}/summary`)).statusCode).toBe(404);
    const bad = await w.call(w.owner, 'GET', `/v1/sales/employee/x/summary`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('employee');
    const date = await w.call(
      w.owner,
      'GET',
      `/v1/sales/employee/${w.cashier.userId}/summary?startdate=yesterday`,
    );
    expect(date.statusCode).toBe(400);
    expect(messageOf(date)).toContain('startdate');
  });
});

describe('GET /v1/sales/salesbycustomer/{b}?customerid', () => {
  it("gives the customer's count, totals net of refunds, last purchase and the list", async () => {
    const c = dataOf<CustomerSales>(
      await w.call(
        w.owner,
        'GET',
        `/v1/sales/salesbycustomer/${w.owner.businessId}?customerid=${w.customerId}`,
      ),
    );
    expect(c).toMatchObject({
      name: 'Ngozi Ade',
      sales_count: 1,
      total: 3000,
      refunds: 1000,
      net_total: 2000,
    });
    expect(c.last_purchase).toBe(saleA.created_at);
    expect(c.sales).toMatchObject([
      { id: saleA.id, receipt_number: saleA.receipt_number, total: 3000, refunded: 1000 },
    ]);
    const csv = await w.call(
      w.owner,
      'GET',
      `/v1/sales/salesbycustomer/${w.owner.businessId}?customerid=${w.customerId}&format=csv`,
    );
    expect(csv.body.split('\r\n')[0]).toBe('Receipt,Date,Status,Total,Refunded');
    expect(csv.body).toContain(`${saleA.receipt_number},`);
  });

  it('401, 403, 404 (another business, unknown customer), 400 naming the field', async () => {
    const url = `/v1/sales/salesbycustomer/${w.owner.businessId}?customerid=${w.customerId}`;
    expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url)).statusCode).toBe(403);
    expect(
      (
        await w.call(
          w.owner,
          'GET',
          `/v1/sales/salesbycustomer/${w.other.businessId}?customerid=${w.customerId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await w.call(
          w.owner,
          'GET',
          `/v1/sales/salesbycustomer/${w.owner.businessId}?customerid=${OTHER_UUID}`,
        )
      ).statusCode,
    ).toBe(404);
    const bad = await w.call(w.owner, 'GET', `/v1/sales/salesbycustomer/${w.owner.businessId}`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('customerid');
  });
});

describe('POST /v1/customers/reports/salesbycustomer/business/{b}', () => {
  const url = (b: string, q = '') => `/v1/customers/reports/salesbycustomer/business/${b}${q}`;

  it('gives each customer sales count, totals net of refunds and last purchase; CSV too', async () => {
    const r = dataOf<CustomerSalesReport>(
      await w.call(w.owner, 'POST', url(w.owner.businessId, `?startdate=${today}&enddate=${today}`)),
    );
    expect(r.rows).toMatchObject([
      {
        customer_id: w.customerId,
        name: 'Ngozi Ade',
        sales_count: 1,
        total: 3000,
        refunds: 1000,
        net_total: 2000,
      },
    ]);
    expect(r.rows[0]?.last_purchase).toBe(saleA.created_at);
    const lekki = dataOf<CustomerSalesReport>(
      await w.call(w.owner, 'POST', url(w.owner.businessId), { store_ids: [w.branch] }),
    );
    expect(lekki.rows).toEqual([]);
    const csv = await w.call(w.owner, 'POST', url(w.owner.businessId, '?format=csv'));
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Customer,Phone,Email,Number of sales,Total sales,Refunds,Net sales,Average sale,Last purchase',
    );
    expect(lines[1]).toBe(
      `Ngozi Ade,,ngozi@example.ng,1,3000.00,1000.00,2000.00,2000.00,${saleA.created_at}`,
    );
  });

  it('401, 403, 404, 400 naming the field', async () => {
    expect((await w.call(null, 'POST', url(w.owner.businessId))).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'POST', url(w.owner.businessId))).statusCode).toBe(403);
    expect((await w.call(w.owner, 'POST', url(w.other.businessId))).statusCode).toBe(404);
    const bad = await w.call(w.owner, 'POST', url(w.owner.businessId, '?startdate=2024-1-1'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('startdate');
  });
});

describe('Lagos days', () => {
  it('a sale at 23:30 UTC belongs to the next Lagos day', async () => {
    await t.db
      .updateTable('sales')
      .set({ created_at: new Date('2025-03-01T23:30:00Z') })
      .where('business_id', '=', w.owner.businessId)
      .where('id', '=', saleC.id)
      .execute();
    const on = (d: string) =>
      w.call(w.owner, 'POST', byProduct(w.owner.businessId, `?startdate=${d}&enddate=${d}`));
    expect(dataOf<ProductSalesReport>(await on('2025-03-01')).rows).toEqual([]);
    expect(dataOf<ProductSalesReport>(await on('2025-03-02')).rows.map((x) => x.name)).toEqual(['Delivery']);
    const days = dataOf<EmployeeSalesReport>(
      await w.call(
        w.owner,
        'GET',
        byEmployee(
          w.owner.businessId,
          `?startdate=2025-03-01&enddate=2025-03-31&employeeid=${w.owner.userId}`,
        ),
      ),
    );
    expect(days.days?.map((d) => d.date)).toEqual(['2025-03-02']);
  });
});
