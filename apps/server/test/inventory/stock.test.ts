import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentResult, StockLogPage, StockSummary } from '@ms/contracts';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore, stockOf, type SeededProduct } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf, messageOf, OTHER_UUID, type Owner } from './inventory-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let store2: string;
let rice: SeededProduct;
let shirt: SeededProduct;
let otherProduct: SeededProduct;
let cashier: { token: string };
let manager2: { token: string };
let call: ReturnType<typeof as>;

const adjustUrl = () => `/v2/business/${owner.businessId}/stocks/adjustments`;
const logUrl = (q = '') => `/v2/business/${owner.businessId}/stocks/logs${q}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  store2 = await seedStore(t, owner.businessId, 'Lekki');
  rice = await seedProduct(t, owner.businessId, { name: 'Rice 5kg', stock: { [owner.storeId]: 10 } });
  shirt = await seedProduct(t, owner.businessId, {
    name: 'Shirt',
    varieties: ['S', 'M'],
    stock: { [owner.storeId]: 5, [store2]: 3 },
  });
  otherProduct = await seedProduct(t, other.businessId, { name: 'Not yours', stock: { [other.storeId]: 4 } });
  cashier = await addCashier(t, owner);
  manager2 = await addEmployee(t, owner, { role: 'manager', storeIds: [store2] });
  call = as(t, owner);
});
afterAll(async () => t?.close());

describe('POST /v2/business/:b/stocks/adjustments', () => {
  it('adds stock with a reason and answers with the movements written', async () => {
    const res = await call(owner, 'POST', adjustUrl(), {
      store_id: owner.storeId,
      type: 'add',
      reason: 'received',
      note: 'Delivery from Dangote',
      items: [{ product_id: rice.productId, quantity: 5 }],
    });
    const data = dataOf<AdjustmentResult>(res, 201);
    expect(messageOf(res)).toBe('Stock added successfully');
    expect(data.items).toEqual([
      expect.objectContaining({
        name: 'Rice 5kg',
        kind: 'adjustment_add',
        reason: 'received',
        note: 'Delivery from Dangote',
        quantity: 5,
        balance_after: 15,
        store_name: 'Ikeja',
        user_name: 'Ada Obi',
      }),
    ]);
    expect(await stockOf(t, owner.businessId, owner.storeId, rice.productId)).toBe(15);
  });

  it('removes stock of a variety', async () => {
    const res = await call(owner, 'POST', adjustUrl(), {
      store_id: owner.storeId,
      type: 'remove',
      reason: 'damaged',
      items: [{ product_id: shirt.productId, variety_id: shirt.varietyIds[0], quantity: 2 }],
    });
    const data = dataOf<AdjustmentResult>(res, 201);
    expect(data.items[0]).toMatchObject({
      name: 'Shirt (S)',
      quantity: -2,
      balance_after: 3,
      reason: 'damaged',
    });
    expect(await stockOf(t, owner.businessId, owner.storeId, shirt.varietyIds[0]!)).toBe(3);
  });

  it('refuses to remove more than the store holds, naming the item, and changes nothing', async () => {
    const res = await call(owner, 'POST', adjustUrl(), {
      store_id: owner.storeId,
      type: 'remove',
      reason: 'lost',
      items: [
        { product_id: rice.productId, quantity: 1 },
        { product_id: shirt.productId, variety_id: shirt.varietyIds[1], quantity: 99 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('Not enough stock: only 5 of Shirt (M) left in that store.');
    expect(await stockOf(t, owner.businessId, owner.storeId, rice.productId)).toBe(15);
    expect(await stockOf(t, owner.businessId, owner.storeId, shirt.varietyIds[1]!)).toBe(5);
  });

  it('needs a token (401), the adjust permission (403) and the store assignment (403)', async () => {
    const body = {
      store_id: owner.storeId,
      type: 'add',
      reason: 'received',
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    expect((await call(null, 'POST', adjustUrl(), body)).statusCode).toBe(401);
    expect((await call(cashier, 'POST', adjustUrl(), body)).statusCode).toBe(403);
    const notAssigned = await call(manager2, 'POST', adjustUrl(), body);
    expect(notAssigned.statusCode).toBe(403);
    expect(messageOf(notAssigned)).toBe('You are not assigned to this store.');
    const assigned = await call(manager2, 'POST', adjustUrl(), {
      ...body,
      store_id: store2,
      items: [{ product_id: shirt.productId, variety_id: shirt.varietyIds[0], quantity: 1 }],
    });
    expect(assigned.statusCode).toBe(201);
  });

  it("is 404 for another business's path, product or an unknown store", async () => {
    const body = {
      store_id: owner.storeId,
      type: 'add',
      reason: 'received',
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    const path = await call(owner, 'POST', `/v2/business/${other.businessId}/stocks/adjustments`, body);
    expect(path.statusCode).toBe(404);
    const product = await call(owner, 'POST', adjustUrl(), {
      ...body,
      items: [{ product_id: otherProduct.productId, quantity: 1 }],
    });
    expect(product.statusCode).toBe(404);
    expect(messageOf(product)).toBe('Product not found');
    const store = await call(owner, 'POST', adjustUrl(), { ...body, store_id: other.storeId });
    expect(store.statusCode).toBe(404);
    expect(messageOf(store)).toBe('Store not found');
  });

  it('is 400 naming the field', async () => {
    const base = {
      store_id: owner.storeId,
      type: 'add',
      reason: 'received',
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    const cases: [unknown, string][] = [
      [{ ...base, store_id: undefined }, 'store_id'],
      [{ ...base, store_id: 'nope' }, 'store_id'],
      [{ ...base, type: 'set' }, 'type'],
      [{ ...base, reason: 'damaged' }, 'reason'],
      [{ ...base, reason: 'other' }, 'note'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, items: [{ product_id: rice.productId, quantity: 0 }] }, 'quantity'],
      [{ ...base, items: [{ product_id: rice.productId, quantity: 1.5 }] }, 'quantity'],
      [{ ...base, items: [{ product_id: shirt.productId, quantity: 1 }] }, 'variety_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'POST', adjustUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });
});

describe('GET /v2/business/:b/stocks/logs', () => {
  it('lists movements newest first with names, and filters them', async () => {
    const all = dataOf<StockLogPage>(await call(owner, 'GET', logUrl()));
    expect(all.total).toBeGreaterThanOrEqual(6);
    const times = all.items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.items[0]).toMatchObject({
      store_name: 'Lekki',
      kind: 'adjustment_add',
      user_name: 'Chidi Eze',
    });

    const adjustments = dataOf<StockLogPage>(
      await call(owner, 'GET', logUrl('?kind=adjustment_add&kind=adjustment_remove')),
    );
    expect(adjustments.items.map((i) => i.kind).sort()).toEqual([
      'adjustment_add',
      'adjustment_add',
      'adjustment_remove',
    ]);

    const damaged = dataOf<StockLogPage>(await call(owner, 'GET', logUrl('?reason=damaged')));
    expect(damaged.items).toHaveLength(1);
    expect(damaged.items[0]).toMatchObject({ name: 'Shirt (S)', quantity: -2 });

    const riceOnly = dataOf<StockLogPage>(await call(owner, 'GET', logUrl(`?product=${rice.productId}`)));
    expect(riceOnly.items.map((i) => [i.kind, i.quantity])).toEqual([
      ['adjustment_add', 5],
      ['initial', 10],
    ]);

    const paged = dataOf<StockLogPage>(
      await call(owner, 'GET', logUrl(`?store=${owner.storeId}&limit=2&page=2`)),
    );
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBe(5);

    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect(dataOf<StockLogPage>(await call(owner, 'GET', logUrl(`?from=${today}&to=${today}`))).total).toBe(
      all.total,
    );
    expect(dataOf<StockLogPage>(await call(owner, 'GET', logUrl(`?to=${yesterday}`))).total).toBe(0);
  });

  it('shows a non-admin only the stores they are assigned to', async () => {
    const page = dataOf<StockLogPage>(await call(manager2, 'GET', logUrl()));
    expect(page.items.length).toBeGreaterThan(0);
    expect(new Set(page.items.map((i) => i.store_id))).toEqual(new Set([store2]));
  });

  it('is 401, 403, 404 and 400 when it should be', async () => {
    expect((await call(null, 'GET', logUrl())).statusCode).toBe(401);
    expect((await call(cashier, 'GET', logUrl())).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/v2/business/${other.businessId}/stocks/logs`)).statusCode).toBe(404);
    for (const [q, field] of [
      ['?kind=sold', 'kind'],
      ['?from=yesterday', 'from'],
      ['?store=abc', 'store'],
      ['?limit=1000', 'limit'],
    ]) {
      const res = await call(owner, 'GET', logUrl(q));
      expect(res.statusCode, q).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });
});

describe('GET /v2/business/:b/stocks/summary', () => {
  it('adds up value at cost and at selling price, low and out of stock, per store', async () => {
    const shop = await signUp(t, {}, 'test-device-3');
    const lekki = await seedStore(t, shop.businessId, 'Lekki');
    const c = as(t, shop);
    // 4 + 2 bags at ₦500.50 cost / ₦1,000 price, low at 10
    await seedProduct(t, shop.businessId, {
      name: 'Beans',
      costPrice: 50_050,
      sellingPrice: 100_000,
      lowStockThreshold: 10,
      stock: { [shop.storeId]: 4, [lekki]: 2 },
    });
    // Varieties at ₦0 cost / ₦1,000: S has 3 in Ikeja, M none anywhere
    const cap = await seedProduct(t, shop.businessId, {
      name: 'Cap',
      costPrice: 0,
      varieties: ['S', 'M'],
      stock: { [shop.storeId]: 3 },
    });
    const removed = await c(shop, 'POST', `/v2/business/${shop.businessId}/stocks/adjustments`, {
      store_id: shop.storeId,
      type: 'remove',
      reason: 'correction',
      items: [{ product_id: cap.productId, variety_id: cap.varietyIds[1], quantity: 3 }],
    });
    expect(removed.statusCode).toBe(201);
    // Not tracked: never counted
    const service = await seedProduct(t, shop.businessId, { name: 'Delivery', stock: {} });
    await t.db
      .updateTable('products')
      .set({ track_stock: false })
      .where('id', '=', service.productId)
      .execute();

    const url = `/v2/business/${shop.businessId}/stocks/summary`;
    const all = dataOf<StockSummary>(await c(shop, 'GET', url));
    expect(all).toMatchObject({
      store_id: null,
      stock_value_cost: 3003, // 6 × 500.50
      stock_value_retail: 9000, // 6 × 1000 + 3 × 1000
      products_in_stock: 2,
      items_in_stock: 2,
      units_in_stock: 9,
      tracked_items: 3,
      low_stock_count: 1,
      out_of_stock_count: 1,
      low_stock: [{ name: 'Beans', quantity: 6, low_stock_threshold: 10, variety_id: null }],
      out_of_stock: [
        { name: 'Cap (M)', quantity: 0, product_id: cap.productId, variety_id: cap.varietyIds[1] },
      ],
    });
    expect(all.stores).toEqual([
      {
        store_id: shop.storeId,
        store_name: 'Ikeja',
        stock_value_cost: 2002,
        stock_value_retail: 7000,
        items_in_stock: 2,
        units_in_stock: 7,
      },
      {
        store_id: lekki,
        store_name: 'Lekki',
        stock_value_cost: 1001,
        stock_value_retail: 2000,
        items_in_stock: 1,
        units_in_stock: 2,
      },
    ]);

    const one = dataOf<StockSummary>(await c(shop, 'GET', `${url}?store=${lekki}`));
    expect(one).toMatchObject({
      store_id: lekki,
      stock_value_retail: 2000,
      items_in_stock: 1,
      out_of_stock_count: 2,
      low_stock_count: 1,
    });
    expect(one.stores.map((s) => s.store_id)).toEqual([lekki]);
  });

  it('is 401, 403, 404 and 400 when it should be', async () => {
    const url = `/v2/business/${owner.businessId}/stocks/summary`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(cashier, 'GET', url)).statusCode).toBe(403);
    expect((await call(manager2, 'GET', `${url}?store=${owner.storeId}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/v2/business/${other.businessId}/stocks/summary`)).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'GET', `${url}?store=${OTHER_UUID}`)).statusCode).toBe(404);
    const bad = await call(owner, 'GET', `${url}?store=12`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('store');
    const mine = dataOf<StockSummary>(await call(manager2, 'GET', url));
    expect(mine.stores.map((s) => s.store_id)).toEqual([store2]);
  });
});
