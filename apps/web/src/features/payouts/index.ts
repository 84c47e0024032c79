/** Payouts: what other features use. */
export { payoutKeys } from './api/payouts';
