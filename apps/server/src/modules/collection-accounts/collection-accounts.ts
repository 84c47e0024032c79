import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { BankingError } from '../../providers/banking/index.js';

/**
 * Collection accounts (issue 15): an account number at the bank rail opened for one invoice (or, later,
 * one order), so that a transfer to it says by itself what it pays — no reference for the payer to type
 * right. Opened the first time someone asks how to pay; the rail's request carries a reference made of
 * what it is for, so a retry after any failure opens the same account, never a second. Only this module
 * writes `collection_accounts`.
 */

export type CollectionPurpose = 'invoice' | 'order';
export type CollectionAccount = {
  id: string;
  business_id: string;
  store_id: string;
  purpose: CollectionPurpose;
  subject_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
};

const columns = [
  'id',
  'business_id',
  'store_id',
  'purpose',
  'subject_id',
  'bank_code',
  'bank_name',
  'account_number',
  'account_name',
] as const;

export const findCollectionAccount = (
  tx: Tx,
  businessId: string,
  purpose: CollectionPurpose,
  subjectId: string,
): Promise<CollectionAccount | undefined> =>
  tx
    .selectFrom('collection_accounts')
    .select(columns)
    .where('business_id', '=', businessId)
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();

/** Whose collection account a number at a bank is (the rail's event names only the account). */
export const collectionAccountOwner = (
  tx: Tx,
  bankCode: string,
  accountNumber: string,
): Promise<CollectionAccount | undefined> =>
  tx
    .selectFrom('collection_accounts')
    .select(columns)
    .where('bank_code', '=', bankCode)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();

/** The collection account with this number, whoever's it is (the sandbox payer's bank). */
export const collectionAccountByNumber = (tx: Tx, accountNumber: string) =>
  tx
    .selectFrom('collection_accounts')
    .select(columns)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();

/**
 * The subject's account, opened at the rail the first time (at the first bank the rail offers
 * virtual accounts at). A rail that cannot be reached is a 503 the payer can retry.
 */
export const openCollectionAccount = async (
  deps: Pick<Deps, 'db' | 'banking' | 'env'>,
  subject: {
    businessId: string;
    storeId: string;
    purpose: CollectionPurpose;
    subjectId: string;
    accountName: string;
  },
): Promise<CollectionAccount> => {
  const existing = await findCollectionAccount(
    deps.db,
    subject.businessId,
    subject.purpose,
    subject.subjectId,
  );
  if (existing) return existing;
  const unavailable = () =>
    new HttpError(
      503,
      'We could not get an account number from the bank just now. Please try again in a minute.',
      'BANK_UNAVAILABLE',
    );
  const opened = await (async () => {
    const banks = await deps.banking.virtualAccountBanks();
    const bank = banks[0];
    if (!bank) throw unavailable();
    return deps.banking.openVirtualAccount({
      reference: `${subject.purpose}:${subject.businessId}:${subject.subjectId}`,
      bankCode: bank.code,
      accountName: subject.accountName,
    });
  })().catch((error: unknown) => {
    if (error instanceof BankingError) throw unavailable();
    throw error;
  });
  await deps.db
    .insertInto('collection_accounts')
    .values({
      id: newId(),
      business_id: subject.businessId,
      store_id: subject.storeId,
      purpose: subject.purpose,
      subject_id: subject.subjectId,
      bank_code: opened.bankCode,
      bank_name: opened.bankName,
      account_number: opened.accountNumber,
      account_name: opened.accountName,
      provider: deps.env.banking,
      provider_reference: opened.providerReference,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const account = await findCollectionAccount(
    deps.db,
    subject.businessId,
    subject.purpose,
    subject.subjectId,
  );
  // The rail gave a number already listed for someone else: never show it as this one's.
  if (!account) throw unavailable();
  return account;
};
