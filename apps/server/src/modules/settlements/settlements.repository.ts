import { sql } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

/** Queries of `settlement_accounts` and `transaction_pins`. Only this module writes them. */

export type SettlementAccountRow = {
  id: string;
  store_id: string | null;
  bank_account_id: string;
  effective_at: Date;
  requested_by_name: string | null;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
};

/** Every uncancelled row of the business with its bank account, newest first per scope. */
export const settlementRows = (tx: Tx, businessId: string): Promise<SettlementAccountRow[]> =>
  tx
    .selectFrom('settlement_accounts as sa')
    .innerJoin('bank_accounts as ba', (j) =>
      j.onRef('ba.business_id', '=', 'sa.business_id').onRef('ba.id', '=', 'sa.bank_account_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'sa.business_id').onRef('u.id', '=', 'sa.requested_by'),
    )
    .select([
      'sa.id',
      'sa.store_id',
      'sa.bank_account_id',
      'sa.effective_at',
      sql<string | null>`nullif(trim(concat(u.first_name, ' ', u.last_name)), '')`.as('requested_by_name'),
      'ba.bank_code',
      'ba.bank_name',
      'ba.account_number',
      'ba.account_name',
    ])
    .where('sa.business_id', '=', businessId)
    .where('sa.cancelled_at', 'is', null)
    .orderBy('sa.effective_at', 'desc')
    .orderBy('sa.created_at', 'desc')
    .execute();

export const insertSettlementAccount = async (
  tx: InTx,
  row: {
    businessId: string;
    storeId: string | null;
    bankAccountId: string;
    userId: string;
    effectiveAt: Date;
  },
): Promise<string> => {
  const id = newId();
  await tx
    .insertInto('settlement_accounts')
    .values({
      business_id: row.businessId,
      id,
      store_id: row.storeId,
      bank_account_id: row.bankAccountId,
      requested_by: row.userId,
      effective_at: row.effectiveAt,
    })
    .execute();
  return id;
};

/** Cancels changes of a scope not in force yet (all, or one); answers how many. */
export const cancelPendingChanges = async (
  tx: InTx,
  businessId: string,
  by: string,
  which: { storeId: string | null } | { id: string },
): Promise<number> => {
  let q = tx
    .updateTable('settlement_accounts')
    .set({ cancelled_at: sql`clock_timestamp()`, cancelled_by: by })
    .where('business_id', '=', businessId)
    .where('cancelled_at', 'is', null)
    .where('effective_at', '>', sql<Date>`clock_timestamp()`);
  q =
    'id' in which
      ? q.where('id', '=', which.id)
      : which.storeId
        ? q.where('store_id', '=', which.storeId)
        : q.where('store_id', 'is', null);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
};

/** Serialises changes of one business's settlement accounts. */
export const lockSettlements = async (tx: InTx, businessId: string): Promise<void> => {
  await sql`SELECT pg_advisory_xact_lock(hashtext('settlement-accounts'), hashtext(${businessId}))`.execute(
    tx,
  );
};

export const pinOf = (tx: Tx, businessId: string, userId: string) =>
  tx
    .selectFrom('transaction_pins')
    .select(['pin_hash', 'failed_attempts', 'blocked_until'])
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const savePin = async (tx: Tx, businessId: string, userId: string, pinHash: string): Promise<void> => {
  await tx
    .insertInto('transaction_pins')
    .values({ business_id: businessId, user_id: userId, pin_hash: pinHash })
    .onConflict((oc) =>
      oc.columns(['business_id', 'user_id']).doUpdateSet({
        pin_hash: pinHash,
        failed_attempts: 0,
        blocked_until: null,
        updated_at: sql`clock_timestamp()`,
      }),
    )
    .execute();
};

/** A wrong PIN: counted, and after `limit` the PIN is blocked until `blockedUntil`. */
export const countWrongPin = async (
  tx: Tx,
  businessId: string,
  userId: string,
  limit: number,
  blockMinutes: number,
): Promise<{ failed_attempts: number; blocked_until: Date | null }> =>
  tx
    .updateTable('transaction_pins')
    .set({
      failed_attempts: sql`CASE WHEN failed_attempts + 1 >= ${limit} THEN 0 ELSE failed_attempts + 1 END`,
      blocked_until: sql`CASE WHEN failed_attempts + 1 >= ${limit}
        THEN clock_timestamp() + make_interval(mins => ${blockMinutes}) ELSE blocked_until END`,
    })
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .returning(['failed_attempts', 'blocked_until'])
    .executeTakeFirstOrThrow();

export const clearWrongPins = async (tx: Tx, businessId: string, userId: string): Promise<void> => {
  await tx
    .updateTable('transaction_pins')
    .set({ failed_attempts: 0, blocked_until: null })
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .execute();
};

/** A bank account of the business (not removed), to be paid to. */
export const bankAccountOf = (tx: Tx, businessId: string, id: string) =>
  tx
    .selectFrom('bank_accounts')
    .select(['id', 'bank_name', 'account_number', 'account_name'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
