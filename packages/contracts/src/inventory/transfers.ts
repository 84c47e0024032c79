import { z } from 'zod';
import { pageLimit, pageNumber, pageOf } from '../shared/sync.js';
import { id, optionalText, inputString } from '../validation/zod-rules.js';
import { checkItemQuantities, positiveQuantity, stockItemInput } from './stock.js';

/**
 * Transfers of stock between two stores of a business (spec 001 §4 "Inventory transfer", §7).
 * Sending takes the stock out of the source store at once (it is then "in transit"); receiving puts
 * it in the destination; cancelling returns whatever was not received to the source.
 *
 * States: in_transit → on_hold ⇄ (release) → in_transit / partially_received;
 * in_transit / partially_received → (receive) partially_received / received;
 * in_transit / on_hold / partially_received → cancelled. received and cancelled are final.
 * An illegal step answers 409 with a message saying why.
 */

export const TRANSFER_STATUSES = [
  'in_transit',
  'on_hold',
  'partially_received',
  'received',
  'cancelled',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const transferStatus = z.enum(TRANSFER_STATUSES, {
  error: `status must be one of ${TRANSFER_STATUSES.join(', ')}`,
});

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  in_transit: 'In transit',
  on_hold: 'On hold',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** Open transfers can still be received, held, released or cancelled (by their state). */
export const OPEN_TRANSFER_STATUSES: readonly TransferStatus[] = [
  'in_transit',
  'on_hold',
  'partially_received',
];

/** One line of a transfer. `_id` and `item_id` are the variety id, or the product id without varieties. */
export const transferItem = z.object({
  _id: z.string(),
  item_id: z.string(),
  product_id: z.string(),
  variety_id: z.string().nullable(),
  product_name: z.string(),
  variety_name: z.string().nullable(),
  /** "Product" or "Product (Variety)". */
  name: z.string(),
  sku: z.string().nullable(),
  /** Sent. */
  quantity: z.number(),
  received_quantity: z.number(),
  /** Returned to the source when the transfer was cancelled. */
  returned_quantity: z.number(),
  /** Still on the way: quantity − received − returned. */
  outstanding_quantity: z.number(),
});
export type TransferItem = z.infer<typeof transferItem>;

export const transfer = z.object({
  _id: z.string(),
  id: z.string(),
  /** Human number, e.g. "TR-0001" (spec 001 §3 Transfer.transfer_id). */
  transfer_id: z.string(),
  business_id: z.string(),
  from_store_id: z.string(),
  from_store_name: z.string(),
  to_store_id: z.string(),
  to_store_name: z.string(),
  status: transferStatus,
  /** Created and received in one step. */
  send_and_recieve: z.boolean(),
  note: z.string().nullable(),
  /** Number of lines. */
  items_count: z.number(),
  total_quantity: z.number(),
  total_received: z.number(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  received_by: z.string().nullable(),
  received_by_name: z.string().nullable(),
  sent_at: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Transfer = z.infer<typeof transfer>;

/** GET /v2/business/{b}/transfers/{id} and the answer of every transfer action. */
export const transferDetail = transfer.extend({ items: z.array(transferItem) });
export type TransferDetail = z.infer<typeof transferDetail>;

/**
 * GET /v2/business/{b}/transfers (permission inventory.initiate_transfer or
 * inventory.receive_transfer), newest first. `store` matches source or destination; `direction`
 * narrows it to transfers leaving (out) or arriving at (in) that store. `search` matches the
 * number (TR-0001). A non-admin only sees transfers from or to stores they are assigned to.
 * GET /v1/businesses/{b}/transfers/stores/{id} takes the same query (without `store`).
 */
export const transferListQuery = z.object({
  status: transferStatus.optional(),
  store: id('store').optional(),
  direction: z.enum(['in', 'out'], { error: 'direction must be one of in, out' }).optional(),
  search: inputString('search').trim().max(40, 'search is too long').optional(),
  page: pageNumber(),
  limit: pageLimit(200, 50),
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

export const transferPage = pageOf(transfer);
export type TransferPage = z.infer<typeof transferPage>;

const transferItems = z
  .array(stockItemInput, { error: 'items should be an array' })
  .min(1, 'items must hold at least one item')
  .max(500, 'items can hold at most 500 items');

/**
 * POST /v2/business/{b}/transfers: create and send (permission inventory.initiate_transfer, caller
 * assigned to the source). Sending more than the source holds is refused with 409 naming the item.
 * POST /v2/business/{b}/transfers/send-and-recieve takes the same body and also receives at once
 * (needs inventory.receive_transfer and the destination too); the transfer is then `received`.
 * The same item twice in `items` is added up.
 */
export const createTransferBody = z
  .object({
    from_store_id: id('from_store_id'),
    to_store_id: id('to_store_id'),
    note: optionalText('note', 500),
    items: transferItems,
  })
  .refine((b) => b.from_store_id !== b.to_store_id, {
    path: ['to_store_id'],
    message: 'to_store_id must be a different store from from_store_id',
  })
  .superRefine((b, ctx) => checkItemQuantities(b.items, (i) => `${i.product_id}:${i.variety_id ?? ''}`, ctx));
export type CreateTransferBody = z.infer<typeof createTransferBody>;

/** PUT /v2/business/{b}/transfers: edit the note of an open transfer (sender's permission). */
export const updateTransferBody = z.object({
  id: id('id'),
  note: inputString('note').trim().max(500, 'note must be at most 500 characters').nullable(),
});
export type UpdateTransferBody = z.infer<typeof updateTransferBody>;

/**
 * POST or PUT /v2/business/{b}/transfers/cancel (sender's permission and source store): what is
 * not yet received goes back to the source (`transfer_return` movements).
 */
export const cancelTransferBody = z.object({ id: id('id') });
export type CancelTransferBody = z.infer<typeof cancelTransferBody>;

/**
 * POST /v2/business/{b}/transfers/recieve (permission inventory.receive_transfer, caller assigned
 * to the destination). Without `items`, everything outstanding is received. With `items`, only
 * those quantities (partial receive); more than outstanding is 409.
 */
export const receiveTransferBody = z.object({
  id: id('id'),
  items: z
    .array(
      z.object({
        /** The transfer line's `_id`/`item_id`. */
        item_id: id('item_id'),
        quantity: positiveQuantity('quantity'),
      }),
      { error: 'items should be an array' },
    )
    .min(1, 'items must hold at least one item')
    .max(500, 'items can hold at most 500 items')
    .optional(),
});
export type ReceiveTransferBody = z.infer<typeof receiveTransferBody>;

/** Path of /transfers/{id}, /{id}/on_hold, /{id}/release. */
export const transferIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
/** Path of GET /v1/businesses/{b}/transfers/stores/{id}. */
export const transferStoreParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
export const transferStoreQuery = transferListQuery.omit({ store: true });
