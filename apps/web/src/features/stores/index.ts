/** What other features use from stores: the caller's stores (pickers, counts). */
export { useMyStores } from './api/stores';
export { useStoresPage } from './api/stores';
export { canManageStores } from './can-manage-stores';
export { allStoresLabel } from './all-stores-choice';
