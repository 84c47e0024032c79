import { formatKobo } from '@ms/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { ownerEmailOf } from '../accounts/index.js';

/** At most this many e-mails a run; the next run takes the rest. */
const PER_RUN = 50;

/**
 * E-mails the owner of each payout that failed or was reversed and has not been told yet (what the bank
 * said, and that the money goes in the next payout). Payouts are claimed first (marked told, SKIP LOCKED,
 * committed) and the e-mails sent after: two servers never send the same one, and no e-mail is sent
 * while a transaction is open. One that could not be sent is unmarked, for the next run. Answers how
 * many were sent.
 */
export const tellOwnersOfFailedPayouts = async (
  deps: Pick<Deps, 'db' | 'notifications'>,
): Promise<number> => {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db
      .updateTable('payouts')
      .set({ owner_told_at: sql`clock_timestamp()` })
      .where(
        sql<boolean>`(business_id, id) IN (
          SELECT business_id, id FROM payouts
           WHERE status IN ('failed', 'reversed') AND owner_told_at IS NULL
           ORDER BY created_at LIMIT ${PER_RUN} FOR UPDATE SKIP LOCKED)`,
      )
      .returning([
        'business_id',
        'id',
        'status',
        'amount_kobo',
        'bank_name',
        'account_number',
        'failure_reason',
      ])
      .execute();
    for (const p of claimed) {
      try {
        const to = await ownerEmailOf(deps.db, p.business_id);
        if (!to) continue;
        const what = p.status === 'failed' ? 'failed' : 'was reversed';
        await deps.notifications.send({
          channel: 'email',
          to,
          subject: `Your payout of ${formatKobo(p.amount_kobo)} ${what}`,
          body: [
            `Your payout of ${formatKobo(p.amount_kobo)} to ${p.bank_name} ${p.account_number} ${what}.`,
            p.failure_reason ? `The bank said: ${p.failure_reason}.` : null,
            'The money is still yours: it goes in your next payout. If the account is wrong, change it under Settings > Settlement preference.',
          ]
            .filter(Boolean)
            .join('\n\n'),
          kind: 'payout_failed',
          businessId: p.business_id,
        });
        sent++;
      } catch {
        await deps.db
          .updateTable('payouts')
          .set({ owner_told_at: null })
          .where('business_id', '=', p.business_id)
          .where('id', '=', p.id)
          .execute();
      }
    }
    if (claimed.length < PER_RUN) return sent;
  }
};
