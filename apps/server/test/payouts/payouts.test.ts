import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { payOutBusiness, runScheduledPayouts } from '../../src/flows/run-payouts.js';
import { sendPayout } from '../../src/flows/send-payout.js';
import { accountBalances } from '../../src/modules/ledger/index.js';
import { createBanking, sandboxOutbox } from '../../src/providers/banking/index.js';
import { tellOwnersOfFailedPayouts } from '../../src/modules/payouts/index.js';
import { createNotifications } from '../../src/providers/notifications/index.js';
import { addCashier, createTestApp, lastEmail, signUp, type TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';
import {
  addPayoutAccount,
  detailsOf,
  lagos,
  openFixedAccount,
  payoutsOf,
  SECRET,
  transferAt,
  waitForStatus,
} from './payouts-helper.js';

/**
 * Payouts (issue 14): what a business is owed goes to its bank account the day after it arrived,
 * through the rail's two-phase transfer — reserved when sent, posted or given back when the rail
 * answers — and the payouts screens read them.
 */

let t: TestApp;
const deps = () => ({ db: t.db, jobs: t.jobs, env: { ...t.env, payoutHour: 9 } });
/** Today at 10:00 in Lagos: after the day's payout hour. */
const tenToday = () => lagos(0, 10);

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET });
});
afterAll(async () => t?.close());

/** A business with a fixed account, a payout account and transfers: ₦10,000 and ₦5,000 yesterday, ₦2,000 today. */
const businessWithMoney = async (serial = '100200300') => {
  const owner = await signUp(t, { store_name: 'Ikeja' });
  const fixed = await openFixedAccount(t, owner);
  const payTo = await addPayoutAccount(t, owner, serial);
  expect(await transferAt(t, fixed, 1_000_000, lagos(1, 11))).toBe('applied');
  expect(await transferAt(t, fixed, 500_000, lagos(1, 18, 30))).toBe('applied');
  expect(await transferAt(t, fixed, 200_000, lagos(0, 0, 5))).toBe('applied');
  return { owner, fixed, payTo };
};

const collections = async (businessId: string) =>
  (await accountBalances(t.db, businessId)).find((a) => a.kind === 'collections' && a.storeId === null)!;

describe('the scheduled run (T+1)', () => {
  it("pays yesterday's money less fees to the bank account, and the rail's success posts it", async () => {
    const { owner, payTo } = await businessWithMoney();
    // Yesterday's money goes in this morning's run, at 09:00 Lagos.
    expect((await payoutsOf(t, owner)).json().data.next_payout_at).toBe(lagos(0, 9).toISOString());
    expect(await runScheduledPayouts(deps(), tenToday())).toBeGreaterThanOrEqual(1);
    const list = (await payoutsOf(t, owner)).json().data;
    expect(list.payouts).toHaveLength(1);
    const [made] = list.payouts;
    // ₦10,000 + ₦5,000 less 1 % fees (₦100 + ₦50); today's ₦2,000 waits for tomorrow.
    expect(made).toMatchObject({
      amount: 14_850,
      transactions_count: 2,
      account_number: payTo,
      bank_name: 'Guaranty Trust Bank',
      run: 'scheduled',
      store_id: null,
    });
    const paid = await waitForStatus(t, owner, made._id, 'paid');
    expect(paid).toMatchObject({ status: 'paid', failure_reason: null });
    // Today's ₦2,000 (less its fee) goes tomorrow morning.
    expect((await payoutsOf(t, owner)).json().data).toMatchObject({
      owed: 1_980,
      total_paid_out: 14_850,
      next_payout_at: lagos(-1, 9).toISOString(),
    });
    const details = (await detailsOf(t, owner, made._id)).json().data;
    expect(details.transactions.map((x: { amount: number }) => x.amount).sort()).toEqual(
      [10_000, 5_000].sort(),
    );
    expect(details.transactions[0]).toMatchObject({ store_name: 'Ikeja', fee: 100, net: 9_900 });
    // The ledger: collections hold only today's money; nothing is reserved.
    const c = await collections(owner.businessId);
    expect(c).toMatchObject({ posted: 198_000, pendingOut: 0, available: 198_000 });
  });

  it('does nothing before the payout hour, and once a day however often it runs (two servers at once)', async () => {
    const { owner } = await businessWithMoney('100200301');
    expect(await runScheduledPayouts(deps(), lagos(0, 8, 59))).toBe(0);
    expect((await payoutsOf(t, owner)).json().data.payouts).toHaveLength(0);
    await Promise.all([runScheduledPayouts(deps(), tenToday()), runScheduledPayouts(deps(), tenToday())]);
    await runScheduledPayouts(deps(), lagos(0, 15));
    expect((await payoutsOf(t, owner)).json().data.payouts).toHaveLength(1);
  });

  it('a business without a bank account keeps what it is owed', async () => {
    const owner = await signUp(t);
    const fixed = await openFixedAccount(t, owner);
    await transferAt(t, fixed, 300_000, lagos(1, 9));
    const made = await payOutBusiness(deps(), owner.businessId, {
      before: tenToday(),
      run: 'scheduled',
      day: '2026-01-01',
    });
    expect(made).toEqual({ payoutIds: [], noAccount: [null] });
    expect((await payoutsOf(t, owner)).json().data).toMatchObject({ payouts: [], owed: 2_970 });
  });

  it('per-store settlement pays each store to its own account, else to the business account', async () => {
    const owner = await signUp(t, { store_name: 'Ikeja' });
    const second = await t.request({
      method: 'POST',
      url: '/v1/stores/',
      token: owner.token,
      body: { name: 'Lekki', address: '1 Admiralty Way' },
    });
    expect(second.statusCode, second.body).toBeLessThan(300);
    const lekki = second.json().data._id ?? second.json().data.id;
    const third = await t.request({
      method: 'POST',
      url: '/v1/stores/',
      token: owner.token,
      body: { name: 'Yaba', address: '2 Herbert Macaulay' },
    });
    const yaba = third.json().data._id ?? third.json().data.id;
    await t.db
      .insertInto('settlement_preferences')
      .values({ business_id: owner.businessId, settlement_type: 'store', updated_by: owner.userId })
      .execute();
    const businessAccount = await addPayoutAccount(t, owner, '100200302');
    const lekkiAccount = await addPayoutAccount(t, owner, '100200303', lekki);
    await transferAt(t, await openFixedAccount(t, owner), 100_000, lagos(1, 10));
    await transferAt(t, await openFixedAccount(t, owner, lekki), 200_000, lagos(1, 10));
    await transferAt(t, await openFixedAccount(t, owner, yaba), 400_000, lagos(1, 10));
    await runScheduledPayouts(deps(), tenToday());
    const payouts = (await payoutsOf(t, owner)).json().data.payouts as {
      store_name: string;
      account_number: string;
      amount: number;
    }[];
    expect(
      payouts
        .map((p) => [p.store_name, p.account_number, p.amount])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Ikeja', businessAccount, 990],
      ['Lekki', lekkiAccount, 1_980],
      ['Yaba', businessAccount, 3_960],
    ]);
  });
});

describe('what the rail answers', () => {
  it('a failed payout gives the money back, says why, and the next payout pays it', async () => {
    const { owner } = await businessWithMoney('111200300');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    const failed = await waitForStatus(t, owner, made._id, 'failed');
    expect(failed).toMatchObject({ failure_reason: 'Dormant account' });
    expect((await payoutsOf(t, owner)).json().data).toMatchObject({
      owed: 14_850 + 1_980,
      total_paid_out: 0,
    });
    expect(await collections(owner.businessId)).toMatchObject({ posted: 1_683_000, pendingOut: 0 });
    // The failed payout still lists what it tried to pay.
    expect((await detailsOf(t, owner, made._id)).json().data.transactions).toHaveLength(2);
    // Tomorrow's run pays it all (to the same failing account here: it fails again, nothing is lost).
    await runScheduledPayouts(deps(), new Date(tenToday().getTime() + 86_400_000));
    const again = (await payoutsOf(t, owner)).json().data.payouts;
    expect(again.map((p: { amount: number }) => p.amount).sort()).toEqual([14_850, 16_830].sort());
  });

  it('the owner is e-mailed once when a payout fails, with what the bank said', async () => {
    const { owner } = await businessWithMoney('111200301');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    await waitForStatus(t, owner, made._id, 'failed');
    const notices = { db: t.db, notifications: createNotifications('sandbox', t.db) };
    // The minute's job may have sent it already; either way it goes once.
    await tellOwnersOfFailedPayouts(notices);
    const mail = await lastEmail(t, owner.email);
    expect(mail).toMatchObject({ kind: 'payout_failed', subject: 'Your payout of ₦14,850.00 failed' });
    expect(mail?.body).toContain('The bank said: Dormant account.');
    expect(mail?.body).toContain('it goes in your next payout');
    // Told once: another run (or another server) sends nothing more for it.
    expect(await tellOwnersOfFailedPayouts(notices)).toBe(0);
    const all = await t.request({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(owner.email)}&limit=20`,
    });
    expect(all.json().data.filter((m: { kind: string }) => m.kind === 'payout_failed')).toHaveLength(1);
    const row = await t.db
      .selectFrom('payouts')
      .select('owner_told_at')
      .where('id', '=', made._id)
      .executeTakeFirst();
    expect(row?.owner_told_at).toBeInstanceOf(Date);
  });

  it('a payout reversed after it succeeded is owed again, by a new ledger entry', async () => {
    const { owner } = await businessWithMoney('222200300');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    const reversed = await waitForStatus(t, owner, made._id, 'reversed');
    expect(reversed).toMatchObject({ failure_reason: 'Returned by the beneficiary bank' });
    expect(reversed.paid_at).not.toBeNull();
    expect(await collections(owner.businessId)).toMatchObject({ posted: 1_683_000, pendingOut: 0 });
    const kinds = await t.db
      .selectFrom('ledger_entries')
      .select(['kind', 'phase'])
      .where('business_id', '=', owner.businessId)
      .where('kind', 'like', 'payout%')
      .orderBy('created_at')
      .execute();
    expect(kinds).toEqual([
      { kind: 'payout', phase: 'pending' },
      { kind: 'payout', phase: 'post_pending' },
      { kind: 'payout_reversal', phase: 'posted' },
    ]);
  });

  it('a rail that never answers: the payout fails after the last try and nothing is lost', async () => {
    const { owner } = await businessWithMoney('333200300');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    expect(made.status).toBe('pending');
    // The job's last try (its earlier ones are retried with back-off in the background).
    const banking = createBanking('sandbox', {
      latencyMs: 0,
      sandboxAllowed: true,
      outbox: sandboxOutbox(t.jobs),
      transferSeconds: 0,
    });
    await sendPayout(
      { db: t.db, banking },
      { businessId: owner.businessId, payoutId: made._id },
      { id: newId(), retryCount: 8 },
    );
    const failed = await waitForStatus(t, owner, made._id, 'failed');
    expect(failed.failure_reason).toMatch(/did not answer/);
    expect((await payoutsOf(t, owner)).json().data.owed).toBe(16_830);
  });
});

describe('the payouts routes', () => {
  it('401 without a token, 403 for a cashier, 404 for another business, 400 naming the field', async () => {
    const { owner } = await businessWithMoney('100200304');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    const other = await signUp(t);
    const cashier = await addCashier(t, owner);

    expect(
      (await t.request({ method: 'GET', url: `/v1/payments/batch/businesses/${owner.businessId}` }))
        .statusCode,
    ).toBe(401);
    expect((await payoutsOf(t, owner, cashier.token)).statusCode).toBe(403);
    expect((await detailsOf(t, owner, made._id, cashier.token)).statusCode).toBe(403);
    expect((await payoutsOf(t, owner, other.token)).statusCode).toBe(404);
    expect((await detailsOf(t, other, made._id, other.token)).statusCode).toBe(404);
    const bad = await detailsOf(t, owner, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/payoutId/);
    const badDay = await payoutsOf(t, owner, owner.token, '?startdate=2026-13-40');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toMatch(/startdate/);
    const reversed = await payoutsOf(t, owner, owner.token, '?startdate=2026-05-02&enddate=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/enddate/);
  });

  it("a manager sees only their stores' payouts; a business-wide payout is the owner's", async () => {
    const { owner } = await businessWithMoney('100200305');
    await runScheduledPayouts(deps(), tenToday());
    const [made] = (await payoutsOf(t, owner)).json().data.payouts;
    const manager = await addEmployee(t, { ...owner, device: owner.device }, { role: 'manager' });
    const seen = (await payoutsOf(t, owner, manager.token)).json().data;
    expect(seen.payouts).toHaveLength(0);
    expect(seen.owed).toBe(1_980);
    expect((await detailsOf(t, owner, made._id, manager.token)).statusCode).toBe(404);
  });

  it('the sandbox pays out now what is owed, today included', async () => {
    const { owner } = await businessWithMoney('100200306');
    const res = await t.request({ method: 'POST', url: '/v1/sandbox/banking/payouts', token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payouts).toMatchObject([
      { amount: 16_830, transactions_count: 3, run: 'on_demand' },
    ]);
    await waitForStatus(t, owner, res.json().data.payouts[0]._id, 'paid');
    expect((await payoutsOf(t, owner)).json().data).toMatchObject({ owed: 0, next_payout_at: null });
    const again = await t.request({ method: 'POST', url: '/v1/sandbox/banking/payouts', token: owner.token });
    expect(again.json().data.payouts).toEqual([]);
  });
});
