/** Banks, name enquiry and the business's bank accounts: what other modules use. */
export { bankAccountsRoutes } from './bank-accounts.routes.js';
export { listBankAccountRows } from './bank-accounts.repository.js';
