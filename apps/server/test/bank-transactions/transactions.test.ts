import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { sandboxTransferEvent, signBody, SIGNATURE_HEADER } from '../../src/providers/banking/index.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

/**
 * Transfers received, as the payments screens read them, and the sandbox's simulator that makes
 * them arrive (issue 14): amounts, fees and totals in naira, days of the business's time zone.
 */

const SECRET = 'transactions-test-secret';
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashierToken: string;
let account: string;
let otherAccount: string;

const openAccount = async (who: { businessId: string; storeId: string; token: string }) => {
  const res = await t.request({
    method: 'POST',
    url: `/v2/payments/accounts/businesses/${who.businessId}/customfixedaccount`,
    token: who.token,
    body: { store_id: who.storeId, bank_code: '101' },
  });
  return res.json().data.account_number as string;
};

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET });
  owner = await signUp(t, { store_name: 'Ikeja' });
  other = await signUp(t);
  cashierToken = (await addCashier(t, owner)).token;
  account = await openAccount(owner);
  otherAccount = await openAccount(other);
});
afterAll(async () => t?.close());

const simulate = (body: unknown, token: string | null = owner.token) =>
  t.request({ method: 'POST', url: '/v1/sandbox/banking/transfers', ...(token ? { token } : {}), body });
const transactions = (query = '', token: string | null = owner.token, businessId = owner.businessId) =>
  t.request({
    method: 'GET',
    url: `/v1/payments/transactions/businesses/${businessId}${query}`,
    ...(token ? { token } : {}),
  });

/** The rail's event for a transfer made at `paidAt`, delivered to the webhook. */
const arriveAt = async (paidAt: string, amountKobo: number) => {
  const event = sandboxTransferEvent({
    accountNumber: account,
    bankCode: '101',
    amountKobo,
    payerName: 'NWOSU EMEKA',
    narration: null,
    now: new Date(paidAt),
  });
  const raw = JSON.stringify(event);
  const res = await t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) },
    body: raw,
  });
  expect(res.json().message).toBe('applied');
};

describe('the simulator and the transactions list', () => {
  it('makes ₦25,000 land on the fixed account, listed with its fee', async () => {
    const sent = await simulate({
      account_number: account,
      amount: 25_000,
      payer_name: 'Bello Amina',
      narration: 'Rice',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.outcome).toBe('applied');
    const res = await transactions();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const transfer = data.transfers.find(
      (x: { reference: string }) => x.reference === sent.json().data.reference,
    );
    expect(transfer).toMatchObject({
      store_id: owner.storeId,
      store_name: 'Ikeja',
      account_number: account,
      amount: 25_000,
      fee: 250,
      net: 24_750,
      payer_name: 'BELLO AMINA',
      payer_bank_name: 'Guaranty Trust Bank',
      narration: 'Rice',
      status: 'successful',
    });
    expect(data.total_amount).toBe(
      data.transfers.reduce((s: number, x: { amount: number }) => s + x.amount, 0),
    );
    expect(data.total_net).toBe(Math.round((data.total_amount - data.total_fee) * 100) / 100);
  });

  it('keeps the kobo exact and caps the fee at ₦300', async () => {
    await simulate({ account_number: account, amount: 0.1 });
    await simulate({ account_number: account, amount: 1_000_000.01 });
    const data = (await transactions()).json().data;
    const small = data.transfers.find((x: { amount: number }) => x.amount === 0.1);
    expect(small).toMatchObject({ fee: 0, net: 0.1 });
    const large = data.transfers.find((x: { amount: number }) => x.amount === 1_000_000.01);
    expect(large).toMatchObject({ fee: 300, net: 999_700.01 });
  });

  it("counts a transfer on the business's day it was made (Africa/Lagos)", async () => {
    // 23:30 in Lagos on 2026-11-20 is 22:30 UTC; 00:30 on the 21st is 23:30 UTC on the 20th.
    await arriveAt('2026-11-20T22:30:00.000Z', 1_000_00);
    await arriveAt('2026-11-20T23:30:00.000Z', 2_000_00);
    const the20th = (await transactions('?startdate=2026-11-20&enddate=2026-11-20')).json().data;
    expect(the20th.transfers.map((x: { amount: number }) => x.amount)).toEqual([1_000]);
    const the21st = (await transactions('?startdate=2026-11-21')).json().data;
    expect(the21st.transfers.map((x: { amount: number }) => x.amount)).toEqual([2_000]);
    expect(the21st.transfers[0].paid_at).toBe('2026-11-20T23:30:00.000Z');
  });

  it('filters by store', async () => {
    const res = await transactions(`?store_id=${newId()}`);
    expect(res.json().data).toEqual({ transfers: [], count: 0, total_amount: 0, total_fee: 0, total_net: 0 });
  });
});

describe('who may see and send', () => {
  it('401 without a token, 403 for a cashier, 404 for another business', async () => {
    expect((await transactions('', null)).statusCode).toBe(401);
    expect((await transactions('', cashierToken)).statusCode).toBe(403);
    expect((await transactions('', other.token)).statusCode).toBe(404);
    const theirs = (await transactions('', other.token, other.businessId)).json().data;
    expect(theirs.transfers).toEqual([]);
    expect((await simulate({ account_number: account, amount: 10 }, null)).statusCode).toBe(401);
    expect((await simulate({ account_number: account, amount: 10 }, cashierToken)).statusCode).toBe(403);
    expect((await simulate({ account_number: otherAccount, amount: 10 })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    for (const [query, field] of [
      ['?startdate=2026-13-01', 'startdate'],
      ['?startdate=2026-11-21&enddate=2026-11-20', 'enddate'],
      ['?store_id=ikeja', 'store_id'],
    ] as const) {
      const res = await transactions(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(field);
    }
    for (const [body, field] of [
      [{ account_number: account, amount: 0 }, 'amount'],
      [{ account_number: account, amount: 1.005 }, 'amount'],
      [{ account_number: account, amount: 1e300 }, 'amount'],
      [{ account_number: account, amount: '10' }, 'amount'],
      [{ account_number: `${account.slice(0, 9)}\u0000`, amount: 10 }, 'account_number'],
      [{ account_number: account, amount: 10, payer_name: 'A\u0000B' }, 'payer_name'],
      [
        { account_number: account, amount: 10, paid_at: new Date(Date.now() + 3_600_000).toISOString() },
        'paid_at',
      ],
      [{ account_number: account, amount: 10, paid_at: 'yesterday' }, 'paid_at'],
    ] as const) {
      const res = await simulate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });
});

it('a production server without a real rail refuses to open accounts rather than make one up', async () => {
  const production = await createTestApp({ isProduction: true, bankingSandboxAllowed: false });
  try {
    const admin = await signUp(production);
    const opened = await production.request({
      method: 'POST',
      url: `/v2/payments/accounts/businesses/${admin.businessId}/customfixedaccount`,
      token: admin.token,
      body: { store_id: admin.storeId, bank_code: '101' },
    });
    expect(opened.statusCode).toBe(503);
    const enquiry = await production.request({
      method: 'GET',
      url: '/v1/payments/resolve/bankaccount?accountnumber=0000014579&bankcode=011',
      token: admin.token,
    });
    expect(enquiry.statusCode).toBe(503);
  } finally {
    await production.close();
  }
});

it('the simulator does not exist in production', async () => {
  const production = await createTestApp({ isProduction: true, exposeOutbox: false });
  try {
    const admin = await signUp(production);
    const opened = await production.request({
      method: 'POST',
      url: `/v2/payments/accounts/businesses/${admin.businessId}/customfixedaccount`,
      token: admin.token,
      body: { store_id: admin.storeId, bank_code: '101' },
    });
    const res = await production.request({
      method: 'POST',
      url: '/v1/sandbox/banking/transfers',
      token: admin.token,
      body: { account_number: opened.json().data.account_number, amount: 10 },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await production.request({ method: 'GET', url: '/v1/sandbox/banking', token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/v1/sandbox/banking', token: owner.token })).json().data,
    ).toEqual({
      sandbox: true,
    });
  } finally {
    await production.close();
  }
});

it('downloads the range as a spreadsheet: every transfer, times in the business zone, formulas defused', async () => {
  await arriveAt('2026-11-26T08:30:00Z', 123_456);
  const res = await transactions('?startdate=2026-11-26&enddate=2026-11-26&format=csv');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toBe(
    'attachment; filename="transactions_2026-11-26_2026-11-26.csv"',
  );
  const lines = res.body.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Paid at,Store,Account,Payer,Payer bank,Narration,Reference,Amount,Fee,You get,Status,Sales agent',
  );
  const row = lines.find((l) => l.includes('1234.56'));
  expect(row).toContain('26/11/2026, 09:30:00');
  expect(row).toContain('1234.56,12.34,1222.22,successful');
  const bad = await transactions('?format=pdf');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toMatch(/format/);
  expect((await transactions('?format=csv', cashierToken)).statusCode).toBe(403);
});
