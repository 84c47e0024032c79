/** What other features use from the transactions: their query keys (a test transfer refreshes them). */
export { bankTransactionKeys } from './api/bank-transactions';
