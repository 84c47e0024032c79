import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';
import type { PayoutsTable, PayoutStatus, SettlementType } from '../../db/schema.js';

/** Queries of `settlement_preferences`, `payouts`, `payout_transactions`. Only this module writes them. */

export type PayoutRow = Omit<Selectable<PayoutsTable>, 'owner_told_at'>;

export const settlementTypeOf = async (tx: Tx, businessId: string): Promise<SettlementType> =>
  (
    await tx
      .selectFrom('settlement_preferences')
      .select('settlement_type')
      .where('business_id', '=', businessId)
      .executeTakeFirst()
  )?.settlement_type ?? 'business';

export const saveSettlementType = async (
  tx: Tx,
  businessId: string,
  type: SettlementType,
  userId: string,
): Promise<void> => {
  await tx
    .insertInto('settlement_preferences')
    .values({ business_id: businessId, settlement_type: type, updated_by: userId })
    .onConflict((oc) =>
      oc
        .column('business_id')
        .doUpdateSet({ settlement_type: type, updated_by: userId, updated_at: sql`clock_timestamp()` }),
    )
    .execute();
};

/**
 * Whether the day's scheduled run has paid a store (`storeId`), the business as one (null), or, with
 * `'any'`, the business or any of its stores.
 */
export const scheduledPayoutExists = async (
  tx: Tx,
  businessId: string,
  storeId: string | null | 'any',
  day: string,
): Promise<boolean> =>
  Boolean(
    await tx
      .selectFrom('payouts')
      .select('id')
      .where('business_id', '=', businessId)
      .where('run', '=', 'scheduled')
      .where('settlement_day', '=', sql<string>`${day}::date`)
      .where((eb) =>
        storeId === 'any'
          ? eb.val(true)
          : storeId
            ? eb('store_id', '=', storeId)
            : eb('store_id', 'is', null),
      )
      .executeTakeFirst(),
  );

/** Null when the scheduled payout of this business (or store) and day already exists. */
export const insertPayout = async (
  tx: InTx,
  row: Omit<Insertable<PayoutsTable>, 'status' | 'created_at'>,
): Promise<string | null> => {
  const inserted = await tx
    .insertInto('payouts')
    .values({ ...row, status: 'pending' })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
};

export const insertPayoutTransactions = async (
  tx: InTx,
  businessId: string,
  payoutId: string,
  transactionIds: string[],
): Promise<void> => {
  await tx
    .insertInto('payout_transactions')
    .values(
      transactionIds.map((id) => ({ business_id: businessId, payout_id: payoutId, transaction_id: id })),
    )
    .execute();
};

const payoutColumns = [
  'business_id',
  'id',
  'reference',
  'run',
  sql<string>`settlement_day::text`.as('settlement_day'),
  'store_id',
  'bank_account_id',
  'bank_code',
  'bank_name',
  'account_number',
  'account_name',
  'amount_kobo',
  'transactions_count',
  'status',
  'failure_reason',
  'provider',
  'provider_reference',
  'ledger_entry_id',
  'created_at',
  'sent_at',
  'paid_at',
  'failed_at',
  'reversed_at',
] as const;

/** By our reference (the rail's events name it), locked until the transaction ends. */
export const lockPayoutByReference = (tx: InTx, reference: string): Promise<PayoutRow | undefined> =>
  tx
    .selectFrom('payouts')
    .select(payoutColumns)
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();

const payoutById = (tx: Tx, businessId: string, id: string) =>
  tx.selectFrom('payouts').select(payoutColumns).where('business_id', '=', businessId).where('id', '=', id);

/** The payout, locked until the transaction ends (the rail's answer is applied to it). */
export const lockPayout = (tx: InTx, businessId: string, id: string): Promise<PayoutRow | undefined> =>
  payoutById(tx, businessId, id).forUpdate().executeTakeFirst();

export const findPayout = (tx: Tx, businessId: string, id: string): Promise<PayoutRow | undefined> =>
  payoutById(tx, businessId, id).executeTakeFirst();

export const markPayoutSent = async (
  tx: Tx,
  businessId: string,
  id: string,
  providerReference: string,
): Promise<void> => {
  await tx
    .updateTable('payouts')
    .set({ provider_reference: providerReference, sent_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
};

export const setPayoutStatus = async (
  tx: InTx,
  businessId: string,
  id: string,
  status: Exclude<PayoutStatus, 'pending'>,
  at: Date,
  reason: string | null,
): Promise<void> => {
  await tx
    .updateTable('payouts')
    .set({
      status,
      ...(status === 'paid' ? { paid_at: at } : {}),
      ...(status === 'failed' ? { failed_at: at, failure_reason: reason } : {}),
      ...(status === 'reversed' ? { reversed_at: at, failure_reason: reason } : {}),
    })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
};

/** Payouts made between two instants, newest first; `storeIds` limits them to those stores' payouts. */
export const payoutsBetween = (
  tx: Tx,
  businessId: string,
  from: RawBuilder<Date>,
  to: RawBuilder<Date>,
  storeIds: string[] | null,
) => {
  let q = tx
    .selectFrom('payouts as p')
    .leftJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'p.business_id').onRef('s.id', '=', 'p.store_id'),
    )
    .select(payoutColumns.map((c) => (typeof c === 'string' ? (`p.${c}` as const) : c)))
    .select('s.name as store_name')
    .where('p.business_id', '=', businessId)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to);
  if (storeIds)
    q = q.where('p.store_id', 'in', storeIds.length ? storeIds : ['00000000-0000-0000-0000-000000000000']);
  return q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(1_000).execute();
};
