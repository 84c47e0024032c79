/** Fixed (static virtual) accounts of stores: what other modules and flows use. */
export { fixedAccountsRoutes } from './fixed-accounts.routes.js';
export { fixedAccountByNumber, fixedAccountOwner, hasFixedAccount } from './fixed-accounts.repository.js';
