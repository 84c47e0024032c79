import type { InTx } from '../db/database.js';
import { releaseTransfersOf } from '../modules/bank-transactions/index.js';
import { publishChange } from '../modules/changes/index.js';
import { recordEntry, resolvePending } from '../modules/ledger/index.js';
import { setPayoutStatus, type PayoutRow } from '../modules/payouts/index.js';

export type PayoutOutcome = 'success' | 'failed' | 'reversed';

/**
 * What the rail says became of a payout, applied once, in the caller's transaction with the payout
 * row locked (decision 0010):
 * - `success` of a pending payout posts its reserved amount: the money has left.
 * - `failed` of a pending payout voids the reservation: the business is owed it again, and its
 *   transfers go in the next payout.
 * - `reversed` of a paid payout is a new entry giving the money back (entries are never edited);
 *   of a pending one (the reversal delivered before the success) it voids the reservation — the
 *   later success then changes nothing.
 * - `failed` after `paid` is taken as a reversal. Anything else (a repeat, a success after a
 *   failure or reversal) changes nothing and answers `duplicate`.
 */
export const applyPayoutOutcome = async (
  tx: InTx,
  payout: PayoutRow,
  outcome: { type: PayoutOutcome; reason: string | null; at: Date },
): Promise<'applied' | 'duplicate'> => {
  const { business_id: businessId, id } = payout;
  const pendingReference = `payout:${id}`;
  const giveBack = async (status: 'failed' | 'reversed', reason: string | null) => {
    await releaseTransfersOf(tx, businessId, id);
    await setPayoutStatus(tx, businessId, id, status, outcome.at, reason);
  };

  if (payout.status === 'pending') {
    if (outcome.type === 'success') {
      await resolvePending(tx, { businessId, pendingReference, outcome: 'post', occurredAt: outcome.at });
      await setPayoutStatus(tx, businessId, id, 'paid', outcome.at, null);
    } else {
      await resolvePending(tx, { businessId, pendingReference, outcome: 'void', occurredAt: outcome.at });
      await giveBack(outcome.type === 'failed' ? 'failed' : 'reversed', outcome.reason);
    }
  } else if (payout.status === 'paid' && outcome.type !== 'success') {
    await recordEntry(tx, {
      businessId,
      reference: `${pendingReference}:reversal`,
      kind: 'payout_reversal',
      occurredAt: outcome.at,
      description: outcome.reason,
      metadata: { payout_id: id },
      postings: [
        { account: { kind: 'bank_clearing' }, amount: payout.amount_kobo },
        { account: { kind: 'collections' }, amount: -payout.amount_kobo },
      ],
    });
    await giveBack('reversed', outcome.reason);
  } else {
    return 'duplicate';
  }
  await publishChange(tx, businessId, {
    topic: 'payments',
    ...(payout.store_id ? { stores: [payout.store_id] } : {}),
  });
  return 'applied';
};
