import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
