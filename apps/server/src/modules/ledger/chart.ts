import type { LedgerAccountKind } from '../../db/schema.js';

/**
 * A business's chart of accounts (decision 0010). Each business has its own copy of every account,
 * the bank rail's clearing account included, so an entry never spans businesses (one shard on a
 * cluster distributed by `business_id`); the platform's totals are sums over businesses.
 *
 * - `bank_clearing` (debit-normal, an asset): money the bank rail holds for this business —
 *   in with every transfer received, out with every payout.
 * - `collections` (credit-normal): what the business is owed — transfers received less fees, less
 *   payouts sent (reserved while pending). It must never go negative: a payout can only send what is
 *   there, and a pending payout reserves it so it cannot be sent twice.
 * - `fees` (credit-normal): what the platform charged this business.
 */
export type AccountRule = {
  normal: 'debit' | 'credit';
  debitsMustNotExceedCredits: boolean;
  creditsMustNotExceedDebits: boolean;
};

export const CHART: Record<LedgerAccountKind, AccountRule> = {
  bank_clearing: { normal: 'debit', debitsMustNotExceedCredits: false, creditsMustNotExceedDebits: true },
  collections: { normal: 'credit', debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false },
  fees: { normal: 'credit', debitsMustNotExceedCredits: true, creditsMustNotExceedDebits: false },
};

export const ACCOUNT_KINDS = Object.keys(CHART) as LedgerAccountKind[];
