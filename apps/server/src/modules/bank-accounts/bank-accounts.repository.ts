import type { Selectable } from 'kysely';
import type { BankAccount } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import type { BankAccountsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** Queries of `bank_accounts`. Only this module writes it. */

type Row = Selectable<BankAccountsTable>;

export const toBankAccount = (row: Row): BankAccount => ({
  _id: row.id,
  business_id: row.business_id,
  store_id: row.store_id,
  account_number: row.account_number,
  bank_code: row.bank_code,
  bank_name: row.bank_name,
  account_name: row.account_name,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const listBankAccountRows = (tx: Tx, businessId: string): Promise<Row[]> =>
  tx
    .selectFrom('bank_accounts')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findBankAccountRow = (tx: Tx, businessId: string, id: string): Promise<Row | undefined> =>
  tx
    .selectFrom('bank_accounts')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Undefined when the business already lists this account number at this bank. */
export const insertBankAccountRow = (
  tx: Tx,
  row: Omit<Row, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>,
): Promise<Row | undefined> =>
  tx
    .insertInto('bank_accounts')
    .values({ ...row, id: newId() })
    .onConflict((oc) =>
      oc.columns(['business_id', 'bank_code', 'account_number']).where('deleted_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();

export const setBankAccountStore = (
  tx: Tx,
  businessId: string,
  id: string,
  storeId: string | null,
): Promise<Row | undefined> =>
  tx
    .updateTable('bank_accounts')
    .set({ store_id: storeId })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
