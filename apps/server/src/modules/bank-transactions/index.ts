/** Money in from the bank rail: its events and the transfers received. What flows and the app use. */
export { bankWebhookRoutes } from './webhook.routes.js';
export {
  hasTransferIn,
  insertTransferIn,
  storeBankEvent,
  transfersOf,
} from './bank-transactions.repository.js';
export { transferInFee, type FeeSchedule } from './fee-schedule.js';
