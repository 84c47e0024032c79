/** Money in from the bank rail: its events and the transfers received. What flows and the app use. */
export { bankWebhookRoutes } from './webhook.routes.js';
export { bankJobs } from './bank-transactions.jobs.js';
export { bankTransactionsRoutes } from './bank-transactions.routes.js';
export { bankSandboxRoutes } from './sandbox.routes.js';
export {
  businessesOwed,
  hasTransferIn,
  insertTransferIn,
  lockUnclaimedTransfer,
  lockUnpaidTransfers,
  oldestOwedAt,
  owedKobo,
  releaseTransfersOf,
  setTransfersPayout,
  transfersPaidBy,
  unmatchedTransferEvents,
  type UnpaidTransfer,
  setBankEventOutcome,
  storeBankEvent,
} from './bank-transactions.repository.js';
export { transferInFee, type FeeSchedule } from './fee-schedule.js';
export { toBankTransfer } from './bank-transactions.service.js';
