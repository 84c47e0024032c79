import { z } from 'zod';
import { nairaAmount } from '../products/products.js';
import { createCustomerBody } from '../customers/schemas.js';
import { createSaleBody, saleItemInput } from '../sales/sales.js';
import { uploadBatchBody } from '../shared/sync.js';
import { id } from '../validation/zod-rules.js';

/**
 * Upload of records made offline (spec 000 §4, §7.4; spec 001 §3 "Offline sale"; decision 0004).
 * The batch takes each record as an unknown value: each is checked on its own against the record
 * schema below and answered on its own (`UploadResult`), so one bad record never blocks the others.
 */

// ---------------------------------------------------------------------------------------------
// POST /v1/sales/syncsale/ and POST /v2/business/{b}/sales/offline/sync (pos.make_sale)

/** A modifier as the device charged it: `selling_price` (naira, one unit) if it had one. */
export const offlineSaleModifierInput = z.object({
  _id: id('modifier _id'),
  selling_price: nairaAmount('selling_price').optional(),
});

export const offlineSaleItemInput = saleItemInput.safeExtend({
  /** The unit price in the device's catalogue when sold (naira). `price` is what was charged. */
  list_price: nairaAmount('list_price').optional(),
  modifiers: z.array(offlineSaleModifierInput, { error: 'modifiers should be an array' }).max(30).optional(),
});

/**
 * One sale made offline: the create-sale body plus `offline_date` (when it was made; the upload
 * time when left out) and `is_offline_data` (true when left out). `customer_id` may name a
 * customer made offline that has not been uploaded yet.
 */
export const offlineSaleRecord = createSaleBody.safeExtend({
  items: z
    .array(offlineSaleItemInput, { error: 'items should be an array' })
    .min(1, 'items must hold at least one item')
    .max(500, 'items can hold at most 500 items'),
});
export type OfflineSaleRecord = z.input<typeof offlineSaleRecord>;

export const offlineSalesBatch = uploadBatchBody('sales', z.unknown());

// ---------------------------------------------------------------------------------------------
// POST /v1/customers/syncnewofflinecustomers (customers.manage)

/** One customer made offline: the POST /v1/customers/ body with the device's `_id` required. */
export const offlineCustomerRecord = createCustomerBody.safeExtend({ _id: id('_id') });
export type OfflineCustomerRecord = z.input<typeof offlineCustomerRecord>;

export const offlineCustomersBatch = uploadBatchBody('customers', z.unknown());

/** Codes of a `rejected` result (the reason is for the cashier; the code for the engine). */
export const UPLOAD_REJECTION_CODES = [
  'invalid',
  'forbidden',
  'not_found',
  'conflict',
  'unknown_product',
  'unknown_variety',
  'unknown_modifier',
  'discount_not_allowed',
  'phone_taken',
] as const;

/** The answer: one result per record, in the order sent. */
export const uploadResponse = <T extends z.ZodType>(data: T) =>
  z.object({
    results: z.array(
      z.object({
        _id: z.string(),
        outcome: z.enum(['accepted', 'duplicate', 'rejected']),
        reason: z.string().optional(),
        code: z.string().optional(),
        data: data.optional(),
      }),
    ),
  });
