import { z } from 'zod';
import { pageLimit, pageNumber, pageOf } from '../shared/sync.js';
import { id, optionalText, inputString } from '../validation/zod-rules.js';
import { stockQuantity } from '../products/products.js';

/**
 * Stock counts (spec 001 §2 stock-count, new-count, category-count, submit-count, accept-count,
 * count-completed; §7 /v1/businesses/{b}/stocks/counts/). All routes need inventory.stock_counts
 * and, for a non-admin, being assigned to the count's store.
 *
 * Starting a count snapshots the expected quantity of every stock-tracked item in scope. Counted
 * quantities are entered (partial saves allowed) while `in_progress`, then the count is submitted
 * and accepted: for every counted item the difference between counted and the store's CURRENT
 * level becomes a `count` movement, so sales made during the count are not lost. Items left
 * uncounted are not changed. completed and cancelled counts are read-only (409).
 *
 * States: in_progress → submitted → completed; in_progress / submitted → cancelled.
 */

export const COUNT_STATUSES = ['in_progress', 'submitted', 'completed', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const countStatus = z.enum(COUNT_STATUSES, {
  error: `status must be one of ${COUNT_STATUSES.join(', ')}`,
});

export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  in_progress: 'In progress',
  submitted: 'Submitted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const COUNT_SCOPES = ['store', 'category'] as const;
export type CountScope = (typeof COUNT_SCOPES)[number];

/** A count without its items. */
export const stockCount = z.object({
  _id: z.string(),
  id: z.string(),
  /** Human number, e.g. "SC-0001". */
  count_number: z.string(),
  business_id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  scope: z.enum(COUNT_SCOPES),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  status: countStatus,
  note: z.string().nullable(),
  /** Items in the count. */
  items_count: z.number(),
  /** Items with a counted quantity entered. */
  counted_count: z.number(),
  /** Counted items whose counted quantity differs from expected. */
  difference_count: z.number(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StockCount = z.infer<typeof stockCount>;

/** One item of a count. `_id` and `item_id` are the variety id, or the product id without varieties. */
export const stockCountItem = z.object({
  _id: z.string(),
  item_id: z.string(),
  product_id: z.string(),
  variety_id: z.string().nullable(),
  product_name: z.string(),
  variety_name: z.string().nullable(),
  /** "Product" or "Product (Variety)". */
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The store's level when the count started. */
  expected: z.number(),
  /** null until entered. */
  counted: z.number().nullable(),
  /** counted − expected; null until counted. */
  difference: z.number().nullable(),
});
export type StockCountItem = z.infer<typeof stockCountItem>;

/**
 * GET /v1/businesses/{b}/stocks/counts/{id}/: the count and a page of its items (by name).
 * `search` matches name, sku or barcode; `filter` keeps uncounted, counted or differing items.
 */
export const countItemsQuery = z.object({
  search: inputString('search').trim().max(100, 'search is too long').optional(),
  filter: z
    .enum(['all', 'uncounted', 'counted', 'difference'], {
      error: 'filter must be one of all, uncounted, counted, difference',
    })
    .default('all'),
  page: pageNumber(),
  limit: pageLimit(1000, 200),
});
export type CountItemsQuery = z.infer<typeof countItemsQuery>;

export const stockCountDetail = stockCount.extend({
  items: z.array(stockCountItem),
  /** Items matching the query (for paging). */
  items_total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type StockCountDetail = z.infer<typeof stockCountDetail>;

/** GET /v1/businesses/{b}/stocks/counts/: newest first; a non-admin sees their stores only. */
export const countListQuery = z.object({
  status: countStatus.optional(),
  store: id('store').optional(),
  page: pageNumber(),
  limit: pageLimit(200, 50),
});
export type CountListQuery = z.infer<typeof countListQuery>;

export const stockCountPage = pageOf(stockCount);
export type StockCountPage = z.infer<typeof stockCountPage>;

/**
 * POST /v1/businesses/{b}/stocks/counts/: start a count of a whole store, or of one category (its
 * subcategories included). Answers 201 with the count (first page of items). A scope with no
 * stock-tracked item is 400.
 */
export const startCountBody = z
  .object({
    store_id: id('store_id'),
    scope: z.enum(COUNT_SCOPES, { error: 'scope must be one of store, category' }),
    category_id: id('category_id').nullish(),
    note: optionalText('note', 500),
  })
  .refine((b) => b.scope !== 'category' || !!b.category_id, {
    path: ['category_id'],
    message: 'category_id is required when the scope is category',
  });
export type StartCountBody = z.infer<typeof startCountBody>;

/**
 * PUT /v1/businesses/{b}/stocks/counts/{id}/: save counted quantities (some or all) while the
 * count is in progress; `counted: null` clears an entry. Answers with the count (no items).
 */
export const enterCountsBody = z.object({
  items: z
    .array(
      z.object({
        item_id: id('item_id'),
        counted: stockQuantity('counted').nullable(),
      }),
      { error: 'items should be an array' },
    )
    .min(1, 'items must hold at least one item')
    .max(5000, 'items can hold at most 5000 items'),
  note: optionalText('note', 500),
});
export type EnterCountsBody = z.infer<typeof enterCountsBody>;

/** Path of /counts/{id}/, /submit/, /accept/, /cancel/. */
export const countIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
