import { z } from 'zod';
import { reportDay } from '../reports/reports.js';
import { naira } from '../shared/naira.js';
import { id, inputString, optionalText } from '../validation/zod-rules.js';

/**
 * Transfers received on the stores' fixed accounts (issue 14). Money is naira in JSON, kobo inside.
 */

export const bankTransfer = z.object({
  _id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  account_number: z.string(),
  reference: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** What the business is owed from it: amount less fee. */
  net: z.number(),
  payer_name: z.string().nullable(),
  payer_bank_name: z.string().nullable(),
  narration: z.string().nullable(),
  status: z.enum(['successful']),
  paid_at: z.string(),
  /** The sale it paid at a till, when one was matched, and that sale's sales agent code. */
  sale_id: z.string().nullable(),
  sales_agent_code: z.string().nullable(),
  /** The invoice or online order whose own account it reached (issue 15), with its number. */
  paid_for: z
    .object({ kind: z.enum(['invoice', 'order']), _id: z.string(), number: z.string().nullable() })
    .nullable(),
});
export type BankTransfer = z.infer<typeof bankTransfer>;

/**
 * GET /v1/payments/transactions/businesses/{b}?startdate&enddate[&store_id]: days of the business's
 * time zone, inclusive (default: today). A non-admin sees their stores' transfers only.
 */
export const bankTransfersQuery = z.object({
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
  store_id: id('store_id').optional(),
  /** `csv`: every transfer of the range as a spreadsheet file, not only the newest 5,000. */
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});
export type BankTransfersQuery = z.infer<typeof bankTransfersQuery>;

export const bankTransfersData = z.object({
  /** The newest 5,000 of the range; `count` and the totals cover all of it. */
  transfers: z.array(bankTransfer),
  count: z.number(),
  total_amount: z.number(),
  total_fee: z.number(),
  total_net: z.number(),
});
export type BankTransfersData = z.infer<typeof bankTransfersData>;

/** POST /v1/sandbox/banking/transfers (sandbox only): a payer sends money to one of our fixed accounts. */
export const simulateTransferBody = z.object({
  account_number: inputString('account_number', 'account_number is required')
    .trim()
    .regex(/^\d{10}$/, 'account_number must be 10 digits'),
  amount: naira.refine((n) => n >= 0.01 && n <= 10_000_000, 'amount must be between ₦0.01 and ₦10,000,000'),
  payer_name: optionalText('payer_name', 80),
  narration: optionalText('narration', 100),
  /** When the payer sent it (default now): the demo's past days; never in the future. */
  paid_at: z.iso
    .datetime({ offset: true, error: 'paid_at must be a date and time like 2026-11-28T09:15:00Z' })
    .refine((at) => Date.parse(at) <= Date.now() + 60_000, 'paid_at cannot be in the future')
    .optional(),
});
export type SimulateTransferBody = z.infer<typeof simulateTransferBody>;

export const simulatedTransfer = z.object({
  event_id: z.string(),
  reference: z.string(),
  /** What our webhook made of the rail's event: applied, duplicate, unmatched; `sent` while it has not arrived yet. */
  outcome: z.string(),
});
export type SimulatedTransfer = z.infer<typeof simulatedTransfer>;
