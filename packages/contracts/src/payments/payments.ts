import { z } from 'zod';
import { reportDay } from '../reports/reports.js';
import { metaData, syncQuery } from '../shared/sync.js';
import { pageLimit } from '../shared/sync.js';

/**
 * GET /v1/payments/single/businesses/{b} (spec 001 §7 "Payments", spec 000 §4/§7.4): money the
 * business received at the counter — sale payments (including pay-later ones) and refunds paid
 * back (negative amounts). Money is naira.
 *
 * - `?batchsync=true[&updated_at=<ms>][&limit=]`: the offline download, in (created_at, id) order,
 *   page by page: ask again with metaData.lastUpdate while metaData.hasMore. recordsRemoved lists
 *   payments of sales deleted since updated_at. `total_value_payments` sums this page.
 * - `?startdate&enddate` (Lagos days, inclusive, default today): every payment of the range;
 *   `total_value_payments` sums them.
 * Non-admins see the payments of their stores only.
 */
export const PAYMENT_KINDS = ['sale_payment', 'refund'] as const;

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
  sale_id: z.string(),
  receipt_number: z.string(),
  store_id: z.string(),
  method: z.string(),
  /** Naira; negative for a refund. */
  amount: z.number(),
  user_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReceivedPayment = z.infer<typeof receivedPayment>;

export const paymentsData = z.object({
  item: z.object({ total_value_payments: z.number(), list_of_payments: z.array(receivedPayment) }),
  metaData: metaData.extend({ hasMore: z.boolean() }),
});
export type PaymentsData = z.infer<typeof paymentsData>;
