import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import {
  earnPoints,
  redeemPoints,
  refundToStoreCredit,
  reversePoints,
  spendStoreCredit,
} from '../../src/modules/loyalty/index.js';
import { createLoyaltyTokens } from '../../src/modules/loyalty/loyalty-tokens.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';

const SECRET = 'test-secret-0123456789-abcdefghij';
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: { token: string };
let viewer: { token: string };
let ownerLoyalty: string;
let cashierLoyalty: string;
let otherLoyalty: string;
let customerId: string;
let otherCustomerId: string;

const access = async (token: string) => {
  const res = await t.request({ method: 'POST', url: '/v1/loyalty/access', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; expires_at: string; store_credit_active: boolean };
};

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  loyalty: string | undefined,
  body?: unknown,
) =>
  t.request({
    method,
    url,
    token,
    body,
    headers: loyalty === undefined ? {} : { 'x-loyalty-token': loyalty },
  });

const newCustomer = async (token: string, phone: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/v1/customers/',
    token,
    body: { first_name: 'Kemi', phone },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
};

/** Balances must always equal the sum of the ledger rows. */
const expectLedgerBalanced = async (businessId: string, id: string) => {
  const bal = await t.db
    .selectFrom('loyalty_balances')
    .select(['points', 'store_credit_kobo'])
    .where('business_id', '=', businessId)
    .where('customer_id', '=', id)
    .executeTakeFirst();
  const pts = await t.db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('s'))
    .where('customer_id', '=', id)
    .executeTakeFirstOrThrow();
  const credit = await t.db
    .selectFrom('store_credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_kobo'), eb.lit(0)).as('s'))
    .where('customer_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(Number(bal?.points ?? 0)).toBe(Number(pts.s));
  expect(Number(bal?.store_credit_kobo ?? 0)).toBe(Number(credit.s));
  return { points: Number(pts.s), creditKobo: Number(credit.s) };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cashier = await addCashier(t, owner);
  const role = await t.request({
    method: 'POST',
    url: `/v1/businesses/${owner.businessId}/roles`,
    token: owner.token,
    body: { name: 'Viewer', permissions: ['customers.view'] },
  });
  viewer = await addEmployee(t, owner, { roleId: role.json().data._id });
  ownerLoyalty = (await access(owner.token)).token;
  cashierLoyalty = (await access(cashier.token)).token;
  otherLoyalty = (await access(other.token)).token;
  customerId = await newCustomer(owner.token, '08031110001');
  otherCustomerId = await newCustomer(other.token, '08031110002');
});
afterAll(async () => t.close());

describe('POST /v1/loyalty/access', () => {
  it('gives a short-lived token and the store-credit flag; needs the bearer token', async () => {
    const data = await access(owner.token);
    expect(data.store_credit_active).toBe(false);
    const ttl = new Date(data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    expect((await t.request({ method: 'POST', url: '/v1/loyalty/access' })).statusCode).toBe(401);
  });
});

describe('the loyalty token', () => {
  const url = () => `/v1/loyalty/customers/${customerId}`;
  it('is required besides the bearer token (401 missing, expired, forged, foreign, or an access token)', async () => {
    expect((await call('GET', url(), owner.token, ownerLoyalty)).statusCode).toBe(200);
    expect((await call('GET', url(), owner.token, undefined)).statusCode).toBe(401);
    expect((await call('GET', url(), undefined, ownerLoyalty)).statusCode).toBe(401);
    const expired = await createLoyaltyTokens(SECRET).sign(
      { userId: owner.userId, businessId: owner.businessId, sessionId: 'x' },
      Date.now() - 2 * 60 * 60_000,
    );
    expect((await call('GET', url(), owner.token, expired.token)).statusCode).toBe(401);
    const forged = await createLoyaltyTokens('another-secret-0123456789').sign({
      userId: owner.userId,
      businessId: owner.businessId,
      sessionId: 'x',
    });
    expect((await call('GET', url(), owner.token, forged.token)).statusCode).toBe(401);
    expect((await call('GET', url(), owner.token, otherLoyalty)).statusCode).toBe(401);
    expect((await call('GET', url(), owner.token, cashierLoyalty)).statusCode).toBe(401);
    expect((await call('GET', url(), owner.token, owner.token)).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('starts off, and an admin changes the rules and the store-credit flag', async () => {
    const start = await call('GET', '/v1/loyalty/settings', cashier.token, cashierLoyalty);
    expect(start.json().data).toEqual({
      points_active: false,
      naira_per_point: 100,
      point_value: 1,
      store_credit_active: false,
    });
    const res = await call('PUT', '/v1/loyalty/settings', owner.token, ownerLoyalty, {
      points_active: true,
      naira_per_point: 50,
      point_value: 0.5,
      store_credit_active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      points_active: true,
      naira_per_point: 50,
      point_value: 0.5,
      store_credit_active: true,
    });
    expect((await access(cashier.token)).store_credit_active).toBe(true);
  });

  it('403 for a non-admin, 400 naming the field, 401 without the loyalty token', async () => {
    expect(
      (await call('PUT', '/v1/loyalty/settings', cashier.token, cashierLoyalty, { points_active: true }))
        .statusCode,
    ).toBe(403);
    const bad = await call('PUT', '/v1/loyalty/settings', owner.token, ownerLoyalty, { naira_per_point: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('naira_per_point');
    expect(
      (await call('PUT', '/v1/loyalty/settings', owner.token, undefined, { points_active: true })).statusCode,
    ).toBe(401);
  });
});

describe('manual adjustments', () => {
  it('adds and removes points and store credit with a reason; each is a ledger row', async () => {
    const add = await call(
      'POST',
      `/v1/loyalty/customers/${customerId}/points`,
      cashier.token,
      cashierLoyalty,
      {
        points: 120,
        reason: 'Welcome bonus',
      },
    );
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({ points: 120 });
    const credit = await call(
      'POST',
      `/v1/loyalty/customers/${customerId}/store-credit`,
      owner.token,
      ownerLoyalty,
      { amount: 2500.5, reason: 'Goodwill' },
    );
    expect(credit.json().data).toMatchObject({ points: 120, store_credit: 2500.5 });
    const minus = await call(
      'POST',
      `/v1/loyalty/customers/${customerId}/points`,
      owner.token,
      ownerLoyalty,
      {
        points: -20,
        reason: 'Correction',
      },
    );
    expect(minus.json().data.points).toBe(100);

    const view = await call(
      'GET',
      `/v1/loyalty/customers/${customerId}?limit=2`,
      viewer.token,
      (await access(viewer.token)).token,
    );
    expect(view.statusCode).toBe(200);
    const data = view.json().data;
    expect(data).toMatchObject({ points: 100, store_credit: 2500.5, points_value: 50 });
    expect(data.points_ledger.total).toBe(2);
    expect(data.points_ledger.items[0]).toMatchObject({
      points: -20,
      reason: 'Correction',
      kind: 'adjust',
      user_name: 'Ada Obi',
    });
    expect(data.store_credit_ledger.items[0]).toMatchObject({ amount: 2500.5, reason: 'Goodwill' });
    const detail = await t.request({ method: 'GET', url: `/v1/customers/${customerId}`, token: owner.token });
    expect(detail.json().data).toMatchObject({ points: 100, store_credit: 2500.5 });
    await expectLedgerBalanced(owner.businessId, customerId);
  });

  it('refuses to go below 0 (409) and writes nothing', async () => {
    const res = await call('POST', `/v1/loyalty/customers/${customerId}/points`, owner.token, ownerLoyalty, {
      points: -100000,
      reason: 'Too much',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough points');
    const credit = await call(
      'POST',
      `/v1/loyalty/customers/${customerId}/store-credit`,
      owner.token,
      ownerLoyalty,
      {
        amount: -999999,
        reason: 'Too much',
      },
    );
    expect(credit.statusCode).toBe(409);
    const { points } = await expectLedgerBalanced(owner.businessId, customerId);
    expect(points).toBe(100);
  });

  it('400 names the field; 403 without customers.manage; 404 across businesses', async () => {
    const url = `/v1/loyalty/customers/${customerId}/points`;
    const noReason = await call('POST', url, owner.token, ownerLoyalty, { points: 5 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');
    const zero = await call('POST', url, owner.token, ownerLoyalty, { points: 0, reason: 'x' });
    expect(zero.json().message).toContain('points');
    const cents = await call(
      'POST',
      `/v1/loyalty/customers/${customerId}/store-credit`,
      owner.token,
      ownerLoyalty,
      {
        amount: 1.234,
        reason: 'x',
      },
    );
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toContain('amount');
    const viewerToken = (await access(viewer.token)).token;
    expect((await call('POST', url, viewer.token, viewerToken, { points: 5, reason: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call('POST', `/v1/loyalty/customers/${otherCustomerId}/points`, owner.token, ownerLoyalty, {
          points: 5,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/v1/loyalty/customers/${otherCustomerId}`, owner.token, ownerLoyalty)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/v1/loyalty/customers/not-an-id`, owner.token, ownerLoyalty)).statusCode).toBe(
      404,
    );
  });
});

describe('sale functions (called inside the sales transaction)', () => {
  it('earn, redeem, spend, refund and reverse keep ledger and balance equal', async () => {
    const id = await newCustomer(owner.token, '08031110003');
    const saleId = newId();
    const ctx = { businessId: owner.businessId, customerId: id, saleId };
    // ₦50 per point: ₦1,234.56 earns 24 points.
    expect(await t.db.transaction().execute((tx) => earnPoints(tx, { ...ctx, amountKobo: 123_456 }))).toBe(
      24,
    );
    // 10 points at ₦0.50 each are worth ₦5.00.
    expect(await t.db.transaction().execute((tx) => redeemPoints(tx, { ...ctx, points: 10 }))).toBe(500);
    await expect(
      t.db.transaction().execute((tx) => redeemPoints(tx, { ...ctx, points: 15 })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Not enough points',
    });
    await t.db.transaction().execute((tx) => refundToStoreCredit(tx, { ...ctx, amountKobo: 10_000 }));
    await t.db.transaction().execute((tx) => spendStoreCredit(tx, { ...ctx, amountKobo: 4_000 }));
    await expect(
      t.db.transaction().execute((tx) => spendStoreCredit(tx, { ...ctx, amountKobo: 6_001 })),
    ).rejects.toMatchObject({ statusCode: 409 });
    // Reversing the whole sale takes back at most what is left (14 held, 24 earned).
    expect(await t.db.transaction().execute((tx) => reversePoints(tx, { ...ctx, amountKobo: 123_456 }))).toBe(
      14,
    );
    expect(await t.db.transaction().execute((tx) => reversePoints(tx, { ...ctx, amountKobo: 123_456 }))).toBe(
      0,
    );
    const sums = await expectLedgerBalanced(owner.businessId, id);
    expect(sums).toEqual({ points: 0, creditKobo: 6_000 });
  });

  it('reverses only what the sale earned, in part', async () => {
    const id = await newCustomer(owner.token, '08031110004');
    const saleId = newId();
    const ctx = { businessId: owner.businessId, customerId: id, saleId };
    await t.db.transaction().execute((tx) => earnPoints(tx, { ...ctx, amountKobo: 100_000 })); // 20 points
    await t.db.transaction().execute((tx) => earnPoints(tx, { ...ctx, saleId: newId(), amountKobo: 50_000 })); // 10
    expect(await t.db.transaction().execute((tx) => reversePoints(tx, { ...ctx, amountKobo: 25_000 }))).toBe(
      5,
    );
    expect(await t.db.transaction().execute((tx) => reversePoints(tx, { ...ctx, amountKobo: 900_000 }))).toBe(
      15,
    );
    expect((await expectLedgerBalanced(owner.businessId, id)).points).toBe(10);
  });

  it('two sales redeeming at once cannot spend the same points twice', async () => {
    const id = await newCustomer(owner.token, '08031110006');
    const ctx = { businessId: owner.businessId, customerId: id };
    await t.db.transaction().execute((tx) => earnPoints(tx, { ...ctx, saleId: newId(), amountKobo: 75_000 })); // 15
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        t.db.transaction().execute((tx) => redeemPoints(tx, { ...ctx, saleId: newId(), points: 10 })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await expectLedgerBalanced(owner.businessId, id)).points).toBe(5);
  });

  it('a rolled-back sale leaves no ledger rows', async () => {
    const id = await newCustomer(owner.token, '08031110005');
    await expect(
      t.db.transaction().execute(async (tx) => {
        await earnPoints(tx, {
          businessId: owner.businessId,
          customerId: id,
          saleId: newId(),
          amountKobo: 100_000,
        });
        throw new Error('sale failed');
      }),
    ).rejects.toThrow('sale failed');
    expect(await expectLedgerBalanced(owner.businessId, id)).toEqual({ points: 0, creditKobo: 0 });
  });

  it('earns nothing when points are off; store credit off refuses spending (409)', async () => {
    const ctx = { businessId: other.businessId, customerId: otherCustomerId, saleId: newId() };
    expect(await t.db.transaction().execute((tx) => earnPoints(tx, { ...ctx, amountKobo: 1_000_000 }))).toBe(
      0,
    );
    await t.db.transaction().execute((tx) => refundToStoreCredit(tx, { ...ctx, amountKobo: 1_000 }));
    await expect(
      t.db.transaction().execute((tx) => spendStoreCredit(tx, { ...ctx, amountKobo: 500 })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('Store credit is turned off'),
    });
    // Another business's customer is not found.
    await expect(
      t.db
        .transaction()
        .execute((tx) => refundToStoreCredit(tx, { ...ctx, businessId: owner.businessId, amountKobo: 100 })),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('GET /v1/loyalty/points/download', () => {
  it('is a CSV of customers with points and store credit', async () => {
    const res = await call('GET', '/v1/loyalty/points/download', cashier.token, cashierLoyalty);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Phone,Email,Points,Store credit (NGN)');
    expect(lines).toContain('Kemi,,08031110001,,100,2500.50');
    expect(res.body).not.toContain('08031110002');
    expect((await call('GET', '/v1/loyalty/points/download', cashier.token, undefined)).statusCode).toBe(401);
    const role = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/roles`,
      token: owner.token,
      body: { name: 'Nothing', permissions: [] },
    });
    const nobody = await addEmployee(t, owner, { roleId: role.json().data._id });
    const res403 = await call(
      'GET',
      '/v1/loyalty/points/download',
      nobody.token,
      (await access(nobody.token)).token,
    );
    expect(res403.statusCode).toBe(403);
  });
});
