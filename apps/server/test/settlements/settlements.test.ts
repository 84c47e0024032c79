import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { runScheduledPayouts } from '../../src/flows/run-payouts.js';
import { addCashier, createTestApp, lastEmail, signUp, STRONG_PASSWORD, type TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';
import {
  addPayoutAccount,
  lagos,
  openFixedAccount,
  payoutsOf,
  SECRET,
  transferAt,
} from '../payouts/payouts-helper.js';

/**
 * Where payouts go (issue 14): the first bank account at once; a change only with the password and
 * the transaction PIN, e-mailed to the owner, in force a day later unless the owner cancels it — an
 * account taken over must not redirect the next payout.
 */

let t: TestApp;
const logLines: string[] = [];
type Owner = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ bankingWebhookSecret: SECRET }, { logStream: logs });
});
afterAll(async () => t?.close());

const prefsUrl = (b: string) => `/v2/settlements/business/${b}/preferences`;
const preferences = async (who: Owner, token = who.token) =>
  t.request({ method: 'GET', url: prefsUrl(who.businessId), token });
const setPin = (who: Owner, pin: string, password = STRONG_PASSWORD, token = who.token) =>
  t.request({ method: 'PUT', url: '/v2/settlements/pin', token, body: { password, pin } });
const change = (who: Owner, body: Record<string, unknown>, token = who.token) =>
  t.request({
    method: 'POST',
    url: `/v2/settlements/business/${who.businessId}/accounts`,
    token,
    body: { password: STRONG_PASSWORD, pin: '4829', ...body },
  });
const bankAccountId = async (who: Owner, accountNumber: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/v1/payments/accounts/businesses/${who.businessId}`,
      token: who.token,
    })
  )
    .json()
    .data.find((a: { account_number: string }) => a.account_number === accountNumber)._id as string;

/** Runs the day's payout and answers the account it went to. */
const payOutTo = async (who: Owner, daysAgo: number) => {
  const fixed = await openFixedAccount(t, who).catch(() => null);
  if (fixed) await transferAt(t, fixed, 100_000, lagos(daysAgo + 1, 12));
  const env = { ...t.env, payoutHour: 0 };
  await runScheduledPayouts({ db: t.db, jobs: t.jobs, env }, lagos(daysAgo, 10));
  const list = (await payoutsOf(t, who)).json().data.payouts as { account_number: string }[];
  return list[0]?.account_number;
};

describe('the settlement account', () => {
  it('the first bank account is where payouts go at once; adding another changes nothing', async () => {
    const owner = await signUp(t);
    const first = await addPayoutAccount(t, owner, '200100100');
    await addPayoutAccount(t, owner, '200100200');
    const prefs = (await preferences(owner)).json().data;
    expect(prefs).toMatchObject({ settlement_type: 'business', payout_hour: 9, has_pin: false });
    expect(prefs.scopes[0]).toMatchObject({
      store_id: null,
      current: { account_number: first },
      pending: null,
    });
    expect(prefs.scopes[1]).toMatchObject({ store_id: owner.storeId, store_name: 'Ikeja', current: null });
    expect(await payOutTo(owner, 0)).toBe(first);
  });

  it('a change takes the password and the PIN, is e-mailed to the owner, and takes effect a day later', async () => {
    const owner = await signUp(t);
    const first = await addPayoutAccount(t, owner, '200200100');
    const second = await addPayoutAccount(t, owner, '200200200');
    const target = await bankAccountId(owner, second);

    const noPin = await change(owner, { bank_account_id: target });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().message).toMatch(/^pin: set your transaction PIN first/);
    expect((await setPin(owner, '4829', 'not-my-password')).statusCode).toBe(403);
    const easy = await setPin(owner, '1234');
    expect(easy.statusCode).toBe(400);
    expect(easy.json().message).toMatch(/pin is too easy/);
    expect((await setPin(owner, '4829')).statusCode).toBe(200);

    const wrongPassword = await change(owner, { bank_account_id: target, password: 'Wrong$ecret1' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().message).toBe('The password is not correct.');
    const wrongPin = await change(owner, { bank_account_id: target, pin: '1111' });
    expect(wrongPin.statusCode).toBe(403);
    expect(wrongPin.json().message).toBe('The PIN is not correct. 4 tries left.');

    const before = Date.now();
    const res = await change(owner, { bank_account_id: target });
    expect(res.statusCode, res.body).toBe(200);
    const scope = res.json().data.scopes[0];
    expect(scope.current.account_number).toBe(first);
    expect(scope.pending).toMatchObject({ account: { account_number: second }, requested_by: 'Ada Obi' });
    const effective = Date.parse(scope.pending.effective_at);
    expect(effective - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    const mail = await lastEmail(t, owner.email);
    expect(mail?.subject).toBe('Your settlement account is changing');
    expect(mail?.body).toContain(second);

    // Today's payout still goes to the account in force.
    expect(await payOutTo(owner, 1)).toBe(first);
    // A day later (every time of the business's settlement accounts a day and an hour earlier: as if
    // the clock had moved on) the next payout goes to the new one.
    await sql`UPDATE settlement_accounts SET effective_at = effective_at - interval '25 hours'
      WHERE business_id = ${owner.businessId}`.execute(t.db);
    expect(await payOutTo(owner, 0)).toBe(second);
  });

  it('the owner cancels a change before it takes effect; an admin who is not the owner cannot', async () => {
    const owner = await signUp(t);
    const first = await addPayoutAccount(t, owner, '200300100');
    const target = await bankAccountId(owner, await addPayoutAccount(t, owner, '200300200'));
    await setPin(owner, '5830');
    const pending = (await change(owner, { bank_account_id: target, pin: '5830' })).json().data.scopes[0]
      .pending;
    const admin = await addEmployee(t, owner, { role: 'admin' });
    const url = `/v2/settlements/business/${owner.businessId}/accounts/${pending._id}`;
    expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(403);
    const cancelled = await t.request({ method: 'DELETE', url, token: owner.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.scopes[0]).toMatchObject({
      current: { account_number: first },
      pending: null,
    });
    expect((await lastEmail(t, owner.email))?.subject).toBe('Settlement account change cancelled');
    expect((await t.request({ method: 'DELETE', url, token: owner.token })).statusCode).toBe(404);
    expect(await payOutTo(owner, 0)).toBe(first);
  });

  it('five wrong PINs block the PIN for a while, even with the right one after', async () => {
    const owner = await signUp(t);
    await addPayoutAccount(t, owner, '200400100');
    const target = await bankAccountId(owner, await addPayoutAccount(t, owner, '200400200'));
    await setPin(owner, '7391');
    for (let i = 0; i < 4; i++)
      expect((await change(owner, { bank_account_id: target, pin: '0000' })).statusCode).toBe(403);
    const fifth = await change(owner, { bank_account_id: target, pin: '0000' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Wrong PIN. Your PIN is blocked for 30 minutes.');
    const right = await change(owner, { bank_account_id: target, pin: '7391' });
    expect(right.statusCode).toBe(429);
    expect((await preferences(owner)).json().data.scopes[0].pending).toBeNull();
  });

  it('settling store by store takes the password and the PIN too', async () => {
    const owner = await signUp(t);
    await setPin(owner, '2468');
    const url = `/v1/businesses/settlement/updatetype/${owner.businessId}`;
    const wrong = await t.request({
      method: 'POST',
      url,
      token: owner.token,
      body: { settlement_type: 'store', password: STRONG_PASSWORD, pin: '8642' },
    });
    expect(wrong.statusCode).toBe(403);
    const res = await t.request({
      method: 'POST',
      url,
      token: owner.token,
      body: { settlement_type: 'store', password: STRONG_PASSWORD, pin: '2468' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settlement_type).toBe('store');
    expect((await lastEmail(t, owner.email))?.subject).toBe('Your payouts are now settled store by store');
  });
});

describe('the settlement routes', () => {
  it('401 without a token, 403 for a cashier or a manager, 404 for another business, 400 naming the field', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const cashier = await addCashier(t, owner);
    const manager = await addEmployee(t, owner, { role: 'manager' });
    expect((await t.request({ method: 'GET', url: prefsUrl(owner.businessId) })).statusCode).toBe(401);
    expect((await preferences(owner, cashier.token)).statusCode).toBe(403);
    expect((await preferences(owner, manager.token)).statusCode).toBe(403);
    expect((await change(owner, { bank_account_id: owner.storeId }, manager.token)).statusCode).toBe(403);
    expect((await preferences(owner, other.token)).statusCode).toBe(404);
    await setPin(owner, '9157');
    const notOurs = await change(owner, { bank_account_id: owner.storeId, pin: '9157' });
    expect(notOurs.statusCode).toBe(404);
    const badPin = await change(owner, { bank_account_id: owner.storeId, pin: '12a4' });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().message).toMatch(/pin must be 4 digits/);
    const badAccount = await change(owner, { bank_account_id: 'nope' });
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().message).toMatch(/bank_account_id/);
    const badType = await t.request({
      method: 'POST',
      url: `/v1/businesses/settlement/updatetype/${owner.businessId}`,
      token: owner.token,
      body: { settlement_type: 'everyone', password: STRONG_PASSWORD, pin: '9157' },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/settlement_type/);
  });

  it('no PIN or password reaches the log', async () => {
    const joined = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of ['4829', '7391', '5830', '2468', '9157', STRONG_PASSWORD, 'Wrong$ecret1'])
      expect(joined).not.toContain(`"${secret}"`);
    expect(joined).not.toContain(STRONG_PASSWORD);
  });
});
