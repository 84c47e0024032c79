/** Stores: what other modules use (every area checks that a store named is the caller's business's). */
export {
  assertAssigned,
  assertStoreAccess,
  visibleStoreIds,
  type StoreAccess,
  type StoreCaller,
} from './store-access.js';
export { storeNames } from './stores.repository.js';
