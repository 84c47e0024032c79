import { z } from 'zod';
import { metaData } from '../shared/sync.js';
import { id, optionalText, requiredText, inputString } from '../validation/zod-rules.js';
import { nairaAmount } from '../products/products.js';
import { checkItemQuantities, dayString, positiveQuantity } from '../inventory/stock.js';
import { toKobo } from '../shared/money.js';
import { saleTotalsIssue, type SaleTotals } from './totals.js';
import { SALE_STATUSES } from './sale-status.js';
import { salesAgentCode } from '../sales-agents/sales-agents.js';

/**
 * Sales at the counter (spec 001 §2 "Point of sale and sales", §3 Offline sale / Sales history /
 * Discount line, §5 discount, §7 "Sales"). Money is naira in JSON (≤ 2 decimals), integer kobo in
 * the database; the arithmetic is in `./totals.ts` (shared by POS and server).
 *
 * A sale carries an id made on the device (`_id`, a uuid). Posting the same sale twice records it
 * once and answers the stored sale (201 the first time, 200 after; same `data`).
 *
 * States: a sale starts completed (paid in full), partially_paid or unpaid (only with pay_later);
 * pay-later payments move it to completed; refunds move a completed sale to partially_refunded
 * and, once every unit is back, refunded. Only completed / partially_refunded sales are refundable.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations

// The statuses and their labels live apart (sale-status.ts): lists that show a status need no zod.
export { SALE_STATUSES, SALE_STATUS_LABELS, type SaleStatus } from './sale-status.js';
export const saleStatus = z.enum(SALE_STATUSES, {
  error: `status must be one of ${SALE_STATUSES.join(', ')}`,
});

/**
 * Built-in payment methods. A custom payment option of the business is sent as its id (a uuid).
 * `store_credit` and `loyalty_points` need a customer on the sale.
 */
export const SALE_PAYMENT_METHODS = [
  'cash',
  'fixed_account',
  'card',
  'store_credit',
  'loyalty_points',
] as const;
export type BuiltInPaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
/** What a shop owner reads for each built-in method (spec 001: fixed_account is "bank transfer (fixed)"). */
export const SALE_PAYMENT_METHOD_LABELS: Record<BuiltInPaymentMethod, string> = {
  cash: 'Cash',
  fixed_account: 'bank transfer (fixed)',
  card: 'Card',
  store_credit: 'Store credit',
  loyalty_points: 'Loyalty points',
};
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A payment method: a built-in one or the id of a custom payment option. */
export const paymentMethod = (field = 'method') =>
  z
    .string({ error: `${field} should be string` })
    .trim()
    .refine((m) => (SALE_PAYMENT_METHODS as readonly string[]).includes(m) || UUID_RE.test(m), {
      message: `${field} must be one of ${SALE_PAYMENT_METHODS.join(', ')} or a payment option id`,
    });

export const DISCOUNT_TYPES = ['amount', 'percentage'] as const;
export const discountType = (field = 'discount_type') =>
  z.enum(DISCOUNT_TYPES, { error: `${field} must be one of amount, percentage` });

export const REFUND_DESTINATIONS = ['cash', 'original', 'store_credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

// ---------------------------------------------------------------------------------------------
// POST /v1/sales/ and POST /v2/business/{b}/sales (permission pos.make_sale)

/** A modifier picked for a line; its name and price are taken from the catalogue. */
export const saleModifierInput = z.object({ _id: id('modifier _id') });

export const saleItemInput = z
  .object({
    /** The product id. */
    _id: id('items _id'),
    /** Required when the product has varieties. */
    variety_id: id('variety_id').nullish(),
    quantity: positiveQuantity('quantity'),
    /** Unit price in naira. Left out → the catalogue price. A different price needs pos.discounts (else 403). */
    price: nairaAmount('price').optional(),
    /** Modifiers for one unit (each adds its price to the unit price). */
    modifiers: z.array(saleModifierInput, { error: 'modifiers should be an array' }).max(30).optional(),
    /** Line discount (needs pos.discounts): amount = naira off the line; percentage = % of price × quantity. */
    discount_type: discountType().nullish(),
    discount: nairaAmount('discount').nullish(),
  })
  .refine((i) => i.discount_type !== 'percentage' || (i.discount ?? 0) <= 100, {
    path: ['discount'],
    message: 'discount cannot be more than 100 percent',
  });
export type SaleItemInput = z.infer<typeof saleItemInput>;

export const salePaymentInput = z.object({
  method: paymentMethod(),
  /** Naira. For loyalty_points the server records the value of `points` instead. */
  amount: nairaAmount('amount'),
  /** Points to redeem (required for loyalty_points). */
  points: z
    .number({ error: 'points should be an numeric' })
    .int('points must be a whole number')
    .min(1, 'points must be at least 1')
    .optional(),
});
export type SalePaymentInput = z.infer<typeof salePaymentInput>;

/**
 * Bounds a sale's numbers past what one line checks: the units of one item over all its lines, and
 * the line and sale totals of the prices sent (a price left out is the catalogue's: the server
 * checks those totals with `saleTotalsIssue` once priced).
 */
export const checkSaleBounds = (
  items: readonly {
    _id: string;
    variety_id?: string | null;
    quantity: number;
    price?: number;
    modifiers?: unknown[];
  }[],
  ctx: z.RefinementCtx,
) => {
  checkItemQuantities(items, (i) => `${i._id}:${i.variety_id ?? ''}`, ctx);
  const priced = items.map((i) => ({
    grossKobo: i.price === undefined ? 0 : toKobo(i.price) * i.quantity,
  }));
  const issue = saleTotalsIssue({
    lines: priced as SaleTotals['lines'],
    subtotalKobo: priced.reduce((a, l) => a + l.grossKobo, 0),
  });
  if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

export const createSaleBody = z
  .object({
    /** The sale's id, made on the device (uuid): the idempotency key. */
    _id: id('_id'),
    store_id: id('store_id'),
    customer_id: id('customer_id').nullish(),
    items: z
      .array(saleItemInput, { error: 'items should be an array' })
      .min(1, 'items must hold at least one item')
      .max(500, 'items can hold at most 500 items'),
    /** Order discount on top of the line discounts (needs pos.discounts). */
    discount_type: discountType().nullish(),
    discount: nairaAmount('discount').nullish(),
    payments: z.array(salePaymentInput, { error: 'payments should be an array' }).max(20).default([]),
    note: optionalText('note', 500),
    /** When the sale was made offline: the device's time (ISO string or epoch milliseconds). */
    offline_date: z
      .union([z.number().int().positive(), z.iso.datetime({ offset: true })], {
        error: 'offline_date must be a date and time',
      })
      .nullish(),
    is_offline_data: z.boolean({ error: 'is_offline_data should be boolean' }).optional(),
    /** Leave the sale (partly) unpaid, to be paid later. Without it the payments must cover the total. */
    pay_later: z.boolean({ error: 'pay_later should be boolean' }).optional(),
    /** The code of the sales agent who brought the sale (asked when the store's SALES_AGENT_CODE toggle is on). */
    sales_agent_code: salesAgentCode('sales_agent_code').nullish(),
  })
  .refine((b) => b.discount_type !== 'percentage' || (b.discount ?? 0) <= 100, {
    path: ['discount'],
    message: 'discount cannot be more than 100 percent',
  })
  .superRefine((b, ctx) => checkSaleBounds(b.items, ctx));
export type CreateSaleBody = z.input<typeof createSaleBody>;

// ---------------------------------------------------------------------------------------------
// Shapes returned

export const saleLineModifier = z.object({ _id: z.string(), name: z.string(), selling_price: z.number() });

export const saleLine = z.object({
  /** The line's own id (refunds name it). */
  _id: z.string(),
  product_id: z.string(),
  variety_id: z.string().nullable(),
  /** "Product" or "Product (Variety)" at the time of sale. */
  name: z.string(),
  quantity: z.number(),
  /** Unit price (naira), without modifiers. */
  price: z.number(),
  modifiers: z.array(saleLineModifier),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  /** As entered: naira for amount, percent for percentage. */
  discount: z.number().nullable(),
  /** Naira taken off this line by its discount. */
  discount_amount: z.number(),
  /** (price + modifiers) × quantity − discount_amount. */
  total: z.number(),
  /**
   * total after its share of the order discount (`computeSaleTotals`): what refunding every unit
   * returns; a refund of some units is `refundAmountKobo` of it.
   */
  net: z.number(),
  refunded_quantity: z.number(),
});
export type SaleLine = z.infer<typeof saleLine>;

export const salePayment = z.object({
  _id: z.string(),
  method: z.string(),
  /** Human label: Cash, bank transfer (fixed), ... or the custom option's id. */
  method_label: z.string(),
  amount: z.number(),
  /** For loyalty_points: the points redeemed. */
  points: z.number().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
  /**
   * bank transfer (fixed): true until the transfer lands on the store's fixed account (or someone
   * allowed confirms it by hand). Absent or false for every other method.
   */
  awaiting_transfer: z.boolean().optional(),
  /** bank transfer (fixed): when it was confirmed, and by the transfer (its reference) or by hand. */
  confirmed_at: z.string().nullable().optional(),
  transfer_reference: z.string().nullable().optional(),
});
export type SalePayment = z.infer<typeof salePayment>;

export const refundLine = z.object({
  sale_line_id: z.string(),
  name: z.string(),
  quantity: z.number(),
  amount: z.number(),
});

export const refund = z.object({
  _id: z.string(),
  sale_id: z.string(),
  amount: z.number(),
  to: z.enum(REFUND_DESTINATIONS),
  /** How the money went back: [{method: 'cash' | 'store_credit' | original method, amount}]. */
  payouts: z.array(z.object({ method: z.string(), amount: z.number() })),
  reason: z.string().nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  lines: z.array(refundLine),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refund>;

/** A sale as list rows show it (v2 paged list). */
export const saleSummary = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  /** e.g. "RC-0001", per business. */
  receipt_number: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  register_id: z.string().nullable(),
  user_id: z.string().nullable(),
  cashier_name: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  status: saleStatus,
  subtotal: z.number(),
  discount_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  /** Still owed: total − amount_paid. */
  balance: z.number(),
  change_due: z.number(),
  refunded_total: z.number(),
  items_count: z.number(),
  note: z.string().nullable(),
  offline_date: z.string().nullable(),
  is_offline_data: z.boolean(),
  /** The sales agent's code, when the till asked for one. */
  sales_agent_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SaleSummary = z.infer<typeof saleSummary>;

/**
 * A full sale: the answer of POST (both routes, same body on a repeat), of the pay-later PATCH, of
 * a refund, GET /v1/sales/{id}/businesses/{b}, and the rows of the incremental download.
 */
export const sale = saleSummary.extend({
  order_discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  order_discount: z.number().nullable(),
  /** Naira taken off by the order discount. */
  order_discount_amount: z.number(),
  /** Loyalty points the customer earned on this sale. */
  points_earned: z.number(),
  items: z.array(saleLine),
  payments: z.array(salePayment),
  refunds: z.array(refund),
});
export type Sale = z.infer<typeof sale>;

// ---------------------------------------------------------------------------------------------
// Pay later

/** GET /v1/sales/businesses/{b}/store/{id}/unpaid/ (pos.make_sale): unpaid and partially paid sales, newest first. */
export const unpaidSalesData = z.object({ sales: z.array(sale) });

/**
 * PATCH /v1/sales/{saleId}/businesses/{b}/payment/{method} (pos.make_sale): pays (part of) what is
 * owed. Cash may exceed the balance (change); cash needs an open register in the sale's store.
 * Answers the updated sale. Paying a sale with nothing owed is 409.
 */
export const payLaterBody = z.object({
  amount: nairaAmount('amount').refine((n) => n > 0, { message: 'amount must be more than 0' }),
  points: z
    .number({ error: 'points should be an numeric' })
    .int('points must be a whole number')
    .min(1, 'points must be at least 1')
    .optional(),
});
export type PayLaterBody = z.infer<typeof payLaterBody>;

// ---------------------------------------------------------------------------------------------
// Refunds: POST /v1/sales/{id}/refunds (pos.make_sale)

/**
 * Refund some units of some lines. A line cannot be refunded more than sold minus already
 * refunded (409). Stock goes back to the sale's store. `to`: cash (from the open register of the
 * store), store_credit (needs a customer), original (back the way it was paid: cash through the
 * register, store credit and loyalty-point value as store credit, other methods recorded as paid
 * back by that method). Only a fully paid sale can be refunded. Answers the updated sale.
 */
export const refundBody = z.object({
  lines: z
    .array(z.object({ line_id: id('line_id'), quantity: positiveQuantity('quantity') }), {
      error: 'lines should be an array',
    })
    .min(1, 'lines must hold at least one line')
    .max(500),
  to: z.enum(REFUND_DESTINATIONS, { error: 'to must be one of cash, original, store_credit' }),
  reason: optionalText('reason', 300),
});
export type RefundBody = z.infer<typeof refundBody>;

// ---------------------------------------------------------------------------------------------
// Receipts: POST /v1/sales/{id}/receipts/?email= (sales_history.reissue_receipts or pos.make_sale)

/** Without `email`, the customer's e-mail is used (400 when there is none). */
export const receiptQuery = z.object({
  email: z.email({ error: 'The email field must be a valid email.' }).optional(),
});
export const receiptSentData = z.object({ sent_to: z.string() });

// ---------------------------------------------------------------------------------------------
// History

/**
 * GET /v1/sales/businesses/{b}/{storeIdOrAll}[?updated_at&limit] (sales_history.view): incremental
 * download of sales (`all` = every store the caller may see). Ask again with metaData.lastUpdate
 * while `hasMore`. `total_count` counts the sales in scope.
 */
export const salesSyncQuery = z.object({
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(1000, 'limit must be between 1 and 1000').default(500),
});
export const salesSyncData = z.object({
  sales: z.array(sale),
  metaData: metaData.extend({ hasMore: z.boolean() }),
});
export type SalesSyncData = z.infer<typeof salesSyncData>;

/** GET /v2/business/{b}/sales (sales_history.view): newest first. `search` matches the receipt number. */
export const saleListQuery = z.object({
  store: id('store').optional(),
  from: dayString('from').optional(),
  to: dayString('to').optional(),
  customer: id('customer').optional(),
  user: id('user').optional(),
  status: saleStatus.optional(),
  search: inputString('search').trim().max(40, 'search is too long').optional(),
  page: z.coerce
    .number({ error: 'page should be an numeric' })
    .int()
    .min(1, 'page must be 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit should be an numeric' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
});
export type SaleListQuery = z.infer<typeof saleListQuery>;
/** Naira taken by one payment method across the filtered sales (pay-later payments included). */
export const saleMethodTotal = z.object({
  method: z.string(),
  /** Cash, bank transfer (fixed), ... or the custom option's id. */
  method_label: z.string(),
  amount: z.number(),
});
/**
 * Figures of every sale the filters match (not only this page), summed in kobo on the server.
 * `total` is what was sold (refunds not taken off); `refunded` what was paid back on those sales;
 * `owed` = total − amount_paid.
 */
export const saleListTotals = z.object({
  count: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  owed: z.number(),
  refunded: z.number(),
  by_method: z.array(saleMethodTotal),
});
export type SaleListTotals = z.infer<typeof saleListTotals>;
export const salePage = z.object({
  items: z.array(saleSummary),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totals: saleListTotals,
});
export type SalePage = z.infer<typeof salePage>;

// ---------------------------------------------------------------------------------------------
// Parked tickets: GET/POST /v2/business/{b}/tickets, DELETE /v2/business/{b}/tickets/{id}
// (pos.manage_tickets). A ticket is a cart put aside to resume later; the POS owns the cart shape.

export const ticket = z.object({
  _id: z.string(),
  id: z.string(),
  store_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  name: z.string(),
  cart: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticket>;

/** POST: `_id` made on the device; posting an existing ticket's id replaces its name and cart. */
export const saveTicketBody = z.object({
  _id: id('_id'),
  store_id: id('store_id'),
  name: requiredText('name', 80),
  cart: z.record(z.string(), z.unknown(), { error: 'cart should be an object' }),
});
export type SaveTicketBody = z.infer<typeof saveTicketBody>;
/** GET ?store= narrows to one store; non-admins only see tickets of their stores. */
export const ticketListQuery = z.object({ store: id('store').optional() });
export const ticketListData = z.object({ tickets: z.array(ticket) });

// ---------------------------------------------------------------------------------------------
// Paths

/** /v1/sales/{id}/businesses/{b}. */
export const saleDetailParams = z.object({ id: inputString('id'), businessId: inputString('businessId') });
/** /v1/sales/{id}/refunds, /v1/sales/{id}/receipts/. */
export const saleIdParams = z.object({ id: inputString('id') });

/** POST /v1/sales/{id}/payments/{paymentId}/confirm: a transfer payment confirmed by hand. */
export const confirmTransferParams = z.object({ id: inputString('id'), paymentId: id('paymentId') });
/** /v1/sales/{saleId}/businesses/{b}/payment/{method}. */
export const payLaterParams = z.object({
  saleId: inputString('saleId'),
  businessId: inputString('businessId'),
  method: paymentMethod('method'),
});
/** /v1/sales/businesses/{b}/store/{id}/unpaid/. */
export const unpaidParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
/** /v1/sales/businesses/{b}/{storeIdOrAll}. */
export const salesSyncParams = z.object({
  businessId: inputString('businessId'),
  storeIdOrAll: inputString('storeIdOrAll'),
});
/** /v2/business/{b}/tickets/{id}. */
export const ticketIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
