/** Settlements and payouts: what flows and the app use (the runs and the rail's answers are flows). */
export {
  findPayout,
  insertPayout,
  insertPayoutTransactions,
  lockPayout,
  lockPayoutByReference,
  markPayoutSent,
  scheduledPayoutExists,
  setPayoutStatus,
  saveSettlementType,
  settlementTypeOf,
  type PayoutRow,
} from './payouts.repository.js';
export { payoutsRoutes } from './payouts.routes.js';
export { payoutJobs } from './payouts.jobs.js';
export { tellOwnersOfFailedPayouts } from './payout-notices.js';
