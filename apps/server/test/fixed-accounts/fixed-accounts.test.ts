import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNuban } from '../../src/providers/banking/index.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

/** Fixed (static virtual) accounts of stores at the sandbox rail's partner banks (issue 14). */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: Awaited<ReturnType<typeof addCashier>>;
let secondStore: string;

const WEMA = '035';
const PROVIDUS = '101';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { business_name: 'Mama Put Foods', store_name: 'Yaba' });
  other = await signUp(t);
  const store = await t.request({
    method: 'POST',
    url: '/v1/stores/',
    token: owner.token,
    body: { name: 'Surulere', address: '5 Bode Thomas Street' },
  });
  secondStore = store.json().data._id;
  cashier = await addCashier(t, owner);
});
afterAll(async () => t?.close());

const create = (body: unknown, token: string | null = owner.token, businessId = owner.businessId) =>
  t.request({
    method: 'POST',
    url: `/v2/payments/accounts/businesses/${businessId}/customfixedaccount`,
    ...(token ? { token } : {}),
    body,
  });
const list = (token: string | null = owner.token, businessId = owner.businessId) =>
  t.request({
    method: 'GET',
    url: `/v1/payments/fixedaccounts/businesses/${businessId}`,
    ...(token ? { token } : {}),
  });

const gettingStarted = () =>
  t.request({ method: 'GET', url: `/v1/dashboard/gettingstarted/${owner.businessId}`, token: owner.token });

describe('fixed accounts', () => {
  it('lists the partner banks', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/v2/payments/enabledvirtualaccountbanks',
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { code: WEMA, name: 'Wema Bank' },
      { code: PROVIDUS, name: 'Providus Bank' },
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/v2/payments/enabledvirtualaccountbanks' })).statusCode,
    ).toBe(401);
  });

  it("opens a store's account named for the business and store, once", async () => {
    const before = await gettingStarted();
    const first = await create({ store_id: owner.storeId, bank_code: WEMA });
    expect(first.statusCode).toBe(201);
    const account = first.json().data;
    expect(account).toMatchObject({
      store_id: owner.storeId,
      store_name: 'Yaba',
      bank_code: WEMA,
      bank_name: 'Wema Bank',
      account_name: 'MAMA PUT FOODS YABA',
    });
    expect(isValidNuban(account.account_number, WEMA)).toBe(true);
    const again = await create({ store_id: owner.storeId, bank_code: WEMA });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(account);
    const providus = await create({ store_id: owner.storeId, bank_code: PROVIDUS, account_name: 'Mama Put' });
    expect(providus.statusCode).toBe(201);
    expect(providus.json().data.account_name).toBe('MAMA PUT');
    expect(providus.json().data.account_number).not.toBe(account.account_number);
    expect(before.json().data.hasCreatedFixedAccount.status).toBe(false);
  });

  it('gives each store its own account number', async () => {
    const yaba = await create({ store_id: owner.storeId, bank_code: WEMA });
    const surulere = await create({ store_id: secondStore, bank_code: WEMA });
    expect(surulere.statusCode).toBe(201);
    expect(surulere.json().data.account_number).not.toBe(yaba.json().data.account_number);
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(
      res.json().data.map((a: { store_name: string; bank_name: string }) => `${a.store_name} ${a.bank_name}`),
    ).toEqual(['Surulere Wema Bank', 'Yaba Providus Bank', 'Yaba Wema Bank']);
  });

  it('shows a cashier the accounts of their store only, and lets only a role with payment methods open one', async () => {
    const res = await list(cashier.token);
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().data.map((a: { store_id: string }) => a.store_id))).toEqual(
      new Set([owner.storeId]),
    );
    expect((await create({ store_id: owner.storeId, bank_code: WEMA }, cashier.token)).statusCode).toBe(403);
    expect((await create({ store_id: owner.storeId, bank_code: WEMA }, null)).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
  });

  it("keeps another business's stores and accounts out: 404", async () => {
    expect((await create({ store_id: other.storeId, bank_code: WEMA })).statusCode).toBe(404);
    expect((await create({ store_id: owner.storeId, bank_code: WEMA }, other.token)).statusCode).toBe(404);
    expect((await list(other.token)).statusCode).toBe(404);
    const theirs = await list(other.token, other.businessId);
    expect(theirs.json().data).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ store_id: owner.storeId, bank_code: '058' }, 'bank_code'],
      [{ store_id: owner.storeId, bank_code: '35' }, 'bank_code'],
      [{ store_id: 'yaba', bank_code: WEMA }, 'store_id'],
      [{ store_id: owner.storeId, bank_code: WEMA, account_name: 'x'.repeat(41) }, 'account_name'],
      [{ store_id: owner.storeId, bank_code: WEMA, account_name: 'Mama\u0000Put' }, 'account_name'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('ticks the getting-started step', async () => {
    const res = await gettingStarted();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.hasCreatedFixedAccount.status).toBe(true);
  });
});
