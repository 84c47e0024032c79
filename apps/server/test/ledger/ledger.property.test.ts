import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';
import {
  balancesOf,
  newBusiness,
  outcomeOf,
  payout,
  payoutReversal,
  resolve,
  transferIn,
} from './fixtures.js';

/**
 * Random sequences of transfers received (with fees), payouts (sent, then succeeded, failed, or
 * succeeded and reversed later) and repeats of earlier events (a webhook delivered twice), run
 * through the ledger against a small model of what the business is owed. After each sequence:
 *  (a) the postings of the whole ledger, and of every entry, sum to zero;
 *  (b) every account's posted and pending totals equal the sums of its postings;
 *  (c) no account that must not go negative is;
 *  (d) collections received − fees − payouts (sent and not reversed) = what the business is owed,
 *      and every balance equals the model's.
 */

type Command =
  | { kind: 'in'; amount: number; fee: number }
  | { kind: 'payout'; amount: number }
  | { kind: 'answer'; payout: number; outcome: 'post' | 'void' }
  | { kind: 'reverse'; payout: number }
  | { kind: 'repeat'; step: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc
    .record({ amount: fc.integer({ min: 1, max: 1_000_000 }), fee: fc.integer({ min: 0, max: 5_000 }) })
    .map(({ amount, fee }) => ({ kind: 'in' as const, amount, fee: Math.min(fee, amount - 1) })),
  fc.record({ kind: fc.constant('payout' as const), amount: fc.integer({ min: 1, max: 1_500_000 }) }),
  fc.record({
    kind: fc.constant('answer' as const),
    payout: fc.nat({ max: 20 }),
    outcome: fc.constantFrom('post' as const, 'void' as const),
  }),
  fc.record({ kind: fc.constant('reverse' as const), payout: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('repeat' as const), step: fc.nat({ max: 40 }) }),
);

type Payout = { reference: string; amount: number; state: 'pending' | 'post' | 'void'; reversed: boolean };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const checkBooks = async (businessId: string) => {
  const { rows: unbalanced } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT entry_id FROM ledger_postings GROUP BY business_id, entry_id HAVING sum(amount) <> 0) e`.execute(
    t.db,
  );
  expect(unbalanced[0]!.n).toBe(0);
  const { rows: total } = await sql<{
    total: string;
  }>`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_postings`.execute(t.db);
  expect(total[0]!.total).toBe('0');
  const { rows: drift } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_accounts a
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(greatest(p.amount, 0)) FILTER (WHERE e.phase IN ('posted', 'post_pending')), 0) AS dp,
               coalesce(sum(greatest(-p.amount, 0)) FILTER (WHERE e.phase IN ('posted', 'post_pending')), 0) AS cp,
               coalesce(sum(greatest(p.amount, 0)) FILTER (WHERE e.phase = 'pending' AND r.id IS NULL), 0) AS dq,
               coalesce(sum(greatest(-p.amount, 0)) FILTER (WHERE e.phase = 'pending' AND r.id IS NULL), 0) AS cq
          FROM ledger_postings p
          JOIN ledger_entries e ON e.business_id = p.business_id AND e.id = p.entry_id
          LEFT JOIN ledger_entries r ON r.business_id = e.business_id AND r.pending_id = e.id
         WHERE p.business_id = a.business_id AND p.account_id = a.id) s ON true
     WHERE a.business_id = ${businessId}
       AND (a.debits_posted <> s.dp OR a.credits_posted <> s.cp OR a.debits_pending <> s.dq OR a.credits_pending <> s.cq
            OR (a.debits_must_not_exceed_credits AND a.debits_posted + a.debits_pending > a.credits_posted)
            OR (a.credits_must_not_exceed_debits AND a.credits_posted + a.credits_pending > a.debits_posted))`.execute(
    t.db,
  );
  expect(drift[0]!.n).toBe(0);
};

it('keeps the books balanced whatever arrives, twice or out of turn', { timeout: 180_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
      const businessId = await newBusiness(t.db);
      const payouts: Payout[] = [];
      const done: (() => Promise<unknown>)[] = [];
      let received = 0;
      let fees = 0;
      const owed = () =>
        received -
        fees -
        payouts.filter((p) => p.state === 'post' && !p.reversed).reduce((s, p) => s + p.amount, 0);
      const reserved = () => payouts.filter((p) => p.state === 'pending').reduce((s, p) => s + p.amount, 0);

      for (const c of commands) {
        if (c.kind === 'in') {
          const reference = `in-${done.length}-${businessId}`;
          const run = () => transferIn(t.db, businessId, c.amount, c.fee, reference);
          await run();
          received += c.amount;
          fees += c.fee;
          done.push(run);
        } else if (c.kind === 'payout') {
          const reference = `payout-${payouts.length}-${businessId}`;
          const fits = c.amount <= owed() - reserved();
          const run = () => payout(t.db, businessId, c.amount, reference);
          expect(await outcomeOf(run())).toBe(fits ? 'ok' : '409 INSUFFICIENT_FUNDS');
          if (fits) {
            payouts.push({ reference, amount: c.amount, state: 'pending', reversed: false });
            done.push(run);
          }
        } else if (c.kind === 'answer' && payouts.length > 0) {
          const p = payouts[c.payout % payouts.length]!;
          const run = () => resolve(t.db, businessId, p.reference, c.outcome);
          const result = await run();
          if (p.state === 'pending') p.state = c.outcome;
          expect(result.outcome).toBe(p.state);
          done.push(run);
        } else if (c.kind === 'reverse' && payouts.some((p) => p.state === 'post')) {
          const posted = payouts.filter((p) => p.state === 'post');
          const p = posted[c.payout % posted.length]!;
          const run = () => payoutReversal(t.db, businessId, p.amount, p.reference);
          await run();
          p.reversed = true;
          done.push(run);
        } else if (c.kind === 'repeat' && done.length > 0) {
          // The same event delivered again: it posts nothing new.
          const again = (await done[c.step % done.length]!()) as { created: boolean };
          expect(again.created).toBe(false);
        }
      }

      await checkBooks(businessId);
      const balances = await balancesOf(t.db, businessId);
      const paidOut = received - fees - owed();
      expect(balances.collections?.posted ?? 0).toBe(owed());
      expect(balances.collections?.pendingOut ?? 0).toBe(reserved());
      expect(balances.fees?.posted ?? 0).toBe(fees);
      expect(balances.bank_clearing?.posted ?? 0).toBe(received - paidOut);
      expect(balances.bank_clearing?.pendingOut ?? 0).toBe(reserved());
    }),
    { numRuns: 40, endOnFailure: true },
  );
});
