import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeMatch, bulkResult, product, setStocksResult } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
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

describe('GET /v1/businesses/{b}/products/barcode/', () => {
  it('finds a product or one of its varieties by barcode', async () => {
    const p = await createOk(t, owner, {
      name: 'Kings Oil',
      barcode: '6151111111111',
      selling_price: 2000,
      options: [{ name: 'Size', values: ['1L', '5L'] }],
      varieties: [
        { option_values: { Size: '1L' }, barcode: '6152222222222', selling_price: 2000 },
        { option_values: { Size: '5L' }, barcode: '6153333333333', selling_price: 9000 },
      ],
    });
    const url = (code: string) => `${v1(owner.businessId)}/barcode/?barcode=${code}`;
    const byVariety = await call(t, cashier, 'GET', url('6153333333333'));
    expect(byVariety.statusCode).toBe(200);
    const match = barcodeMatch.parse(byVariety.json().data);
    expect(match.product.id).toBe(p.id);
    expect(match.variety_id).toBe(p.varieties[1]?._id);
    const byProduct = barcodeMatch.parse((await call(t, owner, 'GET', url('6151111111111'))).json().data);
    expect(byProduct).toMatchObject({ variety_id: null, product: { name: 'Kings Oil' } });
    // Without the trailing slash too.
    expect(
      (await call(t, owner, 'GET', `${v1(owner.businessId)}/barcode?barcode=6152222222222`)).statusCode,
    ).toBe(200);

    const none = await call(t, owner, 'GET', url('0000'));
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No product has the barcode 0000');
    // Another business's barcode is not found; its path is 404; no token is 401; no barcode is 400.
    expect(
      (await call(t, other, 'GET', `${v1(other.businessId)}/barcode/?barcode=6153333333333`)).statusCode,
    ).toBe(404);
    expect((await call(t, other, 'GET', url('6153333333333'))).statusCode).toBe(404);
    expect((await call(t, undefined, 'GET', url('6153333333333'))).statusCode).toBe(401);
    const missing = await call(t, owner, 'GET', `${v1(owner.businessId)}/barcode/`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('barcode');
  });
});

describe('PATCH /v1/businesses/{b}/products/bulk/', () => {
  it('applies a different change to each product, all or nothing', async () => {
    const a = await createOk(t, owner, { name: uniqueName('A'), selling_price: 10 });
    const b = await createOk(t, owner, { name: uniqueName('B'), selling_price: 20 });
    const url = `${v1(owner.businessId)}/bulk/`;
    const res = await call(t, owner, 'PATCH', url, {
      products: [
        { _id: a.id, selling_price: 11 },
        { _id: b.id, name: 'Renamed B', low_stock_threshold: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(bulkResult.parse(res.json().data)).toEqual({ updated: 2, ids: [a.id, b.id] });
    expect((await getOk(t, owner, a.id)).selling_price).toBe(11);
    expect(await getOk(t, owner, b.id)).toMatchObject({ name: 'Renamed B', low_stock_threshold: 3 });

    // One bad change (a SKU already taken) rolls back the others and says which product.
    await createOk(t, owner, { name: 'Taken', sku: 'TAKEN-1', selling_price: 1 });
    const bad = await call(t, owner, 'PATCH', url, {
      products: [
        { _id: a.id, selling_price: 99 },
        { _id: b.id, sku: 'TAKEN-1' },
      ],
    });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().message).toBe('products[1]: SKU "TAKEN-1" is already used by Taken.');
    expect((await getOk(t, owner, a.id)).selling_price).toBe(11);

    const foreign = await call(t, owner, 'PATCH', url, {
      products: [{ _id: (await seedProduct(t, other.businessId)).productId, name: 'X' }],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(t, owner, 'PATCH', url, { products: [] })).json().message).toContain('products');
    expect(
      (await call(t, owner, 'PATCH', url, { products: [{ _id: a.id, selling_price: -1 }] })).statusCode,
    ).toBe(400);
    expect((await call(t, cashier, 'PATCH', url, { products: [{ _id: a.id, name: 'X' }] })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, undefined, 'PATCH', url, { products: [{ _id: a.id, name: 'X' }] })).statusCode,
    ).toBe(401);
    expect(
      (
        await call(t, other, 'PATCH', `${v1(other.businessId)}/bulk/`, {
          products: [{ _id: a.id, name: 'X' }],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PATCH /v1/businesses/{b}/products/bulk2/', () => {
  it('applies one change to many products: category, tags, prices (varieties too)', async () => {
    const cat = await seedCategory(t, owner.businessId, uniqueName('Cat'));
    const sub = await seedCategory(t, owner.businessId, uniqueName('Sub'), cat);
    const keep = await seedTag(t, owner.businessId, 'Keep');
    const drop = await seedTag(t, owner.businessId, 'Drop');
    const add = await seedTag(t, owner.businessId, 'Add');
    const a = await createOk(t, owner, { name: uniqueName('A'), selling_price: 10, tags: [keep, drop] });
    const b = await createOk(t, owner, {
      name: uniqueName('B'),
      selling_price: 10,
      options: [{ name: 'Size', values: ['S'] }],
      varieties: [{ option_values: { Size: 'S' }, selling_price: 10 }],
    });
    const res = await call(t, owner, 'PATCH', `${v1(owner.businessId)}/bulk2/`, {
      ids: [a.id, b.id],
      changes: { subcategory_id: sub, add_tags: [add], remove_tags: [drop], selling_price: 15.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 2, ids: [a.id, b.id] });
    const a2 = await getOk(t, owner, a.id);
    expect(a2).toMatchObject({ category_id: cat, subcategory_id: sub, selling_price: 15.5 });
    expect(a2.tags.map((x) => x.tagName)).toEqual(['Keep', 'Add']);
    const b2 = await getOk(t, owner, b.id);
    expect(b2.varieties[0]?.selling_price).toBe(15.5);
    expect(b2.tags.map((x) => x.tagName)).toEqual(['Add']);

    const wrongTag = await call(t, owner, 'PATCH', `${v1(owner.businessId)}/bulk2/`, {
      ids: [a.id],
      changes: { add_tags: [await seedTag(t, other.businessId, 'Theirs')] },
    });
    expect(wrongTag.statusCode).toBe(404);
    expect(wrongTag.json().message).toBe('Tag not found');
  });

  it('deletes many products (needs the delete permission), and is all or nothing', async () => {
    const a = await createOk(t, owner, { name: uniqueName('A'), selling_price: 10 });
    const b = await createOk(t, owner, { name: uniqueName('B'), selling_price: 10 });
    const theirs = await seedProduct(t, other.businessId);
    const url = `${v1(owner.businessId)}/bulk2`;
    const mixed = await call(t, owner, 'PATCH', url, { ids: [a.id, theirs.productId], action: 'delete' });
    expect(mixed.statusCode).toBe(404);
    expect((await call(t, owner, 'GET', `${v2(owner.businessId)}/${a.id}`)).statusCode).toBe(200);

    // A role that may edit but not delete.
    const roleId = newId();
    await t.db
      .insertInto('roles')
      .values({
        business_id: owner.businessId,
        id: roleId,
        name: 'Editor',
        permissions: ['catalogue.edit_product', 'catalogue.view_product'],
      })
      .execute();
    const editor = await addEmployee(t, owner, { roleId });
    const refused = await call(t, editor, 'PATCH', url, { ids: [a.id], action: 'delete' });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(t, editor, 'PATCH', url, { ids: [a.id], changes: { low_stock_threshold: 2 } })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, cashier, 'PATCH', url, { ids: [a.id], changes: { low_stock_threshold: 2 } })).statusCode,
    ).toBe(403);

    const res = await call(t, owner, 'PATCH', url, { ids: [a.id, b.id], action: 'delete' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Products deleted');
    expect((await call(t, owner, 'GET', `${v2(owner.businessId)}/${b.id}`)).statusCode).toBe(404);

    const badAction = await call(t, owner, 'PATCH', url, { ids: [a.id], action: 'archive' });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toContain('action');
    expect((await call(t, undefined, 'PATCH', url, { ids: [a.id] })).statusCode).toBe(401);
  });
});

describe('PATCH /v2/business/{b}/products/stocks', () => {
  it('sets levels in one store; the movements sum to the level', async () => {
    const simple = await createOk(t, owner, {
      name: uniqueName('Salt'),
      selling_price: 100,
      store_stock: [{ store_id: owner.storeId, stock: 10 }],
    });
    const variable = await createOk(t, owner, {
      name: uniqueName('Cap'),
      selling_price: 100,
      options: [{ name: 'Colour', values: ['Red'] }],
      varieties: [
        {
          option_values: { Colour: 'Red' },
          selling_price: 100,
          store_stock: [{ store_id: owner.storeId, stock: 2 }],
        },
      ],
    });
    const red = variable.varieties[0]?._id ?? '';
    const url = `${v2(owner.businessId)}/stocks`;
    const res = await call(t, owner, 'PATCH', url, {
      store_id: owner.storeId,
      reason: 'Shelf count',
      items: [
        { product_id: simple.id, stock: 7 },
        { product_id: variable.id, variety_id: red, stock: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Stock updated');
    const data = setStocksResult.parse(res.json().data);
    expect(data.items).toEqual([
      { product_id: simple.id, variety_id: null, stock: 7, change: -3 },
      { product_id: variable.id, variety_id: red, stock: 5, change: 3 },
    ]);
    for (const item of [simple.id, red]) {
      const moves = await movementsOf(t, owner.businessId, owner.storeId, item);
      const level = await stockOf(t, owner.businessId, owner.storeId, item);
      expect(moves.reduce((s, m) => s + m.quantity, 0)).toBe(level);
      expect(moves.at(-1)).toMatchObject({ reason: 'set', note: 'Shelf count', balance_after: level });
    }
    expect((await getOk(t, owner, simple.id)).stock).toBe(7);
    // Setting the level it already has writes nothing.
    await call(t, owner, 'PATCH', url, {
      store_id: owner.storeId,
      items: [{ product_id: simple.id, stock: 7 }],
    });
    expect((await movementsOf(t, owner.businessId, owner.storeId, simple.id)).length).toBe(2);
    // A store with no level yet starts from 0.
    await call(t, owner, 'PATCH', url, { store_id: store2, items: [{ product_id: simple.id, stock: 4 }] });
    expect(await stockOf(t, owner.businessId, store2, simple.id)).toBe(4);
  });

  it('refuses what it cannot do', async () => {
    const p = await createOk(t, owner, { name: uniqueName(), selling_price: 1 });
    const url = `${v2(owner.businessId)}/stocks`;
    const body = { store_id: owner.storeId, items: [{ product_id: p.id, stock: 1 }] };
    expect((await call(t, undefined, 'PATCH', url, body)).statusCode).toBe(401);
    expect((await call(t, cashier, 'PATCH', url, body)).statusCode).toBe(403);
    expect(
      (await call(t, other, 'PATCH', `${v2(other.businessId)}/stocks`, { ...body, store_id: other.storeId }))
        .statusCode,
    ).toBe(404);
    const neg = await call(t, owner, 'PATCH', url, { ...body, items: [{ product_id: p.id, stock: -1 }] });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toContain('stock cannot be negative');
    expect((await call(t, owner, 'PATCH', url, { ...body, store_id: other.storeId })).statusCode).toBe(404);
    const twice = await call(t, owner, 'PATCH', url, { ...body, items: [...body.items, ...body.items] });
    expect(twice.statusCode).toBe(400);
    const service = await createOk(t, owner, {
      name: uniqueName(),
      selling_price: 1,
      product_type: 'service',
    });
    const noStock = await call(t, owner, 'PATCH', url, {
      ...body,
      items: [{ product_id: service.id, stock: 1 }],
    });
    expect(noStock.statusCode).toBe(400);
    // A manager assigned to one store cannot set another's.
    const manager = await addEmployee(t, owner, { role: 'manager', storeIds: [owner.storeId] });
    expect((await call(t, manager, 'PATCH', url, { ...body, store_id: store2 })).statusCode).toBe(403);
    expect((await call(t, manager, 'PATCH', url, body)).statusCode).toBe(200);
  });
});

describe('POST and PUT /v2/business/{b}/products/modifiers-with-variants', () => {
  it('creates and edits a product with its varieties and modifier sets', async () => {
    const extras = await seedModifierSet(t, owner.businessId, 'Extras');
    const sauces = await seedModifierSet(t, owner.businessId, 'Sauces');
    const url = `${v2(owner.businessId)}/modifiers-with-variants`;
    const created = await call(t, owner, 'POST', url, {
      name: uniqueName('Shawarma'),
      selling_price: 2500,
      modifiers: [extras],
      options: [{ name: 'Size', values: ['Regular', 'Jumbo'] }],
      varieties: [
        { option_values: { Size: 'Regular' }, selling_price: 2500 },
        { option_values: { Size: 'Jumbo' }, selling_price: 3500 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const p = product.parse(created.json().data);
    expect(p).toMatchObject({ product_type: 'variable', modifiers: [extras] });

    const edited = await call(t, owner, 'PUT', url, {
      _id: p.id,
      updated_at: p.updated_at,
      modifiers: [sauces, extras],
      varieties: [{ _id: p.varieties[1]?._id, option_values: { Size: 'Jumbo' }, selling_price: 4000 }],
    });
    expect(edited.statusCode).toBe(200);
    const after = product.parse(edited.json().data);
    expect(after.modifiers).toEqual([sauces, extras]);
    expect(after.varieties.map((v) => [v._id, v.selling_price])).toEqual([[p.varieties[1]?._id, 4000]]);

    const stale = await call(t, owner, 'PUT', url, { _id: p.id, updated_at: p.updated_at, name: 'X' });
    expect(stale.statusCode).toBe(409);
    const noId = await call(t, owner, 'PUT', url, { name: 'X' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toContain('_id');
    expect((await call(t, cashier, 'POST', url, { name: 'X', selling_price: 1 })).statusCode).toBe(403);
    expect((await call(t, cashier, 'PUT', url, { _id: p.id, name: 'X' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'PUT', url, { _id: p.id, name: 'X' })).statusCode).toBe(401);
    expect(
      (
        await call(t, other, 'PUT', `${v2(other.businessId)}/modifiers-with-variants`, {
          _id: p.id,
          name: 'X',
        })
      ).statusCode,
    ).toBe(404);
    const wrongSet = await call(t, owner, 'POST', url, {
      name: 'X',
      selling_price: 1,
      modifiers: [await seedModifierSet(t, other.businessId, 'Theirs')],
    });
    expect(wrongSet.statusCode).toBe(404);
    expect(wrongSet.json().message).toBe('Modifier set not found');
  });
});
