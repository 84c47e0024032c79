/** Where payouts go: what flows and other modules use. */
export { settlementsRoutes } from './settlements.routes.js';
export { payoutDestinations, settleToFirstAccount, type PayoutDestination } from './settlements.service.js';
