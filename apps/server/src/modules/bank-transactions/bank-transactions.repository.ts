import { sql, type RawBuilder } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { BankTransactionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** Queries of `bank_events` and `bank_transactions`. Only this module writes them. */

export type BankEventStatus = 'applied' | 'duplicate' | 'unmatched' | 'ignored' | 'invalid';

/**
 * Stores an event once by the rail's id. A repeated delivery stores nothing and answers the status the
 * first one was left with.
 */
export const storeBankEvent = async (
  tx: InTx,
  event: {
    provider: string;
    eventId: string;
    type: string;
    rawBody: string;
    businessId: string | null;
    status: BankEventStatus;
  },
): Promise<{ stored: true } | { stored: false; status: BankEventStatus }> => {
  const inserted = await tx
    .insertInto('bank_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      payload: event.rawBody,
      business_id: event.businessId,
      status: event.status,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (inserted) return { stored: true };
  const first = await tx
    .selectFrom('bank_events')
    .select('status')
    .where('provider', '=', event.provider)
    .where('event_id', '=', event.eventId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { stored: false, status: first.status };
};

/** The status a stored event was left with; null before it arrived. */
export const bankEventStatus = async (
  db: Tx,
  key: { provider: string; eventId: string },
): Promise<BankEventStatus | null> =>
  (
    await db
      .selectFrom('bank_events')
      .select('status')
      .where('provider', '=', key.provider)
      .where('event_id', '=', key.eventId)
      .executeTakeFirst()
  )?.status ?? null;

/** What became of a stored event (an unmatched one applied on a later delivery, a repeat). */
export const setBankEventOutcome = async (
  tx: InTx,
  key: { provider: string; eventId: string },
  status: BankEventStatus,
  businessId: string | null,
): Promise<void> => {
  await tx
    .updateTable('bank_events')
    .set({ status, business_id: businessId })
    .where('provider', '=', key.provider)
    .where('event_id', '=', key.eventId)
    .execute();
};

type NewTransfer = Omit<Insertable<BankTransactionsTable>, 'id' | 'created_at' | 'status'>;

/** Records a transfer received, once per rail reference: its id, or null when it was already recorded. */
export const insertTransferIn = async (tx: InTx, row: NewTransfer): Promise<string | null> =>
  (
    await tx
      .insertInto('bank_transactions')
      .values({ ...row, id: newId(), status: 'successful' })
      .onConflict((oc) => oc.columns(['business_id', 'provider', 'provider_reference']).doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id ?? null;

/** True when this rail reference is already recorded for the business. */
export const hasTransferIn = async (tx: Tx, businessId: string, provider: string, reference: string) =>
  (await tx
    .selectFrom('bank_transactions')
    .select('id')
    .where('business_id', '=', businessId)
    .where('provider', '=', provider)
    .where('provider_reference', '=', reference)
    .executeTakeFirst()) !== undefined;

/** Transfers with their store's name and the fixed account they reached, as the lists show them. */
const transferRows = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('bank_transactions as bt')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'bt.business_id').onRef('s.id', '=', 'bt.store_id'),
    )
    // A store's fixed account, or an account opened for one invoice.
    .leftJoin('fixed_accounts as fa', (j) =>
      j.onRef('fa.business_id', '=', 'bt.business_id').onRef('fa.id', '=', 'bt.fixed_account_id'),
    )
    .leftJoin('collection_accounts as ca', (j) =>
      j.onRef('ca.business_id', '=', 'bt.business_id').onRef('ca.id', '=', 'bt.collection_account_id'),
    )
    .select([
      'bt.id',
      'bt.store_id',
      's.name as store_name',
      sql<string>`coalesce(fa.account_number, ca.account_number)`.as('account_number'),
      'bt.provider_reference',
      'bt.amount_kobo',
      'bt.fee_kobo',
      'bt.payer_name',
      'bt.payer_bank_name',
      'bt.narration',
      'bt.status',
      'bt.paid_at',
      // The sale it paid at a till, and the sales agent that sale was brought by.
      sql<string | null>`(SELECT sp.sale_id::text FROM sale_payments sp
        WHERE sp.business_id = bt.business_id AND sp.bank_transaction_id = bt.id)`.as('sale_id'),
      sql<string | null>`(SELECT sa.sales_agent_code FROM sale_payments sp
        JOIN sales sa ON sa.business_id = sp.business_id AND sa.id = sp.sale_id
        WHERE sp.business_id = bt.business_id AND sp.bank_transaction_id = bt.id)`.as('sales_agent_code'),
      // The invoice or order whose own account it reached, and its number.
      'ca.purpose as paid_for_kind',
      'ca.subject_id as paid_for_id',
      sql<string | null>`CASE ca.purpose
        WHEN 'invoice' THEN (SELECT i.number FROM invoices i WHERE i.business_id = bt.business_id AND i.id = ca.subject_id)
        WHEN 'order' THEN (SELECT o.number FROM orders o WHERE o.business_id = bt.business_id AND o.id = ca.subject_id)
      END`.as('paid_for_number'),
    ])
    .where('bt.business_id', '=', businessId);

export type TransferRow = Awaited<ReturnType<ReturnType<typeof transferRows>['execute']>>[number];

/** Transfers received in [from, to), newest first; `storeIds` (not empty) limits them to those stores. */
export const transfersBetween = (
  tx: Tx,
  businessId: string,
  from: RawBuilder<Date>,
  to: RawBuilder<Date>,
  storeIds: readonly string[] | null,
  limit = TRANSFERS_LISTED,
) => {
  let q = transferRows(tx, businessId).where('bt.paid_at', '>=', from).where('bt.paid_at', '<', to);
  if (storeIds) q = q.where('bt.store_id', 'in', storeIds);
  return q.orderBy('bt.paid_at', 'desc').orderBy('bt.id', 'desc').limit(limit).execute();
};

/** The most a CSV download holds (a year of a busy shop's transfers). */
export const TRANSFERS_IN_CSV = 200_000;

/** The transfers a payout paid (or tried to pay), oldest first. */
export const transfersPaidBy = (tx: Tx, businessId: string, payoutId: string) =>
  transferRows(tx, businessId)
    .where('bt.id', 'in', (eb) =>
      eb
        .selectFrom('payout_transactions')
        .select('transaction_id')
        .where('business_id', '=', businessId)
        .where('payout_id', '=', payoutId),
    )
    .orderBy('bt.paid_at')
    .orderBy('bt.id')
    .execute();

/** At most this many transfers are listed for a range; the totals always cover all of it. */
export const TRANSFERS_LISTED = 5_000;

/** Count and sums (kobo) of the transfers received in [from, to), by PostgreSQL over the whole range. */
export const transferTotals = async (
  tx: Tx,
  businessId: string,
  from: RawBuilder<Date>,
  to: RawBuilder<Date>,
  storeIds: readonly string[] | null,
) => {
  let q = tx
    .selectFrom('bank_transactions')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(amount_kobo), 0)::int8`.as('amount'),
      sql<number>`coalesce(sum(fee_kobo), 0)::int8`.as('fee'),
    ])
    .where('business_id', '=', businessId)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to);
  if (storeIds) q = q.where('store_id', 'in', storeIds);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: row.amount, fee: row.fee };
};

/** A transfer received and not yet paid out, locked for this run (a second run skips it). */
export type UnpaidTransfer = { id: string; store_id: string; net_kobo: number };

export const lockUnpaidTransfers = (tx: InTx, businessId: string, before: Date): Promise<UnpaidTransfer[]> =>
  tx
    .selectFrom('bank_transactions')
    .select(['id', 'store_id', sql<number>`amount_kobo - fee_kobo`.as('net_kobo')])
    .where('business_id', '=', businessId)
    .where('payout_id', 'is', null)
    .where('paid_at', '<', before)
    .orderBy('paid_at')
    .forUpdate()
    .skipLocked()
    .execute();

/** Businesses with money received before `before` and not paid out. */
export const businessesOwed = async (tx: Tx, before: Date): Promise<string[]> =>
  (
    await tx
      .selectFrom('bank_transactions')
      .select('business_id')
      .distinct()
      .where('payout_id', 'is', null)
      .where('paid_at', '<', before)
      .execute()
  ).map((r) => r.business_id);

/** These transfers are being paid out by `payoutId`. */
export const setTransfersPayout = async (
  tx: InTx,
  businessId: string,
  transactionIds: string[],
  payoutId: string,
): Promise<void> => {
  await tx
    .updateTable('bank_transactions')
    .set({ payout_id: payoutId })
    .where('business_id', '=', businessId)
    .where('id', 'in', transactionIds)
    .execute();
};

/** A payout failed or was reversed: its transfers are owed again, and the next run pays them. */
export const releaseTransfersOf = async (tx: InTx, businessId: string, payoutId: string): Promise<void> => {
  await tx
    .updateTable('bank_transactions')
    .set({ payout_id: null })
    .where('business_id', '=', businessId)
    .where('payout_id', '=', payoutId)
    .execute();
};

/** Received less fees and not yet in a payout (pending or paid): what the business is owed now. */
export const owedKobo = async (
  tx: Tx,
  businessId: string,
  storeIds: readonly string[] | null,
): Promise<number> => {
  let q = tx
    .selectFrom('bank_transactions')
    .select(sql<string>`COALESCE(sum(amount_kobo - fee_kobo), 0)::text`.as('owed'))
    .where('business_id', '=', businessId)
    .where('payout_id', 'is', null);
  if (storeIds)
    q = q.where('store_id', 'in', storeIds.length ? [...storeIds] : ['00000000-0000-0000-0000-000000000000']);
  return Number((await q.executeTakeFirstOrThrow()).owed);
};

/**
 * The earliest transfer of exactly this amount to the store's fixed account, landed in [from, to) and
 * paying no sale yet, locked (another sale skips it).
 */
export const lockUnclaimedTransfer = async (
  tx: InTx,
  q: { businessId: string; storeId: string; amountKobo: number; from: Date; to: Date },
): Promise<{ id: string; paid_at: Date } | undefined> =>
  tx
    .selectFrom('bank_transactions as bt')
    .select(['bt.id', 'bt.paid_at'])
    .where('bt.business_id', '=', q.businessId)
    .where('bt.store_id', '=', q.storeId)
    // Only what reached the store's fixed account: a transfer to an invoice's own account paid that invoice.
    .where('bt.fixed_account_id', 'is not', null)
    .where('bt.amount_kobo', '=', q.amountKobo)
    .where('bt.paid_at', '>=', q.from)
    .where('bt.paid_at', '<', q.to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sale_payments as p')
            .select('p.id')
            .whereRef('p.business_id', '=', 'bt.business_id')
            .whereRef('p.bank_transaction_id', '=', 'bt.id'),
        ),
      ),
    )
    .orderBy('bt.paid_at')
    .orderBy('bt.id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();

/** Transfers received for an account we did not know (yet), oldest first. */
export const unmatchedTransferEvents = (db: Tx, since: Date, limit: number) =>
  db
    .selectFrom('bank_events')
    .select(['event_id', 'payload'])
    .where('status', '=', 'unmatched')
    .where('type', '=', 'transfer.received')
    .where('received_at', '>=', since)
    .orderBy('received_at')
    .limit(limit)
    .execute();

/** When the oldest transfer still owed (in no payout) landed; null when nothing is owed. */
export const oldestOwedAt = async (
  tx: Tx,
  businessId: string,
  storeIds: readonly string[] | null,
): Promise<Date | null> => {
  let q = tx
    .selectFrom('bank_transactions')
    .select((eb) => eb.fn.min('paid_at').as('oldest'))
    .where('business_id', '=', businessId)
    .where('payout_id', 'is', null);
  if (storeIds)
    q = q.where('store_id', 'in', storeIds.length ? [...storeIds] : ['00000000-0000-0000-0000-000000000000']);
  const oldest = (await q.executeTakeFirst())?.oldest;
  return oldest ? new Date(oldest as Date | string) : null;
};
