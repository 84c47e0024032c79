import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { nubanOf } from '../../src/providers/banking/index.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

/**
 * Banks, name enquiry, BVN lookup and bank accounts (issue 14) against the sandbox rail: valid
 * NUBANs answer a stable name, the documented test numbers fail as the live rail does, and the
 * business's accounts are its own. The server logs are read for the BVNs sent.
 */

let t: TestApp;
const logLines: string[] = [];
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashierToken: string;

const GTB = '058';
const ZENITH = '057';
const account = (serial: string, bank = GTB) => nubanOf(bank, serial);

beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({}, { logStream: logs });
  owner = await signUp(t);
  other = await signUp(t);
  cashierToken = (await addCashier(t, owner)).token;
});
afterAll(async () => t?.close());

/** `token: null` sends none. */
const get = (url: string, token: string | null = owner.token) =>
  t.request({ method: 'GET', url, ...(token ? { token } : {}) });
const accountsUrl = (businessId = owner.businessId) => `/v1/payments/accounts/businesses/${businessId}`;

describe('banks and name enquiry', () => {
  it('lists the banks with their CBN codes', async () => {
    const res = await get('/v1/payments/banks');
    expect(res.statusCode).toBe(200);
    const banks = res.json().data as { code: string; name: string }[];
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(banks).toContainEqual({ code: '011', name: 'First Bank of Nigeria' });
    expect(banks.map((b) => b.name)).toEqual(
      [...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect((await get('/v1/payments/banks', null)).statusCode).toBe(401);
  });

  it('answers the same name for an account every time, and another for another account', async () => {
    const number = account('012345678');
    const first = await get(`/v1/payments/resolve/bankaccount?accountnumber=${number}&bankcode=${GTB}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      account_number: number,
      bank_code: GTB,
      bank_name: 'Guaranty Trust Bank',
    });
    const name = first.json().data.account_name as string;
    expect(name).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    const again = await get(`/v1/payments/resolve/bankaccount?accountnumber=${number}&bankcode=${GTB}`);
    expect(again.json().data.account_name).toBe(name);
    const zenith = account('012345678', ZENITH);
    const elsewhere = await get(
      `/v1/payments/resolve/bankaccount?accountnumber=${zenith}&bankcode=${ZENITH}`,
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a number that is not a NUBAN of the bank, naming the field', async () => {
    const valid = account('012345678');
    const wrongDigit = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    for (const [query, field] of [
      [`accountnumber=${wrongDigit}&bankcode=${GTB}`, 'accountnumber'],
      [`accountnumber=12345&bankcode=${GTB}`, 'accountnumber'],
      [`accountnumber=${valid}&bankcode=999`, 'bankcode'],
      [`accountnumber=${valid}`, 'bankcode'],
      [`accountnumber=${valid.slice(0, 9)}%00&bankcode=${GTB}`, 'accountnumber'],
    ] as const) {
      const res = await get(`/v1/payments/resolve/bankaccount?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  it('fails on the documented test numbers as the live rail does', async () => {
    const missing = await get(
      `/v1/payments/resolve/bankaccount?accountnumber=${account('000123456')}&bankcode=${GTB}`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no account with this number at Guaranty Trust Bank.');
    const down = await get(
      `/v1/payments/resolve/bankaccount?accountnumber=${account('999123456')}&bankcode=${GTB}`,
    );
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('The bank could not be reached just now. Please try again.');
  });

  it('is for a role with the bank account permission only', async () => {
    const url = `/v1/payments/resolve/bankaccount?accountnumber=${account('012345678')}&bankcode=${GTB}`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, cashierToken)).statusCode).toBe(403);
    expect((await get('/v1/payments/resolve/bvn?bvn=22212345678', cashierToken)).statusCode).toBe(403);
  });
});

describe('BVN lookup', () => {
  it('answers whose BVN it is, and never writes the BVN to the log', async () => {
    const bvn = '22287654321';
    const res = await get(`/v1/payments/resolve/bvn?bvn=${bvn}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: expect.stringMatching(/^[A-Z]+$/),
      last_name: expect.stringMatching(/^[A-Z]+$/),
      date_of_birth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      phone_masked: expect.stringMatching(/^080\*{5}\d{4}$/),
    });
    expect((await get('/v1/payments/resolve/bvn?bvn=00012345678')).statusCode).toBe(404);
    const bad = await get('/v1/payments/resolve/bvn?bvn=2228765432');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('bvn');
    await new Promise((r) => setTimeout(r, 50));
    const requestLines = logLines.filter((l) => l.includes('/v1/payments/resolve/bvn'));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    for (const secret of [bvn, '00012345678', '2228765432'])
      expect(logLines.join('\n')).not.toContain(secret);
  });
});

describe('bank accounts', () => {
  it('adds an account under the name its bank answers, lists it and reads it back', async () => {
    const number = account('123450001');
    const enquiry = await get(`/v1/payments/resolve/bankaccount?accountnumber=${number}&bankcode=${GTB}`);
    const added = await t.request({
      method: 'POST',
      url: accountsUrl(),
      token: owner.token,
      body: { account_number: number, bank_code: GTB, account_name: 'SOMEONE ELSE' },
    });
    expect(added.statusCode).toBe(201);
    const saved = added.json().data;
    expect(saved).toMatchObject({
      account_number: number,
      bank_code: GTB,
      bank_name: 'Guaranty Trust Bank',
      account_name: enquiry.json().data.account_name,
      store_id: null,
    });
    const list = await get(accountsUrl());
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((a: { _id: string }) => a._id)).toContain(saved._id);
    const one = await get(`${accountsUrl()}/${saved._id}`);
    expect(one.json().data).toEqual(saved);
  });

  it('lists an account number once', async () => {
    const body = { account_number: account('123450002'), bank_code: GTB };
    expect(
      (await t.request({ method: 'POST', url: accountsUrl(), token: owner.token, body })).statusCode,
    ).toBe(201);
    const again = await t.request({ method: 'POST', url: accountsUrl(), token: owner.token, body });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('account_number');
  });

  it('refuses an account its bank does not know, and bad input naming the field', async () => {
    const post = (body: unknown) =>
      t.request({ method: 'POST', url: accountsUrl(), token: owner.token, body });
    expect((await post({ account_number: account('000999999'), bank_code: GTB })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ account_number: '123', bank_code: GTB }, 'account_number'],
      [{ account_number: account('123450003'), bank_code: '58' }, 'bank_code'],
      [{ account_number: account('123450003'), bank_code: GTB, store_id: 'not-an-id' }, 'store_id'],
      [{ account_number: `12345\u000067890`, bank_code: GTB }, 'account_number'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('gives an account to a store, and reads it for that store only', async () => {
    const store = await t.request({
      method: 'POST',
      url: '/v1/stores/',
      token: owner.token,
      body: { name: `Lekki ${newId().slice(-4)}`, address: '1 Admiralty Way' },
    });
    expect(store.statusCode).toBe(201);
    const lekki = store.json().data._id ?? store.json().data.id;
    const added = await t.request({
      method: 'POST',
      url: accountsUrl(),
      token: owner.token,
      body: { account_number: account('123450004'), bank_code: GTB, store_id: owner.storeId },
    });
    const id = added.json().data._id;
    expect((await get(`${accountsUrl()}/${id}?storeID=${owner.storeId}`)).statusCode).toBe(200);
    expect((await get(`${accountsUrl()}/${id}?storeID=${lekki}`)).statusCode).toBe(404);
    const moved = await t.request({
      method: 'PATCH',
      url: accountsUrl(),
      token: owner.token,
      body: { _id: id, store_id: lekki },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.store_id).toBe(lekki);
    expect((await get(`${accountsUrl()}/${id}?storeID=${lekki}`)).statusCode).toBe(200);
  });

  it("is another business's to see or change: 404; a cashier: 403; no token: 401", async () => {
    const added = await t.request({
      method: 'POST',
      url: accountsUrl(),
      token: owner.token,
      body: { account_number: account('123450005'), bank_code: GTB },
    });
    const id = added.json().data._id;
    expect((await get(`${accountsUrl(other.businessId)}/${id}`)).statusCode).toBe(404);
    expect((await get(`${accountsUrl()}/${id}`, other.token)).statusCode).toBe(404);
    expect((await get(accountsUrl(), other.token)).statusCode).toBe(404);
    const theirs = await t.request({
      method: 'PATCH',
      url: accountsUrl(other.businessId),
      token: other.token,
      body: { _id: id, store_id: null },
    });
    expect(theirs.statusCode).toBe(404);
    const foreignStore = await t.request({
      method: 'POST',
      url: accountsUrl(),
      token: owner.token,
      body: { account_number: account('123450006'), bank_code: GTB, store_id: other.storeId },
    });
    expect(foreignStore.statusCode).toBe(404);
    expect((await get(accountsUrl(), cashierToken)).statusCode).toBe(403);
    expect((await get(`${accountsUrl()}/${id}`, cashierToken)).statusCode).toBe(403);
    expect((await get(accountsUrl(), null)).statusCode).toBe(401);
    const cashierAdds = await t.request({
      method: 'POST',
      url: accountsUrl(),
      token: cashierToken,
      body: { account_number: account('123450007'), bank_code: GTB },
    });
    expect(cashierAdds.statusCode).toBe(403);
    expect((await get(`${accountsUrl()}/not-an-id`)).statusCode).toBe(400);
  });
});

it('limits name enquiries per user and hour', async () => {
  const owner2 = await signUp(t);
  const url = `/v1/payments/resolve/bankaccount?accountnumber=${account('222333444')}&bankcode=${GTB}`;
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await get(url, owner2.token)).statusCode);
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
  expect(statuses[30]).toBe(429);
});
