import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerAnalytics,
  GraphPoint,
  InventoryRevenue,
  Sale,
  SalesRevenue,
  TransactionAnalytics,
  TransactionAnalyticsV2,
} from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { shiftDay } from '../../src/lib/business-time.js';
import { lagosToday } from '../../src/modules/dashboard/dashboard.service.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf, messageOf, OTHER_UUID, type Owner } from '../inventory/inventory-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let call: ReturnType<typeof as>;
let cashier: Awaited<ReturnType<typeof addCashier>>;
let keeper: Awaited<ReturnType<typeof addEmployee>>;
let branchId: string;
let riceId: string;
let customerId: string;
const today = lagosToday();
const yesterday = shiftDay(today, -1);

const sell = async (storeId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  dataOf<Sale>(
    await call(owner, 'POST', `/v2/business/${owner.businessId}/sales`, {
      _id: newId(),
      store_id: storeId,
      items: [{ _id: riceId, quantity }],
      payments: [{ method: 'card', amount: quantity * 1000 }],
      ...extra,
    }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  call = as(t, owner);
  branchId = await seedStore(t, owner.businessId, 'Lekki');
  cashier = await addCashier(t, owner);
  const roleId = newId();
  await t.db
    .insertInto('roles')
    .values({
      business_id: owner.businessId,
      id: roleId,
      name: 'Stock keeper',
      permissions: ['inventory.adjust_stock'],
    })
    .execute();
  keeper = await addEmployee(t, owner, { roleId, firstName: 'Kunle' });
  // ₦1,000 rice that cost ₦600: 10 in the main store, 4 in Lekki.
  riceId = (
    await seedProduct(t, owner.businessId, {
      name: 'Rice',
      sellingPrice: 100_000,
      costPrice: 60_000,
      stock: { [owner.storeId]: 10, [branchId]: 4 },
    })
  ).productId;
  customerId = newId();
  await t.db
    .insertInto('customers')
    .values({ business_id: owner.businessId, id: customerId, first_name: 'Ngozi', last_name: 'Ade' })
    .execute();
  // Today: 3 rice to Ngozi in the main store, 1 to a walk-in in Lekki. Yesterday: 2 in the main store.
  await sell(owner.storeId, 3, { customer_id: customerId });
  await sell(branchId, 1);
  await sell(owner.storeId, 2, { offline_date: `${yesterday}T12:00:00+01:00`, is_offline_data: true });
});
afterAll(async () => t.close());

const url = {
  inventory: (b: string, s = today, e = today, store = 'all') =>
    `/v1/dashboard/inventory/revenue/${b}/${s}/${e}/${store}`,
  sales: (b: string, s = today, e = today, id = 'all') => `/v1/dashboard/sales/revenue/${b}/${s}/${e}/${id}`,
  customer: (b: string, s = today, e = today, id = 'all') => `/v1/dashboard/customer/${b}/${s}/${e}/${id}`,
  v1: (b: string) => `/v1/dashboard/gettransactionanalytics/${b}`,
  v2: (b: string, q = '') => `/v2/dashboard/gettransactionanalytics/${b}${q}`,
  graph: (b: string, q = '?number_of_days=7') => `/v1/dashboard/getgraphnalytics/${b}${q}`,
};

describe('GET /v1/dashboard/sales/revenue', () => {
  it("sums today's sales and compares with yesterday", async () => {
    const data = dataOf<SalesRevenue>(await call(owner, 'GET', url.sales(owner.businessId)));
    expect(data).toMatchObject({
      totalSales: 4000,
      numberOfSales: 2,
      itemsSold: 4,
      refunds: 0,
      net: 4000,
      averageSale: 2000,
    });
    expect(data.previous).toMatchObject({
      start: yesterday,
      end: yesterday,
      totalSales: 2000,
      numberOfSales: 1,
    });
  });

  it('covers one store, and counts refunds on the day they were given', async () => {
    const sale = await sell(owner.storeId, 1);
    dataOf(
      await call(owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    const main = dataOf<SalesRevenue>(
      await call(owner, 'GET', url.sales(owner.businessId, yesterday, today, owner.storeId)),
    );
    expect(main).toMatchObject({
      totalSales: 6000,
      numberOfSales: 3,
      itemsSold: 6,
      refunds: 1000,
      net: 5000,
      averageSale: 2000,
    });
    const lekki = dataOf<SalesRevenue>(
      await call(owner, 'GET', url.sales(owner.businessId, today, today, branchId)),
    );
    expect(lekki).toMatchObject({ totalSales: 1000, numberOfSales: 1, refunds: 0 });
  });

  it('gives a cashier only their store for "all", and 404 for a store that is not theirs', async () => {
    const mine = dataOf<SalesRevenue>(await call(cashier, 'GET', url.sales(owner.businessId)));
    expect(mine.numberOfSales).toBe(2); // the 3-rice sale and the refunded one; not Lekki's
    const res = await call(cashier, 'GET', url.sales(owner.businessId, today, today, branchId));
    expect(res.statusCode).toBe(404);
  });

  it('refuses without a token, another business, a role without home.total_sales_amount, a bad date', async () => {
    expect((await call(null, 'GET', url.sales(owner.businessId))).statusCode).toBe(401);
    expect((await call(owner, 'GET', url.sales(other.businessId))).statusCode).toBe(404);
    expect((await call(owner, 'GET', url.sales(owner.businessId, today, today, OTHER_UUID))).statusCode).toBe(
      404,
    );
    expect((await call(keeper, 'GET', url.sales(owner.businessId))).statusCode).toBe(403);
    const bad = await call(owner, 'GET', url.sales(owner.businessId, '2025-02-30'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('start');
    const reversed = await call(owner, 'GET', url.sales(owner.businessId, today, yesterday));
    expect(reversed.statusCode).toBe(400);
    expect(messageOf(reversed)).toContain('end');
    const id = await call(owner, 'GET', url.sales(owner.businessId, today, today, 'nope'));
    expect(id.statusCode).toBe(400);
    expect(messageOf(id)).toContain('id');
  });
});

describe('GET /v1/dashboard/inventory/revenue', () => {
  it('values stock now at cost and retail, and costs the units sold in the range', async () => {
    // Stock now: main 10 − 3 − 2 − 1 + 1 = 5, Lekki 4 − 1 = 3.
    const all = dataOf<InventoryRevenue>(
      await call(owner, 'GET', url.inventory(owner.businessId, yesterday, today)),
    );
    expect(all).toMatchObject({
      unitsInStock: 8,
      stockValueAtCost: 4800,
      stockValueAtRetail: 8000,
      unitsSold: 6,
      costOfGoodsSold: 3600,
    });
    const lekki = dataOf<InventoryRevenue>(
      await call(owner, 'GET', url.inventory(owner.businessId, today, today, branchId)),
    );
    expect(lekki).toMatchObject({
      unitsInStock: 3,
      stockValueAtCost: 1800,
      unitsSold: 1,
      costOfGoodsSold: 600,
    });
  });

  it('refuses without a token, another business, a cashier (no catalogue.view_inventory), a bad store', async () => {
    expect((await call(null, 'GET', url.inventory(owner.businessId))).statusCode).toBe(401);
    expect((await call(owner, 'GET', url.inventory(other.businessId))).statusCode).toBe(404);
    expect(
      (await call(owner, 'GET', url.inventory(owner.businessId, today, today, other.storeId))).statusCode,
    ).toBe(404);
    expect((await call(cashier, 'GET', url.inventory(owner.businessId))).statusCode).toBe(403);
    const bad = await call(owner, 'GET', url.inventory(owner.businessId, today, today, 'x'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('store');
  });
});

describe('GET /v1/dashboard/customer', () => {
  it('splits customers from walk-ins and lists the top customers', async () => {
    const data = dataOf<CustomerAnalytics>(await call(owner, 'GET', url.customer(owner.businessId)));
    expect(data).toMatchObject({
      customersWhoBought: 1,
      newCustomers: 1,
      revenueFromCustomers: 3000,
      revenueFromWalkIns: 2000,
    });
    expect(data.topCustomers).toEqual([
      { id: customerId, name: 'Ngozi Ade', totalSpent: 3000, numberOfSales: 1 },
    ]);
  });

  it('ranks the five best customers of seven, and counts every buyer and the walk-ins', async () => {
    const shop = await signUp(t, {}, 'test-device-3');
    const callShop = as(t, shop);
    const beansId = (
      await seedProduct(t, shop.businessId, {
        name: 'Beans',
        sellingPrice: 50_000,
        stock: { [shop.storeId]: 100 },
      })
    ).productId;
    const buy = async (quantity: number, customer_id?: string) =>
      dataOf<Sale>(
        await callShop(shop, 'POST', `/v2/business/${shop.businessId}/sales`, {
          _id: newId(),
          store_id: shop.storeId,
          items: [{ _id: beansId, quantity }],
          payments: [{ method: 'card', amount: quantity * 500 }],
          ...(customer_id ? { customer_id } : {}),
        }),
        201,
      );
    // Seven customers spend 1..7 beans (Ada 1 ... Gbenga 7); Gbenga buys twice; two walk-ins buy 3.
    const names = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funmi', 'Gbenga'];
    const ids: string[] = [];
    for (const [i, first_name] of names.entries()) {
      const id = newId();
      ids.push(id);
      await t.db.insertInto('customers').values({ business_id: shop.businessId, id, first_name }).execute();
      await buy(i + 1, id);
    }
    await buy(2, ids[6]);
    await buy(1);
    await buy(2);
    const data = dataOf<CustomerAnalytics>(await callShop(shop, 'GET', url.customer(shop.businessId)));
    expect(data).toMatchObject({
      customersWhoBought: 7,
      newCustomers: 7,
      revenueFromCustomers: (28 + 2) * 500,
      revenueFromWalkIns: 3 * 500,
    });
    expect(data.topCustomers).toEqual([
      { id: ids[6], name: 'Gbenga', totalSpent: 4500, numberOfSales: 2 },
      { id: ids[5], name: 'Funmi', totalSpent: 3000, numberOfSales: 1 },
      { id: ids[4], name: 'Emeka', totalSpent: 2500, numberOfSales: 1 },
      { id: ids[3], name: 'Dayo', totalSpent: 2000, numberOfSales: 1 },
      { id: ids[2], name: 'Chidi', totalSpent: 1500, numberOfSales: 1 },
    ]);
    // Nobody bought in a range: zeros and no one on top.
    const quiet = dataOf<CustomerAnalytics>(
      await callShop(shop, 'GET', url.customer(shop.businessId, '2020-01-01', '2020-01-31')),
    );
    expect(quiet).toMatchObject({
      customersWhoBought: 0,
      revenueFromCustomers: 0,
      revenueFromWalkIns: 0,
      topCustomers: [],
    });
  });

  it('refuses without a token, another business, a role without customers.view, a bad date', async () => {
    expect((await call(null, 'GET', url.customer(owner.businessId))).statusCode).toBe(401);
    expect((await call(owner, 'GET', url.customer(other.businessId))).statusCode).toBe(404);
    expect((await call(keeper, 'GET', url.customer(owner.businessId))).statusCode).toBe(403);
    const bad = await call(owner, 'GET', url.customer(owner.businessId, today, '2025-1-1'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('end');
  });
});

describe('GET /v1 and /v2 /dashboard/gettransactionanalytics', () => {
  it('v1 gives today, this week and this month', async () => {
    const data = dataOf<TransactionAnalytics>(await call(owner, 'GET', url.v1(owner.businessId)));
    expect(data.today).toEqual({ totalValue: 5000, totalTransactions: 3 });
    expect(data.thisMonth.totalTransactions).toBeGreaterThanOrEqual(3);
    expect(data.thisWeek.totalTransactions).toBeGreaterThanOrEqual(3);
  });

  it('v2 filters by dates and stores (comma list or repeated)', async () => {
    const all = dataOf<TransactionAnalyticsV2>(
      await call(owner, 'GET', url.v2(owner.businessId, `?startdate=${yesterday}&enddate=${today}`)),
    );
    expect(all).toMatchObject({ totalValue: 7000, totalTransactions: 4, totalItemsSold: 7, refunds: 1000 });
    const both = dataOf<TransactionAnalyticsV2>(
      await call(owner, 'GET', url.v2(owner.businessId, `?storeIds=${owner.storeId},${branchId}`)),
    );
    expect(both).toMatchObject({ startdate: today, enddate: today, totalValue: 5000, totalTransactions: 3 });
    const lekki = dataOf<TransactionAnalyticsV2>(
      await call(owner, 'GET', url.v2(owner.businessId, `?storeIds=${branchId}&storeIds=${branchId}`)),
    );
    expect(lekki).toMatchObject({ totalValue: 1000, totalTransactions: 1 });
  });

  it('refuses without a token, another business, a role without the permission, bad parameters', async () => {
    expect((await call(null, 'GET', url.v1(owner.businessId))).statusCode).toBe(401);
    expect((await call(null, 'GET', url.v2(owner.businessId))).statusCode).toBe(401);
    expect((await call(owner, 'GET', url.v1(other.businessId))).statusCode).toBe(404);
    expect((await call(owner, 'GET', url.v2(other.businessId))).statusCode).toBe(404);
    expect(
      (await call(owner, 'GET', url.v2(owner.businessId, `?storeIds=${other.storeId}`))).statusCode,
    ).toBe(404);
    expect((await call(keeper, 'GET', url.v1(owner.businessId))).statusCode).toBe(403);
    expect((await call(keeper, 'GET', url.v2(owner.businessId))).statusCode).toBe(403);
    for (const [q, field] of [
      ['?startdate=yesterday', 'startdate'],
      [`?startdate=${today}&enddate=${yesterday}`, 'enddate'],
      ['?storeIds=abc', 'storeIds'],
      ['?salesAgentCodes=a%20b', 'salesAgentCodes'],
    ] as const) {
      const res = await call(owner, 'GET', url.v2(owner.businessId, q));
      expect(res.statusCode, q).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });
});

describe('GET /v1/dashboard/getgraphnalytics', () => {
  it('gives one point per Lagos day, zeros for days without sales', async () => {
    const points = dataOf<GraphPoint[]>(await call(owner, 'GET', url.graph(owner.businessId)));
    expect(points.map((p) => p.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((d) => shiftDay(today, -d)));
    expect(points[6]).toEqual({
      date: today,
      totalSales: 3,
      totalSalesValue: 5000,
      totalTransactions: 4,
      totalValue: 4000,
    });
    expect(points[5]).toEqual({
      date: yesterday,
      totalSales: 1,
      totalSalesValue: 2000,
      totalTransactions: 1,
      totalValue: 2000,
    });
    expect(points[0]).toEqual({
      date: shiftDay(today, -6),
      totalSales: 0,
      totalSalesValue: 0,
      totalTransactions: 0,
      totalValue: 0,
    });
    const three = dataOf<GraphPoint[]>(
      await call(owner, 'GET', url.graph(owner.businessId, '?number_of_days=3')),
    );
    expect(three).toHaveLength(3);
  });

  it('refuses without a token, another business, a role without the permission, a bad number_of_days', async () => {
    expect((await call(null, 'GET', url.graph(owner.businessId))).statusCode).toBe(401);
    expect((await call(owner, 'GET', url.graph(other.businessId))).statusCode).toBe(404);
    expect((await call(keeper, 'GET', url.graph(owner.businessId))).statusCode).toBe(403);
    const bad = await call(owner, 'GET', url.graph(owner.businessId, '?number_of_days=0'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('number_of_days');
  });
});

describe('getting started', () => {
  it('ticks the first sale once one exists', async () => {
    const data = dataOf<{ firstSale: { status: boolean } }>(
      await call(owner, 'GET', `/v1/dashboard/gettingstarted/${owner.businessId}`),
    );
    expect(data.firstSale.status).toBe(true);
  });
});
