import { afterAll, beforeAll, expect, it } from 'vitest';
import { runScheduledPayouts } from '../../src/flows/run-payouts.js';
import { accountBalances } from '../../src/modules/ledger/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import {
  addPayoutAccount,
  deliver,
  detailsOf,
  lagos,
  openFixedAccount,
  payoutsOf,
  SECRET,
  transferAt,
} from './payouts-helper.js';

/**
 * The rail's answers about a payout, delivered as real rails deliver them: twice, under another id,
 * out of order, or naming something that is not ours (issue 14, ARCHITECTURE §9). Here the sandbox
 * takes an hour to answer, so the test's own events are the only ones that arrive.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET, bankingSandboxTransferSeconds: 3600 });
});
afterAll(async () => t?.close());

/** A business with a pending payout of ₦9,900 (₦10,000 received yesterday less its fee). */
const pendingPayout = async () => {
  const owner = await signUp(t);
  await addPayoutAccount(t, owner, '100300400');
  await transferAt(t, await openFixedAccount(t, owner), 1_000_000, lagos(1, 12));
  await runScheduledPayouts({ db: t.db, jobs: t.jobs, env: { ...t.env, payoutHour: 9 } }, lagos(0, 10));
  const [payout] = (await payoutsOf(t, owner)).json().data.payouts;
  expect(payout).toMatchObject({ status: 'pending', amount: 9_900 });
  // Sent: the rail has accepted it (the send job ran).
  for (let i = 0; i < 100; i++) {
    const row = await t.db
      .selectFrom('payouts')
      .select('provider_reference')
      .where('id', '=', payout._id)
      .executeTakeFirstOrThrow();
    if (row.provider_reference) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { owner, payout };
};

const outcome = (
  id: string,
  type: 'success' | 'failed' | 'reversed',
  reference: string,
  amount = 990_000,
  reason: string | null = null,
) => ({
  id,
  event: `transfer.${type}`,
  data: {
    reference,
    provider_reference: 'SBX-TRF-test',
    amount,
    currency: 'NGN',
    reason,
    at: new Date().toISOString(),
  },
});

const ledgerOf = async (businessId: string) => ({
  collections: (await accountBalances(t.db, businessId)).find((a) => a.kind === 'collections' && !a.storeId)!,
  entries: (
    await t.db
      .selectFrom('ledger_entries')
      .select('phase')
      .where('business_id', '=', businessId)
      .where('kind', 'like', 'payout%')
      .execute()
  ).map((e) => e.phase),
});

it('a success delivered twice, and again under another id, posts once', async () => {
  const { owner, payout } = await pendingPayout();
  expect(await deliver(t, outcome('evt_s1', 'success', payout.reference))).toBe('applied');
  expect(await deliver(t, outcome('evt_s1', 'success', payout.reference))).toBe('duplicate');
  expect(await deliver(t, outcome('evt_s1_again', 'success', payout.reference))).toBe('duplicate');
  expect((await detailsOf(t, owner, payout._id)).json().data.payout.status).toBe('paid');
  const { collections, entries } = await ledgerOf(owner.businessId);
  expect(entries.sort()).toEqual(['pending', 'post_pending']);
  expect(collections).toMatchObject({ posted: 0, pendingOut: 0 });
});

it('a reversal that arrives before its success gives the money back; the late success changes nothing', async () => {
  const { owner, payout } = await pendingPayout();
  expect(
    await deliver(
      t,
      outcome('evt_r2', 'reversed', payout.reference, 990_000, 'Returned by the beneficiary bank'),
    ),
  ).toBe('applied');
  expect(await deliver(t, outcome('evt_s2', 'success', payout.reference))).toBe('duplicate');
  const details = (await detailsOf(t, owner, payout._id)).json().data.payout;
  expect(details).toMatchObject({ status: 'reversed', failure_reason: 'Returned by the beneficiary bank' });
  const { collections, entries } = await ledgerOf(owner.businessId);
  expect(entries.sort()).toEqual(['pending', 'void_pending']);
  expect(collections).toMatchObject({ posted: 990_000, pendingOut: 0, available: 990_000 });
  expect((await payoutsOf(t, owner)).json().data.owed).toBe(9_900);
});

it('a failure after a success is taken as a reversal, once', async () => {
  const { owner, payout } = await pendingPayout();
  await deliver(t, outcome('evt_s3', 'success', payout.reference));
  expect(
    await deliver(t, outcome('evt_f3', 'failed', payout.reference, 990_000, 'Beneficiary bank error')),
  ).toBe('applied');
  expect(await deliver(t, outcome('evt_r3', 'reversed', payout.reference))).toBe('duplicate');
  const { collections, entries } = await ledgerOf(owner.businessId);
  expect(entries.sort()).toEqual(['pending', 'post_pending', 'posted']);
  expect(collections).toMatchObject({ posted: 990_000, pendingOut: 0 });
});

it('an answer about a transfer that is not ours, or for another amount, is kept unmatched and moves nothing', async () => {
  const { owner, payout } = await pendingPayout();
  expect(await deliver(t, outcome('evt_x4', 'success', 'PO-NOT-OURS'))).toBe('unmatched');
  expect(await deliver(t, outcome('evt_y4', 'success', payout.reference, 1_000_000))).toBe('unmatched');
  expect((await detailsOf(t, owner, payout._id)).json().data.payout.status).toBe('pending');
  const kept = await t.db
    .selectFrom('bank_events')
    .select(['event_id', 'status'])
    .where('event_id', 'in', ['evt_x4', 'evt_y4'])
    .orderBy('event_id')
    .execute();
  expect(kept).toEqual([
    { event_id: 'evt_x4', status: 'unmatched' },
    { event_id: 'evt_y4', status: 'unmatched' },
  ]);
  const { collections } = await ledgerOf(owner.businessId);
  expect(collections).toMatchObject({ posted: 990_000, pendingOut: 990_000, available: 0 });
});

it('a malformed outcome is refused with the field named, and kept as invalid', async () => {
  const bad = outcome('evt_bad5', 'success', 'PO-X', -5);
  const raw = JSON.stringify(bad);
  const { signBody, SIGNATURE_HEADER } = await import('../../src/providers/banking/index.js');
  const res = await t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) },
    body: raw,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/data\.amount/);
  const kept = await t.db
    .selectFrom('bank_events')
    .select('status')
    .where('event_id', '=', 'evt_bad5')
    .executeTakeFirst();
  expect(kept?.status).toBe('invalid');
});
