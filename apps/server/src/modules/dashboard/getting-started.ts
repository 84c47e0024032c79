import type { GettingStarted } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { hasFixedAccount } from '../fixed-accounts/index.js';

/**
 * The home page's getting-started checklist (spec 000 §3), one check per step, each read from the
 * business's own records. A step whose records do not exist yet in this server is false (never a
 * made-up true); the module that adds those records replaces its check here.
 */
type Check = (db: Database, businessId: string) => Promise<boolean>;

/** kyc module: true when the business has KYC records and every one is VERIFIED. */
const kycDone: Check = async () => false;

/** sales module: true once the business has recorded any sale. */
const madeFirstSale: Check = async (db, businessId) =>
  (await db
    .selectFrom('sales')
    .select('id')
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** catalogue module: true once the business has a product that is not deleted. */
const addedAProduct: Check = async (db, businessId) =>
  (await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** terminals module: true once the business has requested a payment terminal. */
const requestedTerminal: Check = async () => false;

/** fixed-accounts module: true once a store of the business has a fixed (bank transfer) account. */
const createdFixedAccount: Check = hasFixedAccount;

export const gettingStarted = async (db: Database, businessId: string): Promise<GettingStarted> => {
  const [kyc, firstSale, hasAddedAProduct, terminal, fixedAccount] = await Promise.all([
    kycDone(db, businessId),
    madeFirstSale(db, businessId),
    addedAProduct(db, businessId),
    requestedTerminal(db, businessId),
    createdFixedAccount(db, businessId),
  ]);
  return {
    kyc: { status: kyc },
    firstSale: { status: firstSale },
    hasAddedAProduct: { status: hasAddedAProduct },
    requestedTerminal: { status: terminal },
    hasCreatedFixedAccount: { status: fixedAccount },
  };
};
