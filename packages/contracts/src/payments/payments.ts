import { z } from 'zod';
import { reportDay } from '../reports/reports.js';
import { metaData, syncQuery } from '../shared/sync.js';
import { pageLimit } from '../shared/sync.js';
import { id } from '../validation/zod-rules.js';

/**
 * GET /v1/payments/single/businesses/{b} (spec 001 §7 "Payments", spec 000 §4/§7.4): money the
 * business received — sale payments (including pay-later ones), refunds paid back (negative amounts) and
 * transfers received on the stores' fixed accounts, each counted once: a sale paid by "bank transfer
 * (fixed)" is listed as its transfer when it lands (with the sale it paid), not before. Money is naira.
 *
 * - `?batchsync=true[&updated_at=<ms>][&limit=]`: the offline download, in the order rows became known
 *   here, page by page: ask again with metaData.lastUpdate while metaData.hasMore. recordsRemoved lists
 *   payments of sales deleted since updated_at. `total_value_payments` sums this page.
 * - `?startdate&enddate` (days of the business, inclusive, default today): every payment received in the
 *   range (a sale's payment when the sale was made, a transfer when it was sent); `total_value_payments`
 *   sums them.
 * Non-admins see the payments of their stores only.
 */
export const PAYMENT_KINDS = ['sale_payment', 'refund', 'transfer'] as const;

export const paymentsQuery = syncQuery.extend({
  batchsync: z
    .enum(['true', 'false'], { error: 'batchsync must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: pageLimit(5000, 1000),
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

export const receivedPayment = z.object({
  _id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** The sale it paid or refunded; for a transfer, the sale it paid when one was matched. */
  sale_id: z.string().nullable(),
  receipt_number: z.string().nullable(),
  store_id: z.string(),
  /** `fixed_account` for a transfer. */
  method: z.string(),
  method_label: z.string(),
  /** Naira; negative for a refund. */
  amount: z.number(),
  /** The rail's fee on a transfer (naira); 0 otherwise. */
  fee: z.number(),
  user_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  /** A transfer's reference and payer. */
  reference: z.string().nullable(),
  payer_name: z.string().nullable(),
  /** The sales agent who brought the sale it paid. */
  sales_agent_code: z.string().nullable(),
  /** When the money was received (a date range reads this). */
  received_at: z.string(),
  /** When it was listed here (the offline download pages by this). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReceivedPayment = z.infer<typeof receivedPayment>;

export const paymentsData = z.object({
  item: z.object({ total_value_payments: z.number(), list_of_payments: z.array(receivedPayment) }),
  metaData: metaData.extend({ hasMore: z.boolean() }),
});
export type PaymentsData = z.infer<typeof paymentsData>;

/** GET /v1/payments/single/businesses/{b}/report?startdate&enddate[&store_id]: the range's payments summed. */
export const paymentsReportQuery = z.object({
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
  store_id: id('store_id').optional(),
});
export type PaymentsReportQuery = z.infer<typeof paymentsReportQuery>;

const paymentSum = { count: z.number(), amount: z.number() };
export const paymentsReport = z.object({
  startdate: z.string(),
  enddate: z.string(),
  total_value_payments: z.number(),
  /** Fees the rail took on transfers (naira). */
  total_fees: z.number(),
  count: z.number(),
  by_method: z.array(z.object({ method: z.string(), method_label: z.string(), ...paymentSum })),
  by_kind: z.array(z.object({ kind: z.enum(PAYMENT_KINDS), ...paymentSum })),
  by_store: z.array(z.object({ store_id: z.string(), store_name: z.string(), ...paymentSum })),
  /** One row per day of the range with payments. */
  by_day: z.array(z.object({ day: z.string(), ...paymentSum })),
});
export type PaymentsReport = z.infer<typeof paymentsReport>;

/**
 * POST /v1/payments/reports/paymentlog/businesses/{b}?startdate&enddate (body: store ids): the payment log
 * of those stores (all the caller's when none). The app's FETCH_ALL_PAYMENTS_V2 (dateRange, storeIds).
 */
export const paymentLogQuery = z.object({
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
});
export const paymentLogBody = z
  .object({
    store_ids: z
      .array(id('store_ids'), { error: 'store_ids should be an array of store ids' })
      .max(200, 'store_ids can hold at most 200 stores')
      .optional(),
  })
  .default({});
export type PaymentLogBody = z.input<typeof paymentLogBody>;
export const paymentLogData = z.object({
  item: z.object({ total_value_payments: z.number(), list_of_payments: z.array(receivedPayment) }),
});
export type PaymentLogData = z.infer<typeof paymentLogData>;

/** GET /v1/payments/paymentlogdetails/businesses/{b}/paymentlogid/{id}: one payment with what it paid. */
export const paymentLogParams = z.object({ businessId: id('businessId'), paymentLogId: id('paymentLogId') });
export const paymentLogDetails = z.object({
  payment: receivedPayment,
  store_name: z.string(),
  /** The sale it paid or refunded. */
  sale: z
    .object({ _id: z.string(), receipt_number: z.string(), total: z.number(), status: z.string() })
    .nullable(),
  /** A transfer's payer and what the business gets from it. */
  transfer: z
    .object({
      payer_bank_name: z.string().nullable(),
      payer_account_number: z.string().nullable(),
      narration: z.string().nullable(),
      net: z.number(),
      /** `owed` until a payout takes it, then the payout and its status. */
      payout_id: z.string().nullable(),
      payout_status: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentLogDetails = z.infer<typeof paymentLogDetails>;
