import type { FixedAccount } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

/** Queries of `fixed_accounts`. Only this module writes it. */

const columns = [
  'fa.id',
  'fa.business_id',
  'fa.store_id',
  's.name as store_name',
  'fa.account_number',
  'fa.bank_code',
  'fa.bank_name',
  'fa.account_name',
  'fa.created_at',
] as const;

const withStore = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('fixed_accounts as fa')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'fa.business_id').onRef('s.id', '=', 'fa.store_id'),
    )
    .select(columns)
    .where('fa.business_id', '=', businessId);

type Row = { id: string; created_at: Date } & Omit<FixedAccount, '_id' | 'created_at'>;

const toFixedAccount = ({ id, created_at, ...rest }: Row): FixedAccount => ({
  _id: id,
  ...rest,
  created_at: created_at.toISOString(),
});

/** The business's fixed accounts; `storeIds` limits them to those stores. */
export const listFixedAccountRows = async (
  tx: Tx,
  businessId: string,
  storeIds: readonly string[] | null,
): Promise<FixedAccount[]> => {
  let q = withStore(tx, businessId);
  if (storeIds) {
    if (storeIds.length === 0) return [];
    q = q.where('fa.store_id', 'in', storeIds);
  }
  return (await q.orderBy('s.name').orderBy('fa.bank_name').execute()).map(toFixedAccount);
};

export const findFixedAccount = async (
  tx: Tx,
  businessId: string,
  storeId: string,
  bankCode: string,
): Promise<FixedAccount | undefined> => {
  const row = await withStore(tx, businessId)
    .where('fa.store_id', '=', storeId)
    .where('fa.bank_code', '=', bankCode)
    .executeTakeFirst();
  return row && toFixedAccount(row);
};

export const insertFixedAccount = async (
  tx: Tx,
  row: {
    business_id: string;
    store_id: string;
    bank_code: string;
    bank_name: string;
    account_number: string;
    account_name: string;
    provider: string;
    provider_reference: string;
    created_by: string;
  },
): Promise<void> => {
  await tx
    .insertInto('fixed_accounts')
    .values({ ...row, id: newId() })
    .onConflict((oc) => oc.doNothing())
    .execute();
};

/** Which business and store an account number at a bank belongs to (the rail names only the account). */
export const fixedAccountOwner = (tx: Tx, bankCode: string, accountNumber: string) =>
  tx
    .selectFrom('fixed_accounts')
    .select(['business_id', 'store_id', 'id'])
    .where('bank_code', '=', bankCode)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();

/** The business's fixed account with this number, if it has one. */
export const fixedAccountByNumber = (tx: Tx, businessId: string, accountNumber: string) =>
  tx
    .selectFrom('fixed_accounts')
    .select(['id', 'bank_code', 'store_id'])
    .where('business_id', '=', businessId)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();

export const hasFixedAccount = async (tx: Tx, businessId: string): Promise<boolean> =>
  (await tx
    .selectFrom('fixed_accounts')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst()) !== undefined;
