import type { Deps } from '../deps.js';
import type { JobInfo } from '../jobs/index.js';
import { findPayout, lockPayout, markPayoutSent } from '../modules/payouts/index.js';
import { BankingError } from '../providers/banking/index.js';
import { applyPayoutOutcome, type PayoutOutcome } from './payout-outcome.js';
import type { SendPayoutJob } from './run-payouts.js';

/** How many times the rail is asked before a payout it never answered is failed. */
export const SEND_PAYOUT_RETRIES = 8;

const NO_ANSWER = 'The bank did not answer. The money is still owed to you and goes in the next payout.';

/** A final answer now (the rail refused the account, or it answered at once): applied as an event would be. */
const settle = (deps: Pick<Deps, 'db'>, job: SendPayoutJob, type: PayoutOutcome, reason: string | null) =>
  deps.db.transaction().execute(async (tx) => {
    const payout = await lockPayout(tx, job.businessId, job.payoutId);
    if (payout) await applyPayoutOutcome(tx, payout, { type, reason, at: new Date() });
  });

/**
 * The job that sends a payout to the bank rail (queued with the payout, in its transaction). The rail
 * knows the transfer by our reference, so sending again after a crash or a lost answer never pays
 * twice. `pending` (the usual answer) waits for the rail's event; an account the rail refuses fails
 * the payout at once; a rail that does not answer is asked again with back-off, and after the last try
 * the transfer is looked up — one the rail never received fails the payout, so the money is owed again.
 */
export const sendPayout = async (
  deps: Pick<Deps, 'db' | 'banking'>,
  job: SendPayoutJob,
  attempt: JobInfo,
): Promise<void> => {
  const payout = await findPayout(deps.db, job.businessId, job.payoutId);
  if (!payout || payout.status !== 'pending' || payout.provider_reference) return;
  try {
    const answer = await deps.banking.sendTransfer({
      reference: payout.reference,
      amountKobo: payout.amount_kobo,
      bankCode: payout.bank_code,
      accountNumber: payout.account_number,
      accountName: payout.account_name,
      narration: `Payout ${payout.settlement_day}`,
    });
    await markPayoutSent(deps.db, job.businessId, job.payoutId, answer.providerReference);
    if (answer.status !== 'pending') await settle(deps, job, answer.status, answer.reason);
  } catch (error) {
    if (!(error instanceof BankingError)) throw error;
    if (error.failure !== 'unavailable') return settle(deps, job, 'failed', error.message);
    if (attempt.retryCount < SEND_PAYOUT_RETRIES) throw error;
    const known = await deps.banking.queryTransfer(payout.reference).catch(() => undefined);
    if (known === null) return settle(deps, job, 'failed', NO_ANSWER);
    if (known) {
      await markPayoutSent(deps.db, job.businessId, job.payoutId, known.providerReference);
      if (known.status !== 'pending') await settle(deps, job, known.status, known.reason);
      return;
    }
    throw error;
  }
};
