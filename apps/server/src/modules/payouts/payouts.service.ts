import {
  fromKobo,
  todayIn,
  type Payout,
  type PayoutDetails,
  type PayoutsData,
  type PayoutsQuery,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessToday, businessZone, dayEnd, dayStart, localInstant } from '../../lib/business-time.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { oldestOwedAt, owedKobo, toBankTransfer, transfersPaidBy } from '../bank-transactions/index.js';
import { findPayout, payoutsBetween, scheduledPayoutExists, type PayoutRow } from './payouts.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toPayout = (row: PayoutRow & { store_name?: string | null }): Payout => ({
  _id: row.id,
  reference: row.reference,
  run: row.run,
  settlement_day: row.settlement_day,
  store_id: row.store_id,
  store_name: row.store_name ?? null,
  bank_name: row.bank_name,
  account_number: row.account_number,
  account_name: row.account_name,
  amount: fromKobo(row.amount_kobo),
  transactions_count: row.transactions_count,
  status: row.status,
  failure_reason: row.failure_reason,
  created_at: row.created_at.toISOString(),
  paid_at: iso(row.paid_at),
  failed_at: iso(row.failed_at),
  reversed_at: iso(row.reversed_at),
});

/**
 * The stores whose payouts a user sees: every payout for an admin; otherwise the payouts of their
 * stores only (a business-wide payout carries other stores' money).
 */
const visibleStores = (auth: AuthContext): readonly string[] | null => (auth.isAdmin ? null : auth.storeIds);

/**
 * When the scheduled run pays the oldest money owed (flows/run-payouts.ts): money that landed before today
 * began goes in today's run from the payout hour, unless today's payout is already made (then tomorrow);
 * today's money goes tomorrow.
 */
const nextPayoutAt = async (
  db: Database,
  auth: AuthContext,
  stores: readonly string[] | null,
  payoutHour: number,
  now = new Date(),
): Promise<string | null> => {
  const oldest = await oldestOwedAt(db, auth.businessId, stores);
  if (!oldest) return null;
  const zone = await businessZone(db, auth.businessId);
  const today = todayIn(zone, now);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const todayStart = await localInstant(db, zone, today);
  const paysToday = oldest < todayStart && !(await scheduledPayoutExists(db, auth.businessId, 'any', today));
  return (await localInstant(db, zone, paysToday ? today : tomorrow, payoutHour)).toISOString();
};

/** Payouts made over days of the business's zone (default the last 30 days), with totals. */
export const listPayouts = async (
  db: Database,
  auth: AuthContext,
  query: PayoutsQuery,
  payoutHour: number,
): Promise<PayoutsData> => {
  const today = await businessToday(db, auth.businessId);
  const enddate = query.enddate ?? today;
  const startdate =
    query.startdate ??
    new Date(Date.parse(`${enddate}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  if (enddate < startdate) throw badRequest('enddate must be on or after startdate');
  let stores = visibleStores(auth);
  if (query.store_id) stores = stores === null || stores.includes(query.store_id) ? [query.store_id] : [];
  const [rows, owed, next] = await Promise.all([
    payoutsBetween(
      db,
      auth.businessId,
      dayStart(auth.businessId, startdate),
      dayEnd(auth.businessId, enddate),
      stores ? [...stores] : null,
    ),
    owedKobo(db, auth.businessId, stores),
    nextPayoutAt(db, auth, stores, payoutHour),
  ]);
  const sum = (status: Payout['status'][]) =>
    fromKobo(rows.filter((r) => status.includes(r.status)).reduce((s, r) => s + r.amount_kobo, 0));
  return {
    payouts: rows.map(toPayout),
    count: rows.length,
    total_paid_out: sum(['paid', 'pending']),
    total_pending: sum(['pending']),
    owed: fromKobo(owed),
    next_payout_at: next,
  };
};

export const getPayoutDetails = async (
  db: Database,
  auth: AuthContext,
  payoutId: string,
): Promise<PayoutDetails> => {
  const row = await findPayout(db, auth.businessId, payoutId);
  const stores = visibleStores(auth);
  if (!row || (stores && (!row.store_id || !stores.includes(row.store_id)))) throw notFound('Payout');
  const transactions = (await transfersPaidBy(db, auth.businessId, payoutId)).map(toBankTransfer);
  const storeName = transactions.find((t) => t.store_id === row.store_id)?.store_name ?? null;
  return { payout: toPayout({ ...row, store_name: row.store_id ? storeName : null }), transactions };
};
