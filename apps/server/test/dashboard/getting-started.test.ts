import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(async () => t.close());

const get = (businessId: string, token?: string) =>
  t.request({ method: 'GET', url: `/v1/dashboard/gettingstarted/${businessId}`, token });

describe('GET /v1/dashboard/gettingstarted/{business}', () => {
  it('shows every step not done for a new business', async () => {
    const res = await get(owner.businessId, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      kyc: { status: false },
      firstSale: { status: false },
      hasAddedAProduct: { status: false },
      requestedTerminal: { status: false },
      hasCreatedFixedAccount: { status: false },
    });
  });

  it('counts a product as added once a live one exists', async () => {
    const biz = await signUp(t);
    const status = async () => (await get(biz.businessId, biz.token)).json().data.hasAddedAProduct.status;
    expect(await status()).toBe(false);
    const created = await t.request({
      method: 'POST',
      url: `/v2/business/${biz.businessId}/products/`,
      token: biz.token,
      body: { name: 'Peak Milk', selling_price: 1500 },
    });
    expect(created.statusCode).toBe(201);
    expect(await status()).toBe(true);
    const id = created.json().data.id as string;
    await t.request({
      method: 'DELETE',
      url: `/v2/business/${biz.businessId}/products/${id}`,
      token: biz.token,
    });
    expect(await status()).toBe(false);
  });

  it('needs a token (401); any role sees it; another business is 404', async () => {
    expect((await get(owner.businessId)).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    expect((await get(owner.businessId, cashier.token)).statusCode).toBe(200);
    const other = await signUp(t);
    const res = await get(other.businessId, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, message: 'Business not found', data: null });
    expect((await get('nope', owner.token)).statusCode).toBe(404);
  });
});
