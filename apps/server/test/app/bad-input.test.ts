import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { seedProduct, stockOf } from '../catalogue/fixtures.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { as, type Owner } from '../inventory/inventory-helper.js';

/**
 * Input PostgreSQL cannot store must be a 400 naming the field, never a 500. A NUL byte (U+0000)
 * is refused by the contracts' shared string rule, so every route reading text refuses it.
 */
let t: TestApp;
let owner: Owner;
let call: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  call = as(t, owner);
});
afterAll(async () => t.close());

const NUL = 'Ada\u0000Obi';

describe('a NUL byte in text', () => {
  const cases = [
    ['POST', '/v1/businesses/{b}/roles', { name: NUL, permissions: [] }, 'name'],
    ['POST', '/v2/business/{b}/product/categories', { name: NUL }, 'name'],
    ['POST', '/v2/business/{b}/product/tags', { label: NUL }, 'label'],
    ['POST', '/v2/business/{b}/products', { name: NUL, selling_price: 100 }, 'name'],
    ['POST', '/v1/customers/', { first_name: 'Ada', last_name: NUL }, 'last_name'],
    ['POST', '/v1/stores/', { name: 'Lekki', address: NUL }, 'address'],
    ['GET', `/v2/business/{b}/products?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
  ] as const;

  it.each(cases.map((c) => [`${c[0]} ${c[1].split('?')[0]}`, c] as const))(
    '%s answers 400 naming the field',
    async (_, [method, url, body, field]) => {
      const res = await call(owner, method, url.replace('{b}', owner.businessId), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: expect.stringContaining(field) });
      expect(res.json().message).toContain('U+0000');
    },
  );
});

describe('numbers past what the columns hold', () => {
  const saleOf = (items: unknown[]) => ({
    _id: newId(),
    store_id: owner.storeId,
    items,
    payments: [],
    pay_later: true,
  });
  const postSale = (items: unknown[]) =>
    call(owner, 'POST', `/v2/business/${owner.businessId}/sales`, saleOf(items));

  it('a sale of 10 lines of ₦1,000,000,000 × 10,000,000 is a 400 naming the line', async () => {
    const products = [];
    for (let i = 0; i < 10; i++) products.push(await seedProduct(t, owner.businessId, { sellingPrice: 100 }));
    const res = await postSale(
      products.map((p) => ({ _id: p.productId, quantity: 10_000_000, price: 1_000_000_000 })),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^items\[0\]: a line total cannot be more than ₦1,000,000,000,000/);
  });

  it('the same at the catalogue price (the server prices the lines) is a 400 too', async () => {
    const p = await seedProduct(t, owner.businessId, { sellingPrice: 100_000_000_000 });
    const res = await postSale([{ _id: p.productId, quantity: 10_000_000 }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^items\[0\]: a line total cannot be more than/);
  });

  it('215 lines of one product × 10,000,000 (past 2^31 units) is a 400 naming the quantity', async () => {
    const p = await seedProduct(t, owner.businessId, { sellingPrice: 100, stock: { [owner.storeId]: 5 } });
    const res = await postSale(
      Array.from({ length: 215 }, () => ({ _id: p.productId, quantity: 10_000_000 })),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^items\[1\]\.quantity: at most 10,000,000 units of one item/);
    expect(await stockOf(t, owner.businessId, owner.storeId, p.productId)).toBe(5);
  });

  const adjust = (productId: string, lines: number, quantity: number) =>
    call(owner, 'POST', `/v2/business/${owner.businessId}/stocks/adjustments`, {
      store_id: owner.storeId,
      type: 'add',
      reason: 'received',
      items: Array.from({ length: lines }, () => ({ product_id: productId, quantity })),
    });

  it('a stock adjustment of 215 lines × 10,000,000 of one product is a 400 naming the quantity', async () => {
    const p = await seedProduct(t, owner.businessId, { stock: { [owner.storeId]: 5 } });
    const res = await adjust(p.productId, 215, 10_000_000);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^items\[1\]\.quantity: at most 10,000,000 units/);
  });

  it('an adjustment taking a level past 1,000,000,000 is a 400, and the level stays', async () => {
    const p = await seedProduct(t, owner.businessId, { stock: { [owner.storeId]: 5 } });
    await t.db
      .updateTable('stock_levels')
      .set({ quantity: 2_140_000_000 })
      .where('business_id', '=', owner.businessId)
      .where('product_id', '=', p.productId)
      .execute();
    const res = await adjust(p.productId, 1, 10_000_000);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^quantity: the stock of .* cannot pass 1,000,000,000/);
    expect(await stockOf(t, owner.businessId, owner.storeId, p.productId)).toBe(2_140_000_000);
  });
});
