/** What other features use from stores: the caller's stores (pickers, counts). */
export { useMyStores } from './api/get-my-stores';
export { useStoresPage } from './api/get-stores-page';
export { canManageStores } from './can-manage-stores';
export { allStoresLabel } from './all-stores-choice';
