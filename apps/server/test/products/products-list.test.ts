import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPage, type ProductPage } from '@ms/contracts';
import { seedStore } from '../catalogue/fixtures.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { call, createOk, seedCategory, seedTag, v2, type Owner } from './products-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let store2: string;
let cashier: { token: string };
const ids: Record<string, string> = {};
let drinks: string;
let soft: string;
let promo: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  store2 = await seedStore(t, owner.businessId, 'Lekki');
  cashier = await addCashier(t, owner); // assigned to the first store only
  drinks = await seedCategory(t, owner.businessId, 'Drinks');
  soft = await seedCategory(t, owner.businessId, 'Soft drinks', drinks);
  promo = await seedTag(t, owner.businessId, 'Promo');
  const s1 = owner.storeId;
  const make = async (key: string, body: Record<string, unknown>) => {
    ids[key] = (await createOk(t, owner, body)).id;
  };
  await make('milk', {
    name: 'Peak Milk 400g',
    sku: 'PK-400',
    barcode: '6150000000017',
    selling_price: 1500,
    low_stock_threshold: 5,
    category_id: drinks,
    tags: [promo],
    store_stock: [
      { store_id: s1, stock: 3 },
      { store_id: store2, stock: 40 },
    ],
  });
  await make('coke', {
    name: 'Coca-Cola 50cl',
    selling_price: 300,
    subcategory_id: soft,
    store_stock: [{ store_id: s1, stock: 24 }],
  });
  await make('rice', { name: 'Mama Gold Rice 5kg', selling_price: 9000, low_stock_threshold: 2 });
  await make('delivery', { name: 'Delivery fee', selling_price: 1000, product_type: 'service' });
  await make('shirt', {
    name: 'ankara SHIRT',
    selling_price: 5000,
    options: [{ name: 'Size', values: ['M', 'L'] }],
    varieties: [
      {
        option_values: { Size: 'M' },
        sku: 'ANK-M',
        selling_price: 5000,
        store_stock: [{ store_id: s1, stock: 1 }],
      },
      {
        option_values: { Size: 'L' },
        barcode: '777000',
        selling_price: 5000,
        store_stock: [{ store_id: store2, stock: 2 }],
      },
    ],
  });
  await make('gone', { name: 'Peak Milk deleted', selling_price: 1 });
  await call(t, owner, 'DELETE', `${v2(owner.businessId)}/${ids.gone}`);
  await createOk(t, other, { name: 'Peak Milk of another business', selling_price: 1 });
});
afterAll(async () => t.close());

const list = async (query: string, who: { token: string } = owner): Promise<ProductPage> => {
  const res = await call(t, who, 'GET', `${v2(owner.businessId)}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  const body = res.json();
  expect(body).toMatchObject({ status: true, message: 'Successful' });
  return productPage.parse(body.data);
};
const names = (page: ProductPage) => page.items.map((p) => p.name);

describe('GET /v2/business/{b}/products', () => {
  it('lists live products of the business by name with the total', async () => {
    const page = await list('');
    expect(names(page)).toEqual([
      'ankara SHIRT',
      'Coca-Cola 50cl',
      'Delivery fee',
      'Mama Gold Rice 5kg',
      'Peak Milk 400g',
    ]);
    expect(page).toMatchObject({ total: 5, page: 1, limit: 50 });
    const milk = page.items.find((p) => p.name === 'Peak Milk 400g');
    expect(milk).toMatchObject({ stock: 43, tags: [{ _id: promo, tagName: 'Promo' }], category_id: drinks });
    const shirt = page.items.find((p) => p.name === 'ankara SHIRT');
    expect(shirt?.varieties.map((v) => v.stock)).toEqual([1, 2]);
  });

  it('pages', async () => {
    const p2 = await list('limit=2&page=2');
    expect(names(p2)).toEqual(['Delivery fee', 'Mama Gold Rice 5kg']);
    expect(p2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect((await list('limit=2&page=9')).items).toEqual([]);
  });

  it('searches names (contains, any case) and exact SKU or barcode, of products and varieties', async () => {
    expect(names(await list('search=milk'))).toEqual(['Peak Milk 400g']);
    expect(names(await list('search=ANKARA'))).toEqual(['ankara SHIRT']);
    expect(names(await list('search=pk-400'))).toEqual(['Peak Milk 400g']);
    expect(names(await list('search=6150000000017'))).toEqual(['Peak Milk 400g']);
    expect(names(await list('search=ank-m'))).toEqual(['ankara SHIRT']);
    expect(names(await list('search=777000'))).toEqual(['ankara SHIRT']);
    expect((await list('search=a')).total).toBe(4);
    // LIKE wildcards are plain text.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=pk-4')).total).toBe(0);
  });

  it('filters by category, subcategory, tag and product type (which may repeat)', async () => {
    expect(names(await list(`category=${drinks}`))).toEqual(['Coca-Cola 50cl', 'Peak Milk 400g']);
    expect(names(await list(`subcategory=${soft}`))).toEqual(['Coca-Cola 50cl']);
    expect(names(await list(`tag=${promo}`))).toEqual(['Peak Milk 400g']);
    expect(names(await list('productType=service'))).toEqual(['Delivery fee']);
    expect(names(await list('productType=service&productType=variable'))).toEqual([
      'ankara SHIRT',
      'Delivery fee',
    ]);
  });

  it('shows stock for one store and filters by stock', async () => {
    const inStore2 = await list(`store=${store2}`);
    expect(inStore2.items.find((p) => p.name === 'Peak Milk 400g')?.stock).toBe(40);
    expect(inStore2.items.find((p) => p.name === 'Coca-Cola 50cl')?.stock).toBe(0);
    expect(inStore2.items.find((p) => p.name === 'ankara SHIRT')?.varieties.map((v) => v.stock)).toEqual([
      0, 2,
    ]);
    // Services and untracked products are never in or out of stock.
    expect(names(await list('stock=out'))).toEqual(['Mama Gold Rice 5kg']);
    expect(names(await list('stock=in'))).toEqual(['ankara SHIRT', 'Coca-Cola 50cl', 'Peak Milk 400g']);
    expect(names(await list('stock=low'))).toEqual([]);
    expect(names(await list(`stock=low&store=${owner.storeId}`))).toEqual(['Peak Milk 400g']);
    expect(names(await list(`stock=out&store=${store2}`))).toEqual(['Coca-Cola 50cl', 'Mama Gold Rice 5kg']);
  });

  it('sorts by newest, price and stock', async () => {
    expect(names(await list('sort=newest'))[0]).toBe('ankara SHIRT');
    expect(names(await list('sort=price'))).toEqual([
      'Coca-Cola 50cl',
      'Delivery fee',
      'Peak Milk 400g',
      'ankara SHIRT',
      'Mama Gold Rice 5kg',
    ]);
    expect(names(await list('sort=stock'))).toEqual([
      'Delivery fee',
      'Mama Gold Rice 5kg',
      'ankara SHIRT',
      'Coca-Cola 50cl',
      'Peak Milk 400g',
    ]);
  });

  it('lets a cashier read, scoped to their stores (403 for a store not theirs)', async () => {
    expect((await list('', cashier)).total).toBe(5);
    expect((await list(`store=${owner.storeId}`, cashier)).total).toBe(5);
    const res = await call(t, cashier, 'GET', `${v2(owner.businessId)}?store=${store2}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not assigned to this store.');
  });

  it("shows a cashier the stock of their stores only: no other store's level, in the list or the product", async () => {
    const milkOf = (page: ProductPage) => page.items.find((p) => p.name === 'Peak Milk 400g')!;
    const mine = milkOf(await list('', cashier));
    expect(mine.stock).toBe(3);
    expect(mine.store_stock).toEqual([{ store_id: owner.storeId, stock: 3 }]);
    expect((await list('stock=low', cashier)).items.map((p) => p.name)).toContain('Peak Milk 400g');
    const detail = await call(t, cashier, 'GET', `/v2/business/${owner.businessId}/products/${ids.milk}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.store_stock).toEqual([{ store_id: owner.storeId, stock: 3 }]);
    // The owner sees every store.
    expect(milkOf(await list('', owner)).stock).toBe(43);
  });

  it('is 401 without a token, 404 for another business or store, 400 for a bad query', async () => {
    expect((await call(t, undefined, 'GET', v2(owner.businessId))).statusCode).toBe(401);
    const theirs = await call(t, owner, 'GET', v2(other.businessId));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Business not found');
    expect((await call(t, owner, 'GET', `${v2(owner.businessId)}?store=${other.storeId}`)).statusCode).toBe(
      404,
    );
    for (const [query, message] of [
      ['limit=500', 'limit must be between 1 and 200'],
      ['stock=some', 'stock must be one of low, out, in'],
      ['productType=kit', 'productType must be one of'],
      ['category=abc', 'category'],
      ['sort=colour', 'sort must be one of'],
    ]) {
      const res = await call(t, owner, 'GET', `${v2(owner.businessId)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});
