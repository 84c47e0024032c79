/** Accounts opened at the bank rail for one invoice or order: what other modules and flows use. */
export {
  collectionAccountByNumber,
  collectionAccountOwner,
  findCollectionAccount,
  openCollectionAccount,
  type CollectionAccount,
  type CollectionPurpose,
} from './collection-accounts.js';
