import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockCount, StockCountDetail, StockCountPage, StockLogPage } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore, stockOf, type SeededProduct } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf, messageOf, OTHER_UUID, type Owner } from './inventory-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let lekki: string;
let drinks: string;
let softDrinks: string;
let emptyCategory: string;
let fanta: SeededProduct;
let water: SeededProduct;
let bread: SeededProduct;
let shirt: SeededProduct;
let cashier: { token: string };
let lekkiManager: { token: string };
let otherCountId: string;
let call: ReturnType<typeof as>;

const url = (path = '/') => `/v1/businesses/${owner.businessId}/stocks/counts${path}`;

const addCategory = async (businessId: string, name: string, parentId: string | null = null) => {
  const id = newId();
  await t.db
    .insertInto('categories')
    .values({ business_id: businessId, id, name, parent_id: parentId })
    .execute();
  return id;
};

const start = async (body: Record<string, unknown>) =>
  dataOf<StockCountDetail>(await call(owner, 'POST', url(), body), 201);

const itemOf = (count: StockCountDetail, itemId: string) => count.items.find((i) => i.item_id === itemId)!;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  call = as(t, owner);
  lekki = await seedStore(t, owner.businessId, 'Lekki');
  drinks = await addCategory(owner.businessId, 'Drinks');
  softDrinks = await addCategory(owner.businessId, 'Soft drinks', drinks);
  emptyCategory = await addCategory(owner.businessId, 'Empty');
  const food = await addCategory(owner.businessId, 'Food');
  fanta = await seedProduct(t, owner.businessId, {
    name: 'Fanta',
    categoryId: softDrinks,
    stock: { [owner.storeId]: 24 },
  });
  water = await seedProduct(t, owner.businessId, {
    name: 'Water',
    categoryId: drinks,
    stock: { [owner.storeId]: 10 },
  });
  bread = await seedProduct(t, owner.businessId, {
    name: 'Bread',
    categoryId: food,
    stock: { [owner.storeId]: 6 },
  });
  shirt = await seedProduct(t, owner.businessId, {
    name: 'Shirt',
    varieties: ['S', 'M'],
    stock: { [lekki]: 2 },
  });
  cashier = await addCashier(t, owner);
  lekkiManager = await addEmployee(t, owner, { role: 'manager', storeIds: [lekki] });
  const otherProduct = await seedProduct(t, other.businessId, { stock: { [other.storeId]: 1 } });
  expect(otherProduct).toBeDefined();
  const res = await t.request({
    method: 'POST',
    url: `/v1/businesses/${other.businessId}/stocks/counts/`,
    token: other.token,
    device: other.device,
    body: { store_id: other.storeId, scope: 'store' },
  });
  otherCountId = dataOf<StockCountDetail>(res, 201).id;
});
afterAll(async () => t?.close());

describe('starting a count', () => {
  it('snapshots the expected quantity of every stock-tracked item in the store', async () => {
    const res = await call(owner, 'POST', url(), {
      store_id: owner.storeId,
      scope: 'store',
      note: 'Month end',
    });
    const count = dataOf<StockCountDetail>(res, 201);
    expect(messageOf(res)).toBe('Stock count SC-0001 started');
    expect(count).toMatchObject({
      count_number: 'SC-0001',
      status: 'in_progress',
      scope: 'store',
      store_name: 'Ikeja',
      note: 'Month end',
      items_count: 5,
      counted_count: 0,
      items_total: 5,
      created_by_name: 'Ada Obi',
    });
    expect(count.items.map((i) => [i.name, i.expected, i.counted, i.difference])).toEqual([
      ['Bread', 6, null, null],
      ['Fanta', 24, null, null],
      ['Shirt (S)', 0, null, null],
      ['Shirt (M)', 0, null, null],
      ['Water', 10, null, null],
    ]);
  });

  it('counts one category with its subcategories', async () => {
    const count = await start({ store_id: owner.storeId, scope: 'category', category_id: drinks });
    expect(count).toMatchObject({
      scope: 'category',
      category_id: drinks,
      category_name: 'Drinks',
      items_count: 2,
    });
    expect(count.items.map((i) => i.name)).toEqual(['Fanta', 'Water']);
    await call(owner, 'POST', url(`/${count.id}/cancel/`));
  });

  it('is 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ store_id: owner.storeId, scope: 'category' }, 'category_id'],
      [{ store_id: owner.storeId, scope: 'shelf' }, 'scope'],
      [{ scope: 'store' }, 'store_id'],
      [{ store_id: owner.storeId, scope: 'category', category_id: emptyCategory }, 'category_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'POST', url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });

  it('is 401, 403 and 404 when it should be', async () => {
    const body = { store_id: owner.storeId, scope: 'store' };
    expect((await call(null, 'POST', url(), body)).statusCode).toBe(401);
    expect((await call(cashier, 'POST', url(), body)).statusCode).toBe(403);
    const notAssigned = await call(lekkiManager, 'POST', url(), body);
    expect(notAssigned.statusCode).toBe(403);
    expect(messageOf(notAssigned)).toBe('You are not assigned to this store.');
    expect(
      (await call(owner, 'POST', `/v1/businesses/${other.businessId}/stocks/counts/`, body)).statusCode,
    ).toBe(404);
    expect((await call(owner, 'POST', url(), { ...body, store_id: other.storeId })).statusCode).toBe(404);
    const otherCategory = await addCategory(other.businessId, 'Theirs');
    const cat = await call(owner, 'POST', url(), { ...body, scope: 'category', category_id: otherCategory });
    expect(cat.statusCode).toBe(404);
    expect(messageOf(cat)).toBe('Category not found');
  });
});

describe('counting, submitting, accepting', () => {
  let count: StockCountDetail;

  it('saves counted quantities in parts and shows the differences', async () => {
    count = await start({ store_id: owner.storeId, scope: 'store' });
    const first = await call(owner, 'PUT', url(`/${count.id}/`), {
      items: [{ item_id: water.productId, counted: 7 }],
    });
    expect(dataOf<StockCount>(first)).toMatchObject({ counted_count: 1, difference_count: 1 });
    const second = await call(owner, 'PUT', url(`/${count.id}`), {
      items: [
        { item_id: fanta.productId, counted: 24 },
        { item_id: shirt.varietyIds[0], counted: 3 },
        { item_id: bread.productId, counted: 1 },
        { item_id: bread.productId, counted: null },
      ],
    });
    expect(dataOf<StockCount>(second)).toMatchObject({ counted_count: 3, difference_count: 2 });
    const detail = dataOf<StockCountDetail>(await call(owner, 'GET', url(`/${count.id}/`)));
    expect(itemOf(detail, water.productId)).toMatchObject({ expected: 10, counted: 7, difference: -3 });
    expect(itemOf(detail, bread.productId)).toMatchObject({ counted: null, difference: null });
    const diff = dataOf<StockCountDetail>(await call(owner, 'GET', url(`/${count.id}/?filter=difference`)));
    expect(diff.items.map((i) => i.name)).toEqual(['Shirt (S)', 'Water']);
    const uncounted = dataOf<StockCountDetail>(
      await call(owner, 'GET', url(`/${count.id}/?filter=uncounted`)),
    );
    expect(uncounted.items.map((i) => i.name)).toEqual(['Bread', 'Shirt (M)']);
    const search = dataOf<StockCountDetail>(
      await call(owner, 'GET', url(`/${count.id}/?search=fan&limit=1`)),
    );
    expect(search).toMatchObject({ items_total: 1, items: [expect.objectContaining({ name: 'Fanta' })] });
  });

  it('is 400 for an item that is not in the count or a bad quantity', async () => {
    const cases: [unknown, string][] = [
      [{ items: [{ item_id: OTHER_UUID, counted: 1 }] }, 'items.0.item_id'],
      [{ items: [{ item_id: water.productId, counted: -1 }] }, 'counted'],
      [{ items: [{ item_id: water.productId, counted: 2.5 }] }, 'counted'],
      [{ items: [] }, 'items'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'PUT', url(`/${count.id}/`), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
    const bad = await call(owner, 'GET', url(`/${count.id}/?filter=odd`));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('filter');
  });

  it('accepts against the CURRENT level: a sale during the count is not undone', async () => {
    const early = await call(owner, 'POST', url(`/${count.id}/accept/`));
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Submit this count before accepting it.');

    // Two waters leave the shelf while counting (10 → 8); the counter saw 7 after that.
    const removed = await call(owner, 'POST', `/v2/business/${owner.businessId}/stocks/adjustments`, {
      store_id: owner.storeId,
      type: 'remove',
      reason: 'damaged',
      items: [{ product_id: water.productId, quantity: 2 }],
    });
    expect(removed.statusCode).toBe(201);

    const submitted = dataOf<StockCount>(await call(owner, 'POST', url(`/${count.id}/submit/`)));
    expect(submitted.status).toBe('submitted');
    expect(submitted.submitted_at).not.toBeNull();
    const locked = await call(owner, 'PUT', url(`/${count.id}/`), {
      items: [{ item_id: water.productId, counted: 1 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(messageOf(locked)).toBe('This count was submitted, so its quantities can no longer be changed.');

    const notHers = await call(lekkiManager, 'POST', url(`/${count.id}/accept/`));
    expect(notHers.statusCode).toBe(403);

    const res = await call(owner, 'POST', url(`/${count.id}/accept/`));
    const accepted = dataOf<StockCount>(res);
    expect(messageOf(res)).toBe('Count accepted');
    expect(accepted).toMatchObject({ status: 'completed' });
    expect(accepted.accepted_at).not.toBeNull();
    expect(await stockOf(t, owner.businessId, owner.storeId, water.productId)).toBe(7);
    expect(await stockOf(t, owner.businessId, owner.storeId, fanta.productId)).toBe(24);
    expect(await stockOf(t, owner.businessId, owner.storeId, shirt.varietyIds[0]!)).toBe(3);
    // Uncounted items keep their level.
    expect(await stockOf(t, owner.businessId, owner.storeId, bread.productId)).toBe(6);

    const log = dataOf<StockLogPage>(
      await call(owner, 'GET', `/v2/business/${owner.businessId}/stocks/logs?kind=count`),
    );
    expect(log.items.map((i) => [i.name, i.quantity, i.balance_after, i.reference_number]).sort()).toEqual([
      ['Shirt (S)', 3, 3, accepted.count_number],
      ['Water', -1, 7, accepted.count_number],
    ]);
  });

  it('keeps a completed count read-only (409)', async () => {
    const message = 'This count is completed, so it can no longer be changed.';
    for (const [method, path, body] of [
      ['PUT', `/${count.id}/`, { items: [{ item_id: water.productId, counted: 1 }] }],
      ['POST', `/${count.id}/submit/`, undefined],
      ['POST', `/${count.id}/accept/`, undefined],
      ['POST', `/${count.id}/cancel/`, undefined],
    ] as const) {
      const res = await call(owner, method, url(path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(messageOf(res)).toBe(message);
    }
    expect(await stockOf(t, owner.businessId, owner.storeId, water.productId)).toBe(7);
  });

  it('cancels a count; a cancelled count is read-only and never changes stock', async () => {
    const c = await start({ store_id: owner.storeId, scope: 'store' });
    const empty = await call(owner, 'POST', url(`/${c.id}/submit/`));
    expect(empty.statusCode).toBe(409);
    expect(messageOf(empty)).toBe('Enter at least one counted quantity before submitting this count.');
    await call(owner, 'PUT', url(`/${c.id}/`), { items: [{ item_id: bread.productId, counted: 0 }] });
    const cancelled = dataOf<StockCount>(await call(owner, 'POST', url(`/${c.id}/cancel/`)));
    expect(cancelled.status).toBe('cancelled');
    for (const [method, path, body, message] of [
      [
        'PUT',
        `/${c.id}/`,
        { items: [{ item_id: bread.productId, counted: 1 }] },
        'This count was cancelled, so it can no longer be changed.',
      ],
      ['POST', `/${c.id}/submit/`, undefined, 'This count was cancelled, so it can no longer be changed.'],
      ['POST', `/${c.id}/accept/`, undefined, 'This count was cancelled, so it can no longer be changed.'],
      ['POST', `/${c.id}/cancel/`, undefined, 'This count was already cancelled.'],
    ] as const) {
      const res = await call(owner, method, url(path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(messageOf(res)).toBe(message);
    }
    expect(await stockOf(t, owner.businessId, owner.storeId, bread.productId)).toBe(6);
  });
});

describe('reading and access', () => {
  it('lists counts newest first with filters; a non-admin sees their stores only', async () => {
    const lekkiCount = dataOf<StockCountDetail>(
      await call(lekkiManager, 'POST', url(), { store_id: lekki, scope: 'store' }),
      201,
    );
    expect(lekkiCount.items.map((i) => [i.name, i.expected])).toEqual([
      ['Bread', 0],
      ['Fanta', 0],
      ['Shirt (S)', 2],
      ['Shirt (M)', 2],
      ['Water', 0],
    ]);
    const all = dataOf<StockCountPage>(await call(owner, 'GET', url()));
    expect(all.items.map((c) => c.count_number)).toEqual([
      'SC-0005',
      'SC-0004',
      'SC-0003',
      'SC-0002',
      'SC-0001',
    ]);
    expect(all.items[0]).toMatchObject({ store_name: 'Lekki', created_by_name: 'Chidi Eze', items_count: 5 });
    const completed = dataOf<StockCountPage>(await call(owner, 'GET', url('?status=completed')));
    expect(completed.items.map((c) => c.count_number)).toEqual(['SC-0003']);
    const ikejaOnly = dataOf<StockCountPage>(
      await call(owner, 'GET', url(`?store=${owner.storeId}&limit=2`)),
    );
    expect(ikejaOnly).toMatchObject({ total: 4, limit: 2 });
    expect(ikejaOnly.items).toHaveLength(2);
    const mine = dataOf<StockCountPage>(await call(lekkiManager, 'GET', url('')));
    expect(mine.items.map((c) => c.count_number)).toEqual(['SC-0005']);
    const bad = await call(owner, 'GET', url('?status=done'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('status');
  });

  it('is 401 without a token, 403 for a cashier or another store, 404 across businesses or for a bad id', async () => {
    const first = dataOf<StockCountPage>(await call(owner, 'GET', url('?store=' + owner.storeId))).items[0]!;
    const routes = (id: string) =>
      [
        ['GET', `/${id}/`, undefined],
        ['PUT', `/${id}/`, { items: [{ item_id: water.productId, counted: 1 }] }],
        ['POST', `/${id}/submit/`, undefined],
        ['POST', `/${id}/accept/`, undefined],
        ['POST', `/${id}/cancel/`, undefined],
      ] as const;
    for (const [method, path, body] of [
      ...routes(first.id),
      ['GET', '/', undefined],
      ['POST', '/', { store_id: owner.storeId, scope: 'store' }],
    ] as const) {
      expect((await call(null, method, url(path), body)).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(cashier, method, url(path), body)).statusCode, `${method} ${path}`).toBe(403);
    }
    for (const [method, path, body] of routes(first.id)) {
      const res = await call(lekkiManager, method, url(path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    for (const id of [otherCountId, 'not-a-count', OTHER_UUID])
      for (const [method, path, body] of routes(id)) {
        const res = await call(owner, method, url(path), body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(messageOf(res)).toBe('Stock count not found');
      }
    expect((await call(owner, 'GET', `/v1/businesses/${other.businessId}/stocks/counts/`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(owner, 'GET', `/v1/businesses/${other.businessId}/stocks/counts/${otherCountId}/`))
        .statusCode,
    ).toBe(404);
  });
});
