import type {
  AddBankAccountBody,
  BankAccount,
  ResolvedBankAccount,
  ResolvedBvn,
  UpdateBankAccountBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { BankingError } from '../../providers/banking/index.js';
import { settleToFirstAccount } from '../settlements/index.js';
import { assertStoreAccess } from '../stores/index.js';
import {
  findBankAccountRow,
  insertBankAccountRow,
  listBankAccountRows,
  setBankAccountStore,
  toBankAccount,
} from './bank-accounts.repository.js';

/** Name enquiries and BVN lookups a user may make an hour: enough to add accounts, too few to trawl. */
export const LOOKUPS_PER_HOUR = 30;

/** The rail's refusal as the person should hear it. */
const fromRail = (error: unknown): never => {
  if (error instanceof BankingError) {
    if (error.failure === 'invalid') throw badRequest(error.message);
    if (error.failure === 'not_found') throw new HttpError(404, error.message, 'NOT_FOUND_AT_BANK');
    throw new HttpError(503, 'The bank could not be reached just now. Please try again.', 'BANK_UNAVAILABLE');
  }
  throw error;
};

const lookup = async (deps: Deps, auth: AuthContext) =>
  deps.rateLimiter.hit(`bank_lookup:${auth.businessId}:${auth.userId}`, LOOKUPS_PER_HOUR, 60 * 60);

export const listBanks = async (deps: Deps) =>
  (await deps.banking.listBanks()).sort((a, b) => a.name.localeCompare(b.name));

export const resolveBankAccount = async (
  deps: Deps,
  auth: AuthContext,
  accountNumber: string,
  bankCode: string,
): Promise<ResolvedBankAccount> => {
  await lookup(deps, auth);
  const found = await deps.banking.resolveAccount(accountNumber, bankCode).catch(fromRail);
  return {
    account_number: found.accountNumber,
    bank_code: found.bankCode,
    bank_name: found.bankName,
    account_name: found.accountName,
  };
};

export const resolveBvn = async (deps: Deps, auth: AuthContext, bvn: string): Promise<ResolvedBvn> => {
  await lookup(deps, auth);
  const person = await deps.banking.resolveBvn(bvn).catch(fromRail);
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    date_of_birth: person.dateOfBirth,
    phone_masked: person.phoneMasked,
  };
};

export const listBankAccounts = async (deps: Deps, auth: AuthContext): Promise<BankAccount[]> =>
  (await listBankAccountRows(deps.db, auth.businessId)).map(toBankAccount);

/** One account; with `storeId`, only if it is that store's or the business's own. */
export const getBankAccount = async (
  deps: Deps,
  auth: AuthContext,
  id: string,
  storeId: string | undefined,
): Promise<BankAccount> => {
  const row = await findBankAccountRow(deps.db, auth.businessId, id);
  if (!row || (storeId !== undefined && row.store_id !== null && row.store_id !== storeId))
    throw notFound('Bank account');
  return toBankAccount(row);
};

/**
 * Adds an account under the name its bank gives it (a name enquiry now, whatever the form showed); the
 * first one of the business (or a store) becomes where it is paid.
 */
export const addBankAccount = async (
  deps: Deps,
  auth: AuthContext,
  body: AddBankAccountBody,
): Promise<BankAccount> => {
  if (body.store_id) await assertStoreAccess(deps.db, auth, body.store_id);
  const found = await resolveBankAccount(deps, auth, body.account_number, body.bank_code);
  const row = await deps.db.transaction().execute(async (tx) => {
    const added = await insertBankAccountRow(tx, {
      business_id: auth.businessId,
      store_id: body.store_id ?? null,
      bank_code: found.bank_code,
      bank_name: found.bank_name,
      account_number: found.account_number,
      account_name: found.account_name,
      created_by: auth.userId,
    });
    // The first account of the business (or of a store) is where it is paid; later ones change
    // nothing until a settlement change (password, PIN, a day's wait) says so.
    if (added) await settleToFirstAccount(tx, auth, added);
    return added;
  });
  if (!row) throw badRequest('account_number: this account is already one of your bank accounts');
  return toBankAccount(row);
};

export const updateBankAccount = async (
  deps: Deps,
  auth: AuthContext,
  body: UpdateBankAccountBody,
): Promise<BankAccount> => {
  if (body.store_id) await assertStoreAccess(deps.db, auth, body.store_id);
  const row = await setBankAccountStore(deps.db, auth.businessId, body._id, body.store_id);
  if (!row) throw notFound('Bank account');
  return toBankAccount(row);
};
