import { z } from 'zod';
import { reportDay } from '../reports/reports.js';
import { id, inputString } from '../validation/zod-rules.js';
import { bankTransfer } from '../bank-transactions/bank-transactions.js';

/**
 * Settlements and payouts (issue 14): what the business is owed goes to its bank account the day
 * after it arrived (T+1), as one payout per business, or per store when it settles store by store.
 * Money is naira in JSON, kobo inside.
 */

export const SETTLEMENT_TYPES = ['business', 'store'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payout = z.object({
  _id: z.string(),
  reference: z.string(),
  /** `scheduled`: the day's run; `on_demand`: asked for (the sandbox's "pay out now"). */
  run: z.enum(['scheduled', 'on_demand']),
  /** The business day of the run, YYYY-MM-DD. */
  settlement_day: z.string(),
  /** Per-store settlement: the store paid out; null for the whole business. */
  store_id: z.string().nullable(),
  store_name: z.string().nullable(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: z.number(),
  transactions_count: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why it failed or was reversed, in the bank's words; the money is owed again and goes in the next payout. */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

/** GET /v1/payments/batch/businesses/{b}?startdate&enddate[&store_id]: payouts made on those days. */
export const payoutsQuery = z.object({
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
  store_id: id('store_id').optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuery>;

export const payoutsData = z.object({
  payouts: z.array(payout),
  count: z.number(),
  /** Sent and not taken back: pending and paid. */
  total_paid_out: z.number(),
  total_pending: z.number(),
  /** What the business is owed now and has not been paid out yet (received less fees). */
  owed: z.number(),
  /**
   * When the next scheduled payout pays the oldest of what is owed (the business's payout hour, T+1);
   * null when nothing is owed. In the past: due at the next run (every quarter hour).
   */
  next_payout_at: z.string().nullable(),
});
export type PayoutsData = z.infer<typeof payoutsData>;

/** GET /v1/payments/payoutdetails/businesses/{b}/payoutid/{id}: a payout and the transfers it paid out. */
export const payoutDetails = z.object({
  payout,
  transactions: z.array(bankTransfer),
});
export type PayoutDetails = z.infer<typeof payoutDetails>;

/** POST /v1/sandbox/banking/payouts (sandbox only): pay out now what is owed, without waiting for tomorrow. */
export const sandboxPayoutRun = z.object({ payouts: z.array(payout) });
export type SandboxPayoutRun = z.infer<typeof sandboxPayoutRun>;

export const payoutParams = z.object({
  businessId: inputString('businessId'),
  payoutId: id('payoutId'),
});
