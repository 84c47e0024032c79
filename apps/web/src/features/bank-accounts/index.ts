/** Bank accounts: the list other features choose from (settlement accounts); the screen is /add-account. */
export { useBankAccounts } from './api/bank-accounts';
