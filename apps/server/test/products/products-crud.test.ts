import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '@ms/contracts';
import { moveStock } from '../../src/modules/inventory/index.js';
import { seedProduct, seedStore, stockOf } from '../catalogue/fixtures.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';
import {
  call,
  createOk,
  getOk,
  movementsOf,
  seedCategory,
  seedModifierSet,
  seedTag,
  uniqueName,
  v1,
  v2,
  type Owner,
} from './products-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let cashier: { token: string };
let store2: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cashier = await addCashier(t, owner);
  store2 = await seedStore(t, owner.businessId, 'Lekki');
});
afterAll(async () => t.close());

const STALE = 'This product was changed on another device. Reload it to see the changes, then save again.';

describe('POST /v2/business/{b}/products/', () => {
  it('creates a simple product with opening stock per store, prices in naira', async () => {
    const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
      name: 'Peak Milk 400g',
      sku: 'PK-400',
      barcode: '6150000000017',
      selling_price: 1500.5,
      cost_price: 1200,
      low_stock_threshold: 3,
      store_stock: [{ store_id: owner.storeId, stock: 12 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Product created');
    const p = product.parse(res.json().data);
    expect(p).toMatchObject({
      name: 'Peak Milk 400g',
      product_type: 'simple',
      variation: false,
      selling_price: 1500.5,
      cost_price: 1200,
      track_stock: true,
      stock: 12,
      varieties: [],
      tags: [],
      modifiers: [],
    });
    expect(p._id).toBe(p.id);
    // Every live store is listed, 0 where there is none.
    expect(p.store_stock).toEqual([
      { store_id: owner.storeId, stock: 12 },
      { store_id: store2, stock: 0 },
    ]);
    const row = await t.db
      .selectFrom('products')
      .select(['selling_price', 'cost_price'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selling_price: 150050, cost_price: 120000 });
    expect(await movementsOf(t, owner.businessId, owner.storeId, p.id)).toEqual([
      { quantity: 12, reason: 'initial', balance_after: 12, note: null },
    ]);
  });

  it('also answers without the trailing slash, and on the v1 path', async () => {
    const res = await call(t, owner, 'POST', v2(owner.businessId), { name: uniqueName(), selling_price: 10 });
    expect(res.statusCode).toBe(201);
    const res1 = await call(t, owner, 'POST', v1(owner.businessId), {
      name: uniqueName(),
      selling_price: 10,
    });
    expect(res1.statusCode).toBe(201);
    expect(product.parse(res1.json().data).product_type).toBe('simple');
  });

  it('creates a variable product whose varieties carry opening stock per store', async () => {
    const p = await createOk(t, owner, {
      name: 'Ankara Shirt',
      selling_price: 5000,
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Red'] },
      ],
      varieties: [
        {
          option_values: { Size: 'M', Colour: 'Red' },
          sku: 'ANK-M',
          selling_price: 5000,
          store_stock: [
            { store_id: owner.storeId, stock: 4 },
            { store_id: store2, stock: 6 },
          ],
        },
        {
          name: 'Large red',
          option_values: { Size: 'L', Colour: 'Red' },
          barcode: '999001',
          selling_price: 5500,
        },
      ],
    });
    expect(p.product_type).toBe('variable');
    expect(p.variation).toBe(true);
    expect(p.varieties.map((v) => [v.name, v.stock, v.selling_price])).toEqual([
      ['M / Red', 10, 5000],
      ['Large red', 0, 5500],
    ]);
    expect(p.varieties[0]?.store_stock).toEqual([
      { store_id: owner.storeId, stock: 4 },
      { store_id: store2, stock: 6 },
    ]);
    expect(p.stock).toBe(10);
    expect(p.store_stock).toEqual([
      { store_id: owner.storeId, stock: 4 },
      { store_id: store2, stock: 6 },
    ]);
    const m = p.varieties[0]?._id ?? '';
    expect(await stockOf(t, owner.businessId, store2, m)).toBe(6);
    expect((await movementsOf(t, owner.businessId, store2, m)).map((x) => x.reason)).toEqual(['initial']);
  });

  it('shows tags as {_id, tagName}, modifier sets as ids, and takes the category from a subcategory', async () => {
    const drinks = await seedCategory(t, owner.businessId, uniqueName('Drinks'));
    const soft = await seedCategory(t, owner.businessId, uniqueName('Soft'), drinks);
    const tag = await seedTag(t, owner.businessId, 'Promo');
    const set = await seedModifierSet(t, owner.businessId, 'Extras');
    const p = await createOk(t, owner, {
      name: uniqueName('Coke'),
      selling_price: 300,
      subcategory_id: soft,
      tags: [tag],
      modifiers: [set],
    });
    expect(p.category_id).toBe(drinks);
    expect(p.subcategory_id).toBe(soft);
    expect(p.tags).toEqual([{ _id: tag, tagName: 'Promo' }]);
    expect(p.modifiers).toEqual([set]);

    const other2 = await seedCategory(t, owner.businessId, uniqueName('Food'));
    const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
      name: uniqueName(),
      selling_price: 1,
      category_id: other2,
      subcategory_id: soft,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('subcategory_id');
  });

  it('makes a service only when asked, without stock', async () => {
    const p = await createOk(t, owner, {
      name: uniqueName('Delivery'),
      selling_price: 1000,
      product_type: 'service',
    });
    expect(p).toMatchObject({ product_type: 'service', track_stock: false, stock: 0 });
    const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
      name: uniqueName('Delivery'),
      selling_price: 1000,
      product_type: 'service',
      store_stock: [{ store_id: owner.storeId, stock: 2 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('store_stock');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ selling_price: 10 }, 'name'],
      [{ name: 'X', selling_price: -5 }, 'selling_price cannot be negative'],
      [{ name: 'X', selling_price: 10.123 }, 'selling_price must have at most 2 decimals'],
      [{ name: 'X' }, 'selling_price'],
      [{ name: 'X', selling_price: 1, category_id: 'nope' }, 'category_id'],
      [{ name: 'X', selling_price: 1, product_type: 'variable' }, 'varieties'],
      [
        {
          name: 'X',
          selling_price: 1,
          options: [{ name: 'Size', values: ['S'] }],
          varieties: [{ option_values: { Colour: 'Red' }, selling_price: 1 }],
        },
        'varieties[0].option_values: "Colour" is not one of the product\'s options',
      ],
      [
        {
          name: 'X',
          selling_price: 1,
          options: [{ name: 'Size', values: ['S'] }],
          varieties: [
            { option_values: { Size: 'S' }, selling_price: 1 },
            { option_values: { Size: 'S' }, selling_price: 1 },
          ],
        },
        'varieties[1]',
      ],
      [{ name: 'X', selling_price: 1, store_stock: [{ store_id: owner.storeId, stock: 1.5 }] }, 'stock'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(false);
      expect(res.json().message).toContain(message);
    }
  });

  it('names what is missing (404) when a tag, category, modifier set or store is not this business', async () => {
    const theirTag = await seedTag(t, other.businessId, 'Theirs');
    const theirCat = await seedCategory(t, other.businessId, uniqueName('Theirs'));
    const theirSet = await seedModifierSet(t, other.businessId, 'Theirs');
    const cases: [Record<string, unknown>, string][] = [
      [{ tags: [theirTag] }, 'Tag not found'],
      [{ category_id: theirCat }, 'Category not found'],
      [{ modifiers: [theirSet] }, 'Modifier set not found'],
      [{ store_stock: [{ store_id: other.storeId, stock: 1 }] }, 'Store not found'],
    ];
    for (const [extra, message] of cases) {
      const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
        name: uniqueName(),
        selling_price: 1,
        ...extra,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a SKU already used by a live product or variety (409), case-insensitively', async () => {
    const first = await createOk(t, owner, {
      name: 'Golden Penny Semovita',
      sku: 'GP-SEM-1',
      selling_price: 900,
    });
    const res = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
      name: uniqueName(),
      sku: 'gp-sem-1',
      selling_price: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SKU "gp-sem-1" is already used by Golden Penny Semovita.');
    const viaVariety = await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
      name: uniqueName(),
      selling_price: 1,
      options: [{ name: 'Size', values: ['S'] }],
      varieties: [{ option_values: { Size: 'S' }, sku: 'ANK-M', selling_price: 1 }],
    });
    expect(viaVariety.statusCode).toBe(409);
    expect(viaVariety.json().message).toContain('is already used by Ankara Shirt (M / Red)');
    // Another business may use the same SKU; a deleted product frees it.
    expect(
      (
        await call(t, other, 'POST', `${v2(other.businessId)}/`, {
          name: 'X',
          sku: 'GP-SEM-1',
          selling_price: 1,
        })
      ).statusCode,
    ).toBe(201);
    expect((await call(t, owner, 'DELETE', `${v2(owner.businessId)}/${first.id}`)).statusCode).toBe(200);
    expect(
      (
        await call(t, owner, 'POST', `${v2(owner.businessId)}/`, {
          name: 'Y',
          sku: 'GP-SEM-1',
          selling_price: 1,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('needs a token (401) and the create permission (403 for a cashier)', async () => {
    const body = { name: uniqueName(), selling_price: 1 };
    expect((await call(t, undefined, 'POST', `${v2(owner.businessId)}/`, body)).statusCode).toBe(401);
    const res = await call(t, cashier, 'POST', `${v2(owner.businessId)}/`, body);
    expect(res.statusCode).toBe(403);
    expect((await call(t, cashier, 'POST', v1(owner.businessId), body)).statusCode).toBe(403);
    // A manager has it.
    const manager = await addEmployee(t, owner, { role: 'manager' });
    expect((await call(t, manager, 'POST', `${v2(owner.businessId)}/`, body)).statusCode).toBe(201);
    // Another business's path is 404.
    expect((await call(t, owner, 'POST', `${v2(other.businessId)}/`, body)).statusCode).toBe(404);
  });
});

describe('GET /v2/business/{b}/products/{id}', () => {
  it('returns the product to any role with view permission; other businesses get 404', async () => {
    const seeded = await seedProduct(t, owner.businessId, { stock: { [owner.storeId]: 7 } });
    const p = await getOk(t, owner, seeded.productId);
    expect(p.stock).toBe(7);
    const asCashier = await call(t, cashier, 'GET', `${v2(owner.businessId)}/${seeded.productId}`);
    expect(asCashier.statusCode).toBe(200);
    expect((await call(t, undefined, 'GET', `${v2(owner.businessId)}/${seeded.productId}`)).statusCode).toBe(
      401,
    );
    // Business B's product through business A's token and path.
    const res = await call(t, other, 'GET', `${v2(other.businessId)}/${seeded.productId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, message: 'Product not found' });
    expect((await call(t, other, 'GET', `${v2(owner.businessId)}/${seeded.productId}`)).statusCode).toBe(404);
    expect((await call(t, owner, 'GET', `${v2(owner.businessId)}/not-an-id`)).statusCode).toBe(404);
  });
});

describe('PUT /v2/business/{b}/products/{id}', () => {
  it('saves with the updated_at the editor loaded; a stale one is 409 with a message a person understands', async () => {
    const p = await createOk(t, owner, { name: uniqueName('Rice'), selling_price: 100 });
    const url = `${v2(owner.businessId)}/${p.id}`;
    const saved = await call(t, owner, 'PUT', url, {
      name: 'Mama Gold Rice 5kg',
      selling_price: 120,
      updated_at: p.updated_at,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Product updated');
    const after = product.parse(saved.json().data);
    expect(after).toMatchObject({ name: 'Mama Gold Rice 5kg', selling_price: 120 });
    expect(after.updated_at > p.updated_at).toBe(true);

    // The second device still holds the first updated_at.
    const stale = await call(t, owner, 'PUT', url, { name: 'Other name', updated_at: p.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: false, message: STALE });
    expect((await getOk(t, owner, p.id)).name).toBe('Mama Gold Rice 5kg');

    // Stock moving while the form is open (a sale, a transfer) is not an edit: the save goes through.
    const loaded = await getOk(t, owner, p.id);
    await t.db
      .transaction()
      .execute((tx) =>
        moveStock(tx, { businessId: owner.businessId, userId: null, reason: 'adjustment_add' }, [
          { storeId: owner.storeId, productId: p.id, varietyId: null, quantity: 3 },
        ]),
      );
    const afterStockMove = await getOk(t, owner, p.id);
    expect(afterStockMove.updated_at > loaded.updated_at).toBe(true);
    const savedDespiteStock = await call(t, owner, 'PUT', url, {
      selling_price: 125,
      updated_at: loaded.updated_at,
    });
    expect(savedDespiteStock.statusCode).toBe(200);

    const missing = await call(t, owner, 'PUT', url, { name: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('updated_at');
    const bad = await call(t, owner, 'PUT', url, { name: 'X', updated_at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('updated_at');
  });

  it('keeps, adds (with opening stock) and removes varieties', async () => {
    const p = await createOk(t, owner, {
      name: uniqueName('Shoe'),
      selling_price: 8000,
      options: [{ name: 'Size', values: ['40', '41', '42'] }],
      varieties: [
        {
          option_values: { Size: '40' },
          selling_price: 8000,
          store_stock: [{ store_id: owner.storeId, stock: 5 }],
        },
        {
          option_values: { Size: '41' },
          selling_price: 8000,
          store_stock: [{ store_id: owner.storeId, stock: 2 }],
        },
      ],
    });
    const [v40, v41] = p.varieties;
    const res = await call(t, owner, 'PUT', `${v2(owner.businessId)}/${p.id}`, {
      updated_at: p.updated_at,
      varieties: [
        // Stock sent for an existing variety is ignored: stock changes through adjustments.
        {
          _id: v40?._id,
          option_values: { Size: '40' },
          selling_price: 8500,
          store_stock: [{ store_id: owner.storeId, stock: 99 }],
        },
        { option_values: { Size: '42' }, selling_price: 9000, store_stock: [{ store_id: store2, stock: 3 }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = product.parse(res.json().data);
    expect(after.varieties.map((v) => [v._id === v40?._id, v.name, v.selling_price, v.stock])).toEqual([
      [true, '40', 8500, 5],
      [false, '42', 9000, 3],
    ]);
    expect(after.stock).toBe(8);
    const removed = await t.db
      .selectFrom('product_varieties')
      .select('deleted_at')
      .where('id', '=', v41?._id ?? '')
      .executeTakeFirstOrThrow();
    expect(removed.deleted_at).not.toBeNull();
    // Its stock stays in the ledger.
    expect(await stockOf(t, owner.businessId, owner.storeId, v41?._id ?? '')).toBe(2);
    expect((await movementsOf(t, owner.businessId, owner.storeId, v41?._id ?? '')).length).toBe(1);

    const foreign = await call(t, owner, 'PUT', `${v2(owner.businessId)}/${p.id}`, {
      updated_at: after.updated_at,
      varieties: [{ _id: v41?._id, option_values: { Size: '41' }, selling_price: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Variety not found');

    const badKey = await call(t, owner, 'PUT', `${v2(owner.businessId)}/${p.id}`, {
      updated_at: after.updated_at,
      options: [{ name: 'Colour', values: ['Red'] }],
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain('"Size" is not one of the product\'s options (Colour)');
  });

  it('refuses a SKU of another product (409) but keeps its own', async () => {
    await createOk(t, owner, { name: 'Dangote Sugar', sku: 'DS-1', selling_price: 1 });
    const p = await createOk(t, owner, { name: uniqueName(), sku: 'MINE-1', selling_price: 1 });
    const url = `${v2(owner.businessId)}/${p.id}`;
    const res = await call(t, owner, 'PUT', url, { sku: 'DS-1', updated_at: p.updated_at });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SKU "DS-1" is already used by Dangote Sugar.');
    const same = await call(t, owner, 'PUT', url, { sku: 'MINE-1', updated_at: p.updated_at });
    expect(same.statusCode).toBe(200);
  });

  it('is 401 without a token, 403 for a cashier, 404 for another business', async () => {
    const p = await createOk(t, owner, { name: uniqueName(), selling_price: 1 });
    const body = { name: 'Z', updated_at: p.updated_at };
    expect((await call(t, undefined, 'PUT', `${v2(owner.businessId)}/${p.id}`, body)).statusCode).toBe(401);
    expect((await call(t, cashier, 'PUT', `${v2(owner.businessId)}/${p.id}`, body)).statusCode).toBe(403);
    expect((await call(t, other, 'PUT', `${v2(other.businessId)}/${p.id}`, body)).statusCode).toBe(404);
    expect((await call(t, owner, 'PUT', `${v2(owner.businessId)}/12345`, body)).statusCode).toBe(404);
  });
});

describe('PATCH /v1/businesses/{b}/products/{productId}', () => {
  it('edits without updated_at, and checks it when sent', async () => {
    const p = await createOk(t, owner, { name: uniqueName(), selling_price: 1 });
    const url = `${v1(owner.businessId)}/${p.id}`;
    const res = await call(t, owner, 'PATCH', url, { low_stock_threshold: 4, description: 'Fresh' });
    expect(res.statusCode).toBe(200);
    expect(product.parse(res.json().data)).toMatchObject({
      low_stock_threshold: 4,
      description: 'Fresh',
      name: p.name,
    });
    const stale = await call(t, owner, 'PATCH', url, { name: 'Late', updated_at: p.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE);
    expect((await call(t, cashier, 'PATCH', url, { name: 'X' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'PATCH', url, { name: 'X' })).statusCode).toBe(401);
    expect((await call(t, other, 'PATCH', `${v1(other.businessId)}/${p.id}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    const neg = await call(t, owner, 'PATCH', url, { cost_price: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toContain('cost_price');
  });
});

describe('DELETE a product (v2 and v1)', () => {
  it('tombstones it: gone from reads, kept in the database', async () => {
    const p = await createOk(t, owner, { name: uniqueName(), selling_price: 1 });
    expect((await call(t, cashier, 'DELETE', `${v2(owner.businessId)}/${p.id}`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'DELETE', `${v2(owner.businessId)}/${p.id}`)).statusCode).toBe(401);
    expect((await call(t, other, 'DELETE', `${v2(other.businessId)}/${p.id}`)).statusCode).toBe(404);
    const res = await call(t, owner, 'DELETE', `${v2(owner.businessId)}/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Product deleted', data: { _id: p.id } });
    expect((await call(t, owner, 'GET', `${v2(owner.businessId)}/${p.id}`)).statusCode).toBe(404);
    expect((await call(t, owner, 'DELETE', `${v2(owner.businessId)}/${p.id}`)).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('products')
      .select('deleted_at')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    const q = await createOk(t, owner, { name: uniqueName(), selling_price: 1 });
    expect((await call(t, cashier, 'DELETE', `${v1(owner.businessId)}/${q.id}`)).statusCode).toBe(403);
    expect((await call(t, owner, 'DELETE', `${v1(owner.businessId)}/${q.id}`)).statusCode).toBe(200);
    expect((await call(t, owner, 'PATCH', `${v1(owner.businessId)}/${q.id}`, { name: 'X' })).statusCode).toBe(
      404,
    );
  });
});
