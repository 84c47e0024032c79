import { z } from 'zod';
import { dayString, positiveQuantity } from '../inventory/stock.js';
import { nairaAmount } from '../products/products.js';
import { discountType } from '../sales/sales.js';
import { metaData, pageLimit, pageNumber, uploadBatchBody } from '../shared/sync.js';
import { email, id, inputString, optionalText, requiredText } from '../validation/zod-rules.js';
import { INVOICE_ORDER_STATUSES, INVOICE_STATUSES, MILESTONE_STATUSES } from './invoice-totals.js';

/**
 * Invoices (spec 001 §2 "Invoices", §3 Invoice, §4, §6 "Create & Modify Invoices", §7 "Invoices";
 * issue 15). Money is naira in JSON (≤ 2 decimals) and kobo inside; the arithmetic and the statuses are
 * in `./invoice-totals.ts`. An invoice carries an id made on the device (`_id`, a uuid): posting it
 * twice records it once. Its number (INV-0001) is the business's gap-free sequence, given by the server
 * when the invoice is first recorded (an invoice drafted offline gets it on upload).
 */

/** Ways a payment the owner records by hand came in; `transfer` ones from the rail come by themselves. */
export const INVOICE_PAYMENT_METHODS = ['cash', 'transfer', 'card', 'cheque', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  card: 'Card',
  cheque: 'Cheque',
  other: 'Other',
};

/** Reminders the owner schedules: days after the due day (negative: before it). */
export const REMINDER_DAY_MIN = -30;
export const REMINDER_DAY_MAX = 90;

/**
 * A calendar day (YYYY-MM-DD) that exists, between the years 1900 and 2999: `2025-02-30` or `0000-01-01`
 * reach no query (the database would refuse them with an error, not an answer naming the field).
 */
const invoiceDay = (field: string) =>
  dayString(field).refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    const year = Number(s.slice(0, 4));
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && year >= 1900 && year <= 2999;
  }, `${field} must be a real date`);

// ---------------------------------------------------------------------------------------------
// The invoice as answered

export const invoiceLine = z.object({
  _id: z.string(),
  product_id: z.string().nullable(),
  variety_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  discount_type: z.enum(['amount', 'percentage']).nullable(),
  discount: z.number().nullable(),
  total: z.number(),
});

export const invoiceTax = z.object({ name: z.string(), rate: z.number(), amount: z.number() });

export const invoiceMilestone = z.object({
  _id: z.string(),
  name: z.string(),
  amount: z.number(),
  due_date: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  /** After credit notes (they come off the last milestones first). */
  amount_due: z.number(),
  amount_paid: z.number(),
});

export const invoicePayment = z.object({
  _id: z.string(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  amount: z.number(),
  paid_at: z.string(),
  reference: z.string().nullable(),
  /** `rail`: a transfer to the invoice's account, recorded when the bank's event came. */
  source: z.enum(['manual', 'rail']),
  payer_name: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
});

export const creditNote = z.object({
  _id: z.string(),
  number: z.string(),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
});

export const invoice = z.object({
  _id: z.string(),
  /** Null until the server has recorded it (an invoice drafted offline, not uploaded yet). */
  number: z.string().nullable(),
  store_id: z.string(),
  store_name: z.string(),
  /** The client: a customer of the business (spec 001 §3 `client`). */
  client: z.string(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  order_status: z.enum(INVOICE_ORDER_STATUSES),
  order_note: z.string().nullable(),
  issue_date: z.string(),
  due_date: z.string(),
  items: z.array(invoiceLine),
  discount_type: z.enum(['amount', 'percentage']).nullable(),
  discount: z.number().nullable(),
  taxes: z.array(invoiceTax),
  subtotal: z.number(),
  discount_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  amount_credited: z.number(),
  balance: z.number(),
  refund_due: z.number(),
  milestones: z.array(invoiceMilestone),
  payments: z.array(invoicePayment),
  credit_notes: z.array(creditNote),
  notes: z.string().nullable(),
  reminder_days: z.array(z.number()),
  /** The public page's path (`/view-invoice?token=…`): whoever has it sees this invoice and nothing else. */
  link: z.string(),
  sent_at: z.string().nullable(),
  last_reminder_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

// ---------------------------------------------------------------------------------------------
// POST /v1/invoices/ (invoices.create) and PATCH /v1/invoices/{id} (invoices.edit)

export const invoiceLineInput = z
  .object({
    /** From the catalogue (name and price default to the product's), or a free line (name and price given). */
    product_id: id('product_id').nullish(),
    variety_id: id('variety_id').nullish(),
    name: requiredText('name', 200).optional(),
    quantity: positiveQuantity('quantity'),
    price: nairaAmount('price').optional(),
    discount_type: discountType().nullish(),
    discount: nairaAmount('discount').nullish(),
  })
  .refine((l) => l.product_id || (l.name && l.price !== undefined), {
    message: 'A line needs a product, or a name and a price',
    path: ['name'],
  })
  .refine((l) => !l.variety_id || l.product_id, {
    message: 'product_id: a variety needs its product',
    path: ['product_id'],
  })
  .refine((l) => l.discount_type !== 'percentage' || (l.discount ?? 0) <= 100, {
    path: ['discount'],
    message: 'discount cannot be more than 100 percent',
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

export const invoiceTaxInput = z.object({
  name: requiredText('taxes name', 40),
  rate: z
    .number({ error: 'taxes rate should be an numeric' })
    .gt(0, 'taxes rate must be more than 0')
    .max(100, 'taxes rate cannot be more than 100')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'taxes rate must have at most 2 decimals'),
});

export const milestoneInput = z.object({
  /** Kept when an invoice is edited (the milestone keeps its id). */
  _id: id('milestones _id').optional(),
  name: requiredText('milestones name', 80),
  amount: nairaAmount('milestones amount').refine((n) => n > 0, 'milestones amount must be more than 0'),
  due_date: invoiceDay('milestones due_date'),
});

const reminderDays = z
  .array(
    z
      .number({ error: 'reminder_days should be an numeric' })
      .int('reminder_days must be whole days')
      .min(REMINDER_DAY_MIN, `reminder_days must be between ${REMINDER_DAY_MIN} and ${REMINDER_DAY_MAX}`)
      .max(REMINDER_DAY_MAX, `reminder_days must be between ${REMINDER_DAY_MIN} and ${REMINDER_DAY_MAX}`),
    { error: 'reminder_days should be an array' },
  )
  .max(5, 'reminder_days can hold at most 5 days')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const invoiceFields = {
  store_id: id('store_id'),
  client: id('client'),
  issue_date: invoiceDay('issue_date'),
  due_date: invoiceDay('due_date'),
  items: z
    .array(invoiceLineInput, { error: 'items should be an array' })
    .min(1, 'items must hold at least one line')
    .max(200, 'items can hold at most 200 lines'),
  discount_type: discountType().nullish(),
  discount: nairaAmount('discount').nullish(),
  taxes: z.array(invoiceTaxInput, { error: 'taxes should be an array' }).max(5).optional(),
  milestones: z.array(milestoneInput, { error: 'milestones should be an array' }).max(12).optional(),
  notes: optionalText('notes', 2000).nullish(),
  reminder_days: reminderDays.optional(),
};

type Shape = {
  issue_date?: string;
  due_date?: string;
  milestones?: { due_date: string }[] | undefined;
  discount_type?: 'amount' | 'percentage' | null | undefined;
  discount?: number | null | undefined;
};
const checkDates = (b: Shape, ctx: z.RefinementCtx) => {
  if (b.issue_date && b.due_date && b.due_date < b.issue_date)
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'due_date cannot be before issue_date' });
  if (b.discount_type === 'percentage' && (b.discount ?? 0) > 100)
    ctx.addIssue({ code: 'custom', path: ['discount'], message: 'discount cannot be more than 100 percent' });
};

export const createInvoiceBody = z
  .object({
    /** The invoice's id, made on the device (uuid): the idempotency key. */
    _id: id('_id'),
    ...invoiceFields,
    /** Send it to the client at once (needs invoices.share). */
    send: z.boolean({ error: 'send should be boolean' }).optional(),
  })
  .superRefine(checkDates);
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;

export const updateInvoiceBody = z
  .object(invoiceFields)
  .partial()
  .extend({
    /** Cancel the invoice (only while nothing was paid: after a payment, a credit note). */
    cancelled: z.literal(true, { error: 'cancelled can only be true' }).optional(),
  })
  .superRefine(checkDates)
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field' });
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBody>;

// ---------------------------------------------------------------------------------------------
// GET /v1/invoices/businesses/{b} (invoices.view)

export const invoiceListQuery = z.object({
  /** The device's incremental download: rows changed since, and the ids removed (spec 000 §7.4). */
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
  status: z
    .enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` })
    .optional(),
  client: id('client').optional(),
  store_id: id('store_id').optional(),
  startdate: invoiceDay('startdate').optional(),
  enddate: invoiceDay('enddate').optional(),
  search: inputString('search').trim().max(100).optional(),
  page: pageNumber(),
  limit: pageLimit(500, 50),
});

/** Counts and sums per status over the filters (not only this page): the list's tabs and totals. */
export const invoiceSums = z.object({
  status: z.enum(INVOICE_STATUSES),
  count: z.number(),
  total: z.number(),
  balance: z.number(),
});
export const invoiceList = z.object({
  items: z.array(invoice),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  sums: z.array(invoiceSums),
  metaData: metaData.extend({ hasMore: z.boolean().optional() }),
});
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceIdParams = z.object({ id: inputString('id') });
export const invoiceBusinessParams = z.object({ businessId: inputString('businessId') });
export const invoicePaymentMethodParams = z.object({
  businessId: inputString('businessId'),
  invoiceId: inputString('invoiceId'),
  method: z.enum(['transfer'], { error: 'method must be transfer' }),
});
export const milestoneParams = z.object({ id: inputString('id'), mid: inputString('mid') });

// ---------------------------------------------------------------------------------------------
// Actions

/** POST /v1/invoices/actions/send: send (invoices.share), again (invoices.resend), or a reminder (invoices.request_payment). */
export const INVOICE_SEND_KINDS = ['send', 'resend', 'reminder'] as const;
export const sendInvoiceBody = z.object({
  invoice_id: id('invoice_id'),
  kind: z.enum(INVOICE_SEND_KINDS, { error: 'kind must be one of send, resend, reminder' }).default('send'),
  /** Another address than the client's; a client who had none keeps it (for the next invoice and reminders). */
  email: email('email').optional(),
  message: optionalText('message', 1000),
});
export const sentInvoice = z.object({ invoice, email: z.string() });

/** PATCH /v1/invoices/{id}/milestones/{mid} (invoices.edit): a milestone paid by hand. */
export const milestoneStatusBody = z.object({
  status: z.literal('paid', { error: 'status can only be paid (a payment pays a milestone)' }),
  method: z
    .enum(INVOICE_PAYMENT_METHODS, { error: `method must be one of ${INVOICE_PAYMENT_METHODS.join(', ')}` })
    .default('cash'),
  reference: optionalText('reference', 100),
});

/** PUT /v1/invoices/{id}/payments/log (invoices.edit): a payment received by hand. `_id` makes a retry count once. */
export const logInvoicePaymentBody = z.object({
  _id: id('_id'),
  method: z.enum(INVOICE_PAYMENT_METHODS, {
    error: `method must be one of ${INVOICE_PAYMENT_METHODS.join(', ')}`,
  }),
  amount: nairaAmount('amount').refine((n) => n > 0, 'amount must be more than 0'),
  paid_at: z.iso.datetime({ offset: true, error: 'paid_at must be a date and time' }).optional(),
  reference: optionalText('reference', 100),
});

/** PATCH /v1/invoices/{id}/orderstatus (invoices.edit). */
export const invoiceOrderStatusBody = z.object({
  order_status: z.enum(INVOICE_ORDER_STATUSES, {
    error: `order_status must be one of ${INVOICE_ORDER_STATUSES.join(', ')}`,
  }),
  order_note: optionalText('order_note', 500).nullable(),
});

/** POST /v1/invoices/{id}/credit-notes (invoices.edit): take all or part of the invoice back. */
export const creditNoteBody = z.object({
  _id: id('_id'),
  amount: nairaAmount('amount').refine((n) => n > 0, 'amount must be more than 0'),
  reason: requiredText('reason', 300),
});

/** GET .../{invoiceId}/payment/transfer: where to send the money. */
export const invoicePayInstructions = z.object({
  method: z.literal('transfer'),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: z.number(),
  reference: z.string(),
});
export type InvoicePayInstructions = z.infer<typeof invoicePayInstructions>;

// ---------------------------------------------------------------------------------------------
// The public page (/view-invoice?token=…): only this invoice, only what the client needs.

export const publicInvoiceParams = z.object({ token: inputString('token').max(100) });
export const publicInvoice = z.object({
  business_name: z.string(),
  store_name: z.string(),
  number: z.string(),
  client_name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issue_date: z.string(),
  due_date: z.string(),
  items: z.array(invoiceLine.pick({ name: true, quantity: true, price: true, total: true })),
  taxes: z.array(invoiceTax),
  subtotal: z.number(),
  discount_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  amount_credited: z.number(),
  balance: z.number(),
  milestones: z.array(invoiceMilestone.omit({ _id: true })),
  notes: z.string().nullable(),
});
export type PublicInvoice = z.infer<typeof publicInvoice>;

// ---------------------------------------------------------------------------------------------
// POST /v1/invoices/sync (invoices.create): drafts made offline, each answered on its own.

export const offlineInvoiceRecord = createInvoiceBody;
export const offlineInvoicesBatch = uploadBatchBody('invoices', z.unknown());
