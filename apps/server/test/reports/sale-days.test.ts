import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  GraphPoint,
  InventoryRevenue,
  ProductSalesReport,
  Sale,
  SalesRevenue,
  TransactionAnalyticsV2,
} from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { shiftDay } from '../../src/lib/business-time.js';
import { lagosToday } from '../../src/modules/dashboard/dashboard.service.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore } from '../catalogue/fixtures.js';
import { as, dataOf, type Owner } from '../inventory/inventory-helper.js';
import { keptRows as keptRowsOf, noon, sell as sellBy } from './sale-days-helpers.js';

/**
 * Days before yesterday are summed once and kept (migration 0031): the figures must stay what the
 * sales say when a kept day's sales change after it was summed, and never count a sale twice where a
 * range's kept days meet its recent ones.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let call: ReturnType<typeof as>;
let cashier: Awaited<ReturnType<typeof addCashier>>;
let branchId: string;
let riceId: string;
let otherRiceId: string;
const today = lagosToday();
const d1 = shiftDay(today, -1);
const d2 = shiftDay(today, -2); // the last kept day
const d5 = shiftDay(today, -5);
const d4 = shiftDay(today, -4);
const d6 = shiftDay(today, -6);

/** `quantity` rice (₦1,000, cost ₦500), made at `at` (an offline sale uploaded now) or now. */
const sell = (who: Owner, product: string, storeId: string, quantity: number, at?: string) =>
  sellBy(t, who, product, storeId, quantity, at);

const v2 = async (start: string, end: string, who: { token: string } = owner) =>
  dataOf<TransactionAnalyticsV2>(
    await call(
      who,
      'GET',
      `/v2/dashboard/gettransactionanalytics/${owner.businessId}?startdate=${start}&enddate=${end}`,
    ),
  );
const products = async (start: string, end: string) =>
  dataOf<ProductSalesReport>(
    await call(
      owner,
      'POST',
      `/v1/businesses/${owner.businessId}/reports/getsalesbyproduct?startdate=${start}&enddate=${end}`,
    ),
  );
const inventory = async (start: string, end: string) =>
  dataOf<InventoryRevenue>(
    await call(owner, 'GET', `/v1/dashboard/inventory/revenue/${owner.businessId}/${start}/${end}/all`),
  );
/** The kept sums of a day: [sales, their total in kobo] per store. */
const keptRows = (day: string) => keptRowsOf(t, owner.businessId, day);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  call = as(t, owner);
  branchId = await seedStore(t, owner.businessId, 'Lekki');
  cashier = await addCashier(t, owner);
  const stock = { [owner.storeId]: 100, [branchId]: 100 };
  riceId = (
    await seedProduct(t, owner.businessId, { name: 'Rice', sellingPrice: 100_000, costPrice: 50_000, stock })
  ).productId;
  otherRiceId = (
    await seedProduct(t, other.businessId, {
      name: 'Rice',
      sellingPrice: 100_000,
      costPrice: 50_000,
      stock: { [other.storeId]: 100 },
    })
  ).productId;
  // 1 rice 5 days ago, 2 the day before yesterday, 3 yesterday, 4 today; another business sells 7 on each.
  await sell(owner, riceId, owner.storeId, 1, noon(d5));
  await sell(owner, riceId, owner.storeId, 2, noon(d2));
  await sell(owner, riceId, owner.storeId, 3, noon(d1));
  await sell(owner, riceId, owner.storeId, 4);
  for (const day of [d5, d2, d1]) await sell(other, otherRiceId, other.storeId, 7, noon(day));
});
afterAll(async () => t.close());

describe('kept days', () => {
  it('count each sale once across kept and recent days, and only the business’s own', async () => {
    expect(await v2(d5, today)).toMatchObject({
      totalTransactions: 4,
      totalValue: 10_000,
      totalItemsSold: 10,
    });
    // The days before yesterday are kept now; yesterday and today are not.
    expect(await keptRows(d5)).toHaveLength(1);
    expect(await keptRows(d2)).toEqual([[1, 200_000]]);
    expect(await keptRows(d1)).toEqual([]);
    expect(await v2(d5, d2)).toMatchObject({ totalTransactions: 2, totalValue: 3_000 });
    expect(await v2(d1, today)).toMatchObject({ totalTransactions: 2, totalValue: 7_000 });
    expect((await products(d5, today)).rows).toMatchObject([
      { name: 'Rice', quantity_sold: 10, net_sales: 10_000, cost: 5_000 },
    ]);
    expect(await inventory(d5, today)).toMatchObject({ unitsSold: 10, costOfGoodsSold: 5_000 });
    const graph = dataOf<GraphPoint[]>(
      await call(owner, 'GET', `/v1/dashboard/getgraphnalytics/${owner.businessId}?number_of_days=7`),
    );
    expect(graph.map((p) => [p.date, p.totalSales, p.totalSalesValue])).toEqual([
      [shiftDay(today, -6), 0, 0],
      [d5, 1, 1_000],
      [d4, 0, 0],
      [shiftDay(today, -3), 0, 0],
      [d2, 1, 2_000],
      [d1, 1, 3_000],
      [today, 1, 4_000],
    ]);
    const revenue = dataOf<SalesRevenue>(
      await call(owner, 'GET', `/v1/dashboard/sales/revenue/${owner.businessId}/${d2}/${d2}/all`),
    );
    expect(revenue).toMatchObject({
      totalSales: 2_000,
      previous: { start: shiftDay(today, -3), totalSales: 0 },
    });
  });

  it('take in a sale made on a kept day and uploaded later', async () => {
    expect(await v2(d5, d5)).toMatchObject({ totalTransactions: 1, totalValue: 1_000 });
    await sell(owner, riceId, owner.storeId, 5, `${d5}T18:00:00+01:00`);
    expect(await v2(d5, d5)).toMatchObject({ totalTransactions: 2, totalValue: 6_000, totalItemsSold: 6 });
    expect((await products(d5, d5)).rows).toMatchObject([{ quantity_sold: 6, net_sales: 6_000 }]);
  });

  it('mark a kept day once however many of its sales arrive late', async () => {
    for (const hour of ['08', '09', '10'])
      await sell(owner, riceId, owner.storeId, 1, `${d6}T${hour}:00:00+01:00`);
    const marks = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sale_days_stale WHERE business_id = ${owner.businessId} AND day = ${d6}::date`.execute(
      t.db,
    );
    expect(Number(marks.rows[0]!.n)).toBe(1);
    expect(await v2(d6, d6)).toMatchObject({ totalTransactions: 3, totalValue: 3_000 });
  });

  it('take in a refund given today of a sale made on a kept day', async () => {
    const sale = await sell(owner, riceId, owner.storeId, 2, `${d5}T19:00:00+01:00`);
    expect((await products(d5, d5)).rows).toMatchObject([{ quantity_sold: 8, quantity_refunded: 0 }]);
    expect(await inventory(d5, d5)).toMatchObject({ unitsSold: 8, costOfGoodsSold: 4_000 });
    dataOf(
      await call(owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    // The by-product report counts it against the sale's day; the dashboard on the day it was given.
    expect((await products(d5, d5)).rows).toMatchObject([
      { quantity_sold: 8, quantity_refunded: 1, net_quantity: 7, refunds: 1_000, net_sales: 7_000 },
    ]);
    expect(await inventory(d5, d5)).toMatchObject({ unitsSold: 7, costOfGoodsSold: 3_500 });
    expect(await v2(d5, d5)).toMatchObject({ refunds: 0 });
    expect(await v2(today, today)).toMatchObject({ refunds: 1_000 });
  });

  it("give a cashier only their store's kept sums", async () => {
    await sell(owner, riceId, branchId, 9, noon(d4));
    expect(await v2(d4, d4)).toMatchObject({ totalTransactions: 1, totalValue: 9_000 });
    expect(await v2(d4, d4, cashier)).toMatchObject({ totalTransactions: 0, totalValue: 0 });
    expect(await v2(d5, d4, cashier)).toMatchObject({ totalTransactions: 3, totalValue: 8_000 });
  });

  it("add up in the sales history's totals as the sales say (payments by method too)", async () => {
    type Page = {
      total: number;
      totals: {
        count: number;
        total: number;
        amount_paid: number;
        refunded: number;
        by_method: { method: string; amount: number }[];
      };
    };
    const history = async (q: string) =>
      dataOf<Page>(
        await call(owner, 'GET', `/v2/business/${owner.businessId}/sales?from=${d5}&to=${today}${q}`),
      );
    const kept = await history('');
    // Any filter but days and store sums every day from the sales: both ways must agree (the owner made every sale).
    const summed = await history(`&user=${owner.userId}`);
    expect(kept.totals).toEqual(summed.totals);
    expect(kept.totals).toMatchObject({ count: 7, total: 26_000, amount_paid: 26_000, refunded: 1_000 });
    expect(kept.totals.by_method).toEqual([{ method: 'card', method_label: 'Card', amount: 26_000 }]);
    const main = await history(`&store=${owner.storeId}`);
    expect(main.totals).toMatchObject({ count: 6, total: 17_000 });
  });

  it('keep nothing for days before the first sale, however early a range starts', async () => {
    const all = await call(
      owner,
      'GET',
      `/v2/business/${owner.businessId}/sales?from=1900-01-01&to=${today}`,
    );
    expect(dataOf<{ totals: { count: number; total: number } }>(all).totals).toMatchObject({
      count: 10,
      total: 29_000,
    });
    const built = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sale_days_built WHERE business_id = ${owner.businessId}`.execute(t.db);
    expect(Number(built.rows[0]!.n)).toBeLessThanOrEqual(5);
  });

  it('move to their new days when the business changes its time zone', async () => {
    // 23:30 in Lagos on d5 is 02:30 on d4 in Dubai (UTC+4).
    await sell(owner, riceId, owner.storeId, 10, `${d5}T23:30:00+01:00`);
    expect(await v2(d5, d5)).toMatchObject({ totalTransactions: 4, totalValue: 18_000 });
    const zone = async (timezone: string) =>
      dataOf(await call(owner, 'PATCH', `/v1/businesses/${owner.businessId}`, { timezone }));
    await zone('Asia/Dubai');
    try {
      expect(await v2(d5, d5)).toMatchObject({ totalTransactions: 3, totalValue: 8_000 });
      expect(await v2(d4, d4)).toMatchObject({ totalTransactions: 2, totalValue: 19_000 });
    } finally {
      await zone('Africa/Lagos');
    }
    expect(await v2(d5, d5)).toMatchObject({ totalTransactions: 4, totalValue: 18_000 });
  });
  it('take in a payment made today on a sale of a kept day that was paid later', async () => {
    const totals = async () =>
      dataOf<{
        totals: { amount_paid: number; owed: number; by_method: { method: string; amount: number }[] };
      }>(await call(owner, 'GET', `/v2/business/${owner.businessId}/sales?from=${d5}&to=${d4}`)).totals;
    const sale = dataOf<Sale>(
      await call(owner, 'POST', `/v2/business/${owner.businessId}/sales`, {
        _id: newId(),
        store_id: owner.storeId,
        items: [{ _id: riceId, quantity: 3 }],
        payments: [],
        pay_later: true,
        offline_date: noon(d4),
        is_offline_data: true,
      }),
      201,
    );
    const before = await totals();
    expect(before.owed).toBe(3_000);
    dataOf(
      await call(owner, 'PATCH', `/v1/sales/${sale.id}/businesses/${owner.businessId}/payment/card`, {
        amount: 3_000,
      }),
    );
    const after = await totals();
    expect(after.amount_paid).toBe(before.amount_paid + 3_000);
    expect(after.owed).toBe(0);
    const card = (x: typeof before) => x.by_method.find((m) => m.method === 'card')?.amount ?? 0;
    expect(card(after)).toBe(card(before) + 3_000);
  });
});
