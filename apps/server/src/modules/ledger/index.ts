/**
 * The money ledger: double-entry journal entries in kobo, written in the caller's transaction
 * (decision 0010). Flows that move money (transfers received, payouts, later the wallet) use these.
 */
export { ACCOUNT_KINDS, CHART } from './chart.js';
export {
  accountBalances,
  recordEntry,
  resolvePending,
  InsufficientFundsError,
  ReferenceReusedError,
  type AccountBalance,
  type AccountRef,
  type EntryInput,
  type EntryResult,
  type Resolution,
  type ResolveResult,
} from './ledger.service.js';
