import { sql } from 'kysely';
import { todayIn } from '@ms/contracts';
import type { Deps } from '../deps.js';
import { businessZone, localInstant } from '../lib/business-time.js';
import { newId } from '../lib/ids.js';
import {
  businessesOwed,
  lockUnpaidTransfers,
  setTransfersPayout,
} from '../modules/bank-transactions/index.js';
import { publishChange } from '../modules/changes/index.js';
import { recordEntry } from '../modules/ledger/index.js';
import { payoutDestinations } from '../modules/settlements/index.js';
import {
  insertPayout,
  insertPayoutTransactions,
  scheduledPayoutExists,
  settlementTypeOf,
} from '../modules/payouts/index.js';

/** The job that sends one payout to the rail (flows/send-payout.ts). */
export const SEND_PAYOUT_QUEUE = 'payout-send';
export type SendPayoutJob = { businessId: string; payoutId: string };

export type PayoutRunDeps = Pick<Deps, 'db' | 'jobs' | 'env'>;

/** What a run did for one business. */
export type PayoutRunResult = {
  payoutIds: string[];
  /** Stores (or the business: null) owed money with no bank account to pay it to. */
  noAccount: (string | null)[];
};

/** The hour (0-23) it is in a zone. */
const hourIn = (zone: string, now: Date): number =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));

/**
 * Pays out one business (issue 14): the transfers it received before `before` and has not been paid,
 * less their fees, to its settlement account — one payout for the business, or one per store when it
 * settles store by store (a store without a settlement account of its own is paid to the business's). In one
 * transaction per business: the payout, the ledger's pending entry that reserves the amount (the money
 * cannot be paid twice), the transfers marked as being paid by it, and the job that sends it to the rail.
 * Runs of the same business wait for each other; the scheduled run makes one payout per day.
 */
export const payOutBusiness = async (
  deps: PayoutRunDeps,
  businessId: string,
  opts: { before: Date; run: 'scheduled' | 'on_demand'; day: string },
): Promise<PayoutRunResult> =>
  deps.db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('payout-run'), hashtext(${businessId}))`.execute(tx);
    const result: PayoutRunResult = { payoutIds: [], noAccount: [] };
    const unpaid = await lockUnpaidTransfers(tx, businessId, opts.before);
    if (unpaid.length === 0) return result;
    const perStore = (await settlementTypeOf(tx, businessId)) === 'store';
    const destinations = await payoutDestinations(tx, businessId);

    const units = new Map<string | null, typeof unpaid>();
    for (const t of unpaid) {
      const unit = perStore ? t.store_id : null;
      units.set(unit, [...(units.get(unit) ?? []), t]);
    }
    for (const [storeId, transfers] of units) {
      const account = (storeId && destinations.get(storeId)) || destinations.get(null);
      if (!account) {
        result.noAccount.push(storeId);
        continue;
      }
      if (opts.run === 'scheduled' && (await scheduledPayoutExists(tx, businessId, storeId, opts.day)))
        continue;
      const amount = transfers.reduce((sum, t) => sum + t.net_kobo, 0);
      if (amount <= 0) continue;
      const payoutId = newId();
      const entry = await recordEntry(tx, {
        businessId,
        reference: `payout:${payoutId}`,
        kind: 'payout',
        pending: true,
        occurredAt: new Date(),
        description: `Payout to ${account.bank_name} ${account.account_number}`,
        metadata: { payout_id: payoutId, store_id: storeId },
        postings: [
          { account: { kind: 'collections' }, amount },
          { account: { kind: 'bank_clearing' }, amount: -amount },
        ],
      });
      await insertPayout(tx, {
        business_id: businessId,
        id: payoutId,
        reference: `PO${payoutId.replace(/-/g, '').toUpperCase()}`,
        run: opts.run,
        settlement_day: opts.day,
        store_id: storeId,
        bank_account_id: account.bank_account_id,
        bank_code: account.bank_code,
        bank_name: account.bank_name,
        account_number: account.account_number,
        account_name: account.account_name,
        amount_kobo: amount,
        transactions_count: transfers.length,
        provider: deps.env.banking,
        provider_reference: null,
        ledger_entry_id: entry.entryId,
        sent_at: null,
        paid_at: null,
        failed_at: null,
        reversed_at: null,
        failure_reason: null,
      });
      const ids = transfers.map((t) => t.id);
      await setTransfersPayout(tx, businessId, ids, payoutId);
      await insertPayoutTransactions(tx, businessId, payoutId, ids);
      await deps.jobs.send<SendPayoutJob>(SEND_PAYOUT_QUEUE, { businessId, payoutId }, { tx });
      result.payoutIds.push(payoutId);
    }
    if (result.payoutIds.length) await publishChange(tx, businessId, { topic: 'payments' });
    return result;
  });

/**
 * The scheduled run (every quarter hour, once across servers): each business owed money is paid out
 * once a day, from `env.payoutHour` of its own time zone, for what it received before that day began
 * (T+1). A business a run missed (the server was down) is paid at the next run.
 */
export const runScheduledPayouts = async (
  deps: PayoutRunDeps,
  now: Date = new Date(),
  log?: { error: (obj: object, msg: string) => void },
): Promise<number> => {
  let made = 0;
  for (const businessId of await businessesOwed(deps.db, now)) {
    try {
      const zone = await businessZone(deps.db, businessId);
      if (hourIn(zone, now) < deps.env.payoutHour) continue;
      const day = todayIn(zone, now);
      const before = await localInstant(deps.db, zone, day);
      made += (await payOutBusiness(deps, businessId, { before, run: 'scheduled', day })).payoutIds.length;
    } catch (error) {
      // One business's trouble does not hold back the others' money.
      log?.error({ business: businessId, error: String(error) }, 'payout run failed for a business');
    }
  }
  return made;
};

/** Pays out now everything received so far (the sandbox's "pay out now"). */
export const payOutNow = async (deps: PayoutRunDeps, businessId: string, now = new Date()) =>
  payOutBusiness(deps, businessId, {
    before: now,
    run: 'on_demand',
    day: todayIn(await businessZone(deps.db, businessId), now),
  });
