import type { CreateFixedAccountBody, FixedAccount } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { BankingError } from '../../providers/banking/index.js';
import { loadBusinessData } from '../business/index.js';
import { assertStoreAccess } from '../stores/index.js';
import { findFixedAccount, insertFixedAccount, listFixedAccountRows } from './fixed-accounts.repository.js';

export const listFixedAccounts = (deps: Deps, auth: AuthContext): Promise<FixedAccount[]> =>
  listFixedAccountRows(deps.db, auth.businessId, auth.isAdmin ? null : auth.storeIds);

export const virtualAccountBanks = (deps: Deps) => deps.banking.virtualAccountBanks();

/**
 * The store's fixed account at the bank, opened at the rail the first time. The rail's request
 * carries a reference made of the business, store and bank, so a retry after a failure anywhere
 * (the rail answered but our write did not happen) opens the same account, never a second.
 */
export const createFixedAccount = async (
  deps: Deps,
  auth: AuthContext,
  body: CreateFixedAccountBody,
): Promise<{ account: FixedAccount; created: boolean }> => {
  const store = await assertStoreAccess(deps.db, auth, body.store_id);
  const existing = await findFixedAccount(deps.db, auth.businessId, store.id, body.bank_code);
  if (existing) return { account: existing, created: false };
  const business = await loadBusinessData(deps.db, auth.businessId);
  const opened = await deps.banking
    .openVirtualAccount({
      reference: `fixed:${auth.businessId}:${store.id}:${body.bank_code}`,
      bankCode: body.bank_code,
      accountName: body.account_name || `${business?.name ?? ''} ${store.name}`.trim(),
    })
    .catch((error: unknown) => {
      if (error instanceof BankingError && error.failure === 'invalid') throw badRequest(error.message);
      if (error instanceof BankingError)
        throw new HttpError(
          503,
          'The bank could not be reached just now. Please try again.',
          'BANK_UNAVAILABLE',
        );
      throw error;
    });
  await insertFixedAccount(deps.db, {
    business_id: auth.businessId,
    store_id: store.id,
    bank_code: opened.bankCode,
    bank_name: opened.bankName,
    account_number: opened.accountNumber,
    account_name: opened.accountName,
    provider: deps.env.banking,
    provider_reference: opened.providerReference,
    created_by: auth.userId,
  });
  const account = await findFixedAccount(deps.db, auth.businessId, store.id, body.bank_code);
  // The rail gave a number already listed for another business: never show it as this store's.
  if (!account)
    throw new HttpError(
      503,
      'The bank could not open this account just now. Please try again later.',
      'BANK_UNAVAILABLE',
    );
  return { account, created: true };
};
