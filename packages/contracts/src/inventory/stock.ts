import { z } from 'zod';
import { pageLimit, pageNumber, pageOf } from '../shared/sync.js';
import { id, optionalText } from '../validation/zod-rules.js';

/**
 * Stock adjustments, the stock log and the stock dashboard (spec 001 §7 "Inventory, transfers,
 * counts"). Quantities are whole units; money is naira (2 decimals) in JSON.
 */

/** The most units of one item a line, or a whole request (summed over its lines), may move. */
export const MAX_ITEM_QUANTITY = 10_000_000;
/** The most a stock level may reach either way (its column holds 32-bit integers). */
export const MAX_STOCK_LEVEL = 1_000_000_000;

/** A whole quantity above zero, named in its error. */
export const positiveQuantity = (field: string) =>
  z
    .number({ error: `${field} should be an numeric` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(MAX_ITEM_QUANTITY, `${field} is too large`);

/**
 * Lines naming the same item add up: refuses a request moving more than MAX_ITEM_QUANTITY of one
 * item in all (215 lines of 10,000,000 would pass every line's bound and overflow the stock).
 */
export const checkItemQuantities = <L extends { quantity: number }>(
  lines: readonly L[],
  keyOf: (line: L) => string,
  ctx: z.RefinementCtx,
  path: readonly (string | number)[] = ['items'],
) => {
  const sums = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const key = keyOf(line);
    const sum = (sums.get(key) ?? 0) + line.quantity;
    sums.set(key, sum);
    if (sum > MAX_ITEM_QUANTITY) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, index, 'quantity'],
        message: `${[...path].join('.')}[${index}].quantity: at most ${MAX_ITEM_QUANTITY.toLocaleString('en-NG')} units of one item in all its lines`,
      });
      return;
    }
  }
};

/** One item a request names: a product without varieties, or one variety of a product. */
export const stockItemInput = z.object({
  product_id: id('product_id'),
  /** Required when the product has varieties; leave out (or null) otherwise. */
  variety_id: id('variety_id').nullish(),
  quantity: positiveQuantity('quantity'),
});

/** Repeated query values: `kind=a&kind=b` or `kind=a,b`. */
const repeatedQuery = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter((s) => s !== ''),
    z.array(item).optional(),
  );

/** A calendar day, YYYY-MM-DD (Lagos time). */
export const dayString = (field: string) =>
  z
    .string({ error: `${field} should be string` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2024-01-31`);

// ---------------------------------------------------------------------------------------------
// Adjustments: POST /v2/business/{b}/stocks/adjustments

export const ADJUSTMENT_TYPES = ['add', 'remove'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** Why a shop adds or removes stock by hand. */
export const ADJUSTMENT_REASONS = [
  'received',
  'returned',
  'damaged',
  'lost',
  'expired',
  'correction',
  'other',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** What a shop owner reads for each reason. */
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received new stock',
  returned: 'Returned',
  damaged: 'Damaged',
  lost: 'Lost or stolen',
  expired: 'Expired',
  correction: 'Correction',
  other: 'Other',
};

/** The reasons offered (and accepted) for each type: adding "damaged" stock makes no sense. */
export const ADJUSTMENT_REASONS_BY_TYPE: Record<AdjustmentType, readonly AdjustmentReason[]> = {
  add: ['received', 'returned', 'correction', 'other'],
  remove: ['damaged', 'lost', 'expired', 'returned', 'correction', 'other'],
};

/**
 * POST /v2/business/{b}/stocks/adjustments (permission inventory.adjust_stock, caller assigned to
 * the store). Every item becomes an `adjustment_add` or `adjustment_remove` movement. Removing more
 * than the store holds is refused with 409 naming the item; nothing is saved then.
 * `note` is required when the reason is `other`.
 */
export const adjustmentBody = z
  .object({
    store_id: id('store_id'),
    type: z.enum(ADJUSTMENT_TYPES, { error: 'type must be one of add, remove' }),
    reason: z.enum(ADJUSTMENT_REASONS, { error: `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}` }),
    note: optionalText('note', 500),
    items: z
      .array(stockItemInput, { error: 'items should be an array' })
      .min(1, 'items must hold at least one item')
      .max(500, 'items can hold at most 500 items'),
  })
  .superRefine((b, ctx) => {
    checkItemQuantities(b.items, (i) => `${i.product_id}:${i.variety_id ?? ''}`, ctx);
    if (!ADJUSTMENT_REASONS_BY_TYPE[b.type].includes(b.reason))
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `reason "${ADJUSTMENT_REASON_LABELS[b.reason]}" cannot be used to ${b.type} stock`,
      });
    if (b.reason === 'other' && !b.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'note is required when the reason is other' });
  });
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

// ---------------------------------------------------------------------------------------------
// Stock log: GET /v2/business/{b}/stocks/logs

/** Kinds of movement (how stock changed). */
export const MOVEMENT_KINDS = [
  'initial',
  'adjustment_add',
  'adjustment_remove',
  'set',
  'transfer_out',
  'transfer_in',
  'transfer_return',
  'count',
  'bulk_upload',
  'sale',
  'refund',
  'online_order',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  initial: 'Opening stock',
  adjustment_add: 'Stock added',
  adjustment_remove: 'Stock removed',
  set: 'Stock set',
  transfer_out: 'Transfer sent',
  transfer_in: 'Transfer received',
  transfer_return: 'Transfer cancelled (returned)',
  count: 'Stock count',
  bulk_upload: 'Bulk upload',
  sale: 'Sale',
  refund: 'Refund',
  online_order: 'Online order',
};

/** One stock movement as the log shows it. */
export const stockLogEntry = z.object({
  _id: z.string(),
  id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  product_id: z.string(),
  variety_id: z.string().nullable(),
  product_name: z.string(),
  variety_name: z.string().nullable(),
  /** "Product" or "Product (Variety)". */
  name: z.string(),
  /** How stock changed (adjustment_add, transfer_in, count...). */
  kind: z.enum(MOVEMENT_KINDS),
  /** The shop's reason of an adjustment; null for other kinds. */
  reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  note: z.string().nullable(),
  /** Signed: positive adds stock to the store, negative takes it away. */
  quantity: z.number(),
  /** The store's level of the item right after this movement. */
  balance_after: z.number(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  /** What caused it: 'transfer' or 'stock_count' with its id and number (TR-0001, SC-0001). */
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  reference_number: z.string().nullable(),
  created_at: z.string(),
});
export type StockLogEntry = z.infer<typeof stockLogEntry>;

/** POST /v2/business/{b}/stocks/adjustments answers with the movements it wrote. */
export const adjustmentResult = z.object({ items: z.array(stockLogEntry) });
export type AdjustmentResult = z.infer<typeof adjustmentResult>;

/**
 * GET /v2/business/{b}/stocks/logs (permission inventory.adjustment_log), newest first.
 * Without `kind` every movement is listed; the adjustment screen passes
 * `kind=adjustment_add&kind=adjustment_remove`. `from`/`to` are inclusive days (Lagos time).
 * A non-admin only sees the stores they are assigned to.
 */
export const stockLogQuery = z.object({
  store: id('store').optional(),
  product: id('product').optional(),
  variety: id('variety').optional(),
  kind: repeatedQuery(z.enum(MOVEMENT_KINDS, { error: `kind must be one of ${MOVEMENT_KINDS.join(', ')}` })),
  reason: repeatedQuery(
    z.enum(ADJUSTMENT_REASONS, { error: `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}` }),
  ),
  from: dayString('from').optional(),
  to: dayString('to').optional(),
  page: pageNumber(),
  limit: pageLimit(200, 50),
});
export type StockLogQuery = z.infer<typeof stockLogQuery>;

export const stockLogPage = pageOf(stockLogEntry);
export type StockLogPage = z.infer<typeof stockLogPage>;

// ---------------------------------------------------------------------------------------------
// Stock dashboard: GET /v2/business/{b}/stocks/summary?store=

/**
 * GET /v2/business/{b}/stocks/summary (permission catalogue.view_inventory). Without `store`, all
 * stores the caller may see (all for an admin); with it, that store only.
 */
export const stockSummaryQuery = z.object({ store: id('store').optional() });
export type StockSummaryQuery = z.infer<typeof stockSummaryQuery>;

/** An item (product or variety) in a low or out-of-stock list. */
export const stockAlertItem = z.object({
  product_id: z.string(),
  variety_id: z.string().nullable(),
  name: z.string(),
  /** Quantity in scope (the store, or all stores in scope); can be negative after oversales. */
  quantity: z.number(),
  low_stock_threshold: z.number(),
});
export type StockAlertItem = z.infer<typeof stockAlertItem>;

export const storeStockTotals = z.object({
  store_id: z.string(),
  store_name: z.string(),
  /** Naira: positive quantities times cost price. */
  stock_value_cost: z.number(),
  /** Naira: positive quantities times selling price. */
  stock_value_retail: z.number(),
  /** Items (products or varieties) with more than 0 in this store. */
  items_in_stock: z.number(),
  /** Units (sum of positive quantities). */
  units_in_stock: z.number(),
});
export type StoreStockTotals = z.infer<typeof storeStockTotals>;

/**
 * Stock-tracked items only (products that track stock; a product with varieties counts per
 * variety). Low stock: 0 < quantity ≤ the product's low_stock_threshold (a threshold of 0 never
 * warns). Out of stock: quantity ≤ 0, including items never stocked in scope.
 */
export const stockSummary = z.object({
  store_id: z.string().nullable(),
  stock_value_cost: z.number(),
  stock_value_retail: z.number(),
  /** Products with at least one unit in scope. */
  products_in_stock: z.number(),
  /** Items (products or varieties) with at least one unit in scope. */
  items_in_stock: z.number(),
  /** Units in scope (sum of positive quantities). */
  units_in_stock: z.number(),
  /** All stock-tracked items (products or varieties). */
  tracked_items: z.number(),
  low_stock_count: z.number(),
  out_of_stock_count: z.number(),
  /** Up to 10, lowest first. */
  low_stock: z.array(stockAlertItem),
  /** Up to 10, by name. */
  out_of_stock: z.array(stockAlertItem),
  /** One row per store in scope, by name. */
  stores: z.array(storeStockTotals),
});
export type StockSummary = z.infer<typeof stockSummary>;
