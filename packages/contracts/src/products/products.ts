import { z } from 'zod';
import { metaData, pageLimit, pageNumber, pageOf } from '../shared/sync.js';
import { id, optionalText, requiredText, inputString } from '../validation/zod-rules.js';

/** A naira amount in a request, named in its error: zero or more, at most 2 decimals. */
export const nairaAmount = (field: string) =>
  z
    .number({ error: `${field} should be an numeric` })
    .min(0, `${field} cannot be negative`)
    .max(1_000_000_000, `${field} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${field} must have at most 2 decimals`,
    });

/** A whole, non-negative quantity of stock. */
export const stockQuantity = (field: string) =>
  z
    .number({ error: `${field} should be an numeric` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} cannot be negative`)
    .max(10_000_000, `${field} is too large`);

export const PRODUCT_TYPES = ['simple', 'variable', 'service'] as const;
export const productType = z.enum(PRODUCT_TYPES, {
  error: `productType must be one of ${PRODUCT_TYPES.join(', ')}`,
});
export type ProductType = z.infer<typeof productType>;

/** Stock of one item in one store (spec 001 §3 `store_stock[]{store_id, stock}`). */
export const storeStock = z.object({ store_id: z.string(), stock: z.number() });
export const storeStockInput = z.object({
  store_id: id('store_id'),
  stock: stockQuantity('stock'),
});

/** An option a variable product is built from, e.g. Size: S, M, L. */
export const productOptionUse = z.object({
  name: requiredText('option name', 60),
  values: z
    .array(requiredText('option value', 60), { error: 'values should be an array' })
    .min(1, 'Every option needs at least one value')
    .max(50, 'An option can have at most 50 values'),
});

export const productTagRef = z.object({ _id: z.string(), tagName: z.string() });

export const variety = z.object({
  _id: z.string(),
  name: z.string(),
  option_values: z.record(z.string(), z.string()),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  cost_price: z.number(),
  selling_price: z.number(),
  stock: z.number(),
  store_stock: z.array(storeStock),
});

export const product = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  product_type: productType,
  /** spec 001 §3 "variation flag": true when the product is sold as varieties. */
  variation: z.boolean(),
  cost_price: z.number(),
  selling_price: z.number(),
  category_id: z.string().nullable(),
  subcategory_id: z.string().nullable(),
  tags: z.array(productTagRef),
  /** Ids of the modifier sets offered with the product. */
  modifiers: z.array(z.string()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  varieties: z.array(variety),
  track_stock: z.boolean(),
  low_stock_threshold: z.number(),
  /** Sum over stores (and varieties). */
  stock: z.number(),
  store_stock: z.array(storeStock),
  wc_sync_status: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const varietyInput = z.object({
  /** Keep an existing variety (and its stock and history) on update. */
  _id: id('variety _id').optional(),
  name: optionalText('variety name', 120),
  option_values: z.record(requiredText('option name', 60), requiredText('option value', 60), {
    error: 'option_values should be an object',
  }),
  sku: optionalText('variety sku', 64),
  barcode: optionalText('variety barcode', 64),
  cost_price: nairaAmount('variety cost_price').optional(),
  selling_price: nairaAmount('variety selling_price'),
  /** Opening stock per store; only read when the variety is created. */
  store_stock: z.array(storeStockInput).max(500).optional(),
});

const productFields = {
  name: requiredText('name', 200),
  sku: optionalText('sku', 64),
  barcode: optionalText('barcode', 64),
  description: optionalText('description', 2000),
  images: z
    .array(z.url({ error: 'images must hold image URLs' }).or(z.string().startsWith('/files/')), {
      error: 'images should be an array',
    })
    .max(10, 'A product can have at most 10 images'),
  product_type: productType,
  cost_price: nairaAmount('cost_price'),
  selling_price: nairaAmount('selling_price'),
  category_id: id('category_id').nullable(),
  subcategory_id: id('subcategory_id').nullable(),
  tags: z.array(id('tag id'), { error: 'tags should be an array' }).max(50),
  modifiers: z.array(id('modifier set id'), { error: 'modifiers should be an array' }).max(50),
  options: z.array(productOptionUse, { error: 'options should be an array' }).max(3, 'At most 3 options'),
  varieties: z
    .array(varietyInput, { error: 'varieties should be an array' })
    .max(250, 'At most 250 varieties'),
  track_stock: z.boolean({ error: 'track_stock should be boolean' }),
  low_stock_threshold: stockQuantity('low_stock_threshold'),
};

/**
 * POST /v2/business/{b}/products/ and POST /v1/businesses/{b}/products.
 * `store_stock` is the opening stock of a product without varieties; each becomes a stock movement.
 */
export const createProductBody = z
  .object({
    ...productFields,
    store_stock: z.array(storeStockInput).max(500).optional(),
  })
  .partial()
  .required({ name: true, selling_price: true });

/**
 * PUT /v2/business/{b}/products/{id}: the fields to change plus the `updated_at` the editor
 * loaded. A stale `updated_at` is refused with 409. Stock is not edited here (adjustments do it),
 * except the opening stock of new varieties.
 */
export const updateProductBody = z
  .object(productFields)
  .partial()
  .extend({
    updated_at: inputString('updated_at', 'updated_at is required').min(1, 'updated_at is required'),
  });

/** PATCH /v1/businesses/{b}/products/{productId}: same fields, `updated_at` optional. */
export const patchProductBody = z
  .object(productFields)
  .partial()
  .extend({ updated_at: inputString('updated_at').optional() });

const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).optional());

/** GET /v2/business/{b}/products: search, filters and paging. */
export const productListQuery = z.object({
  search: inputString('search').trim().max(100).optional(),
  category: id('category').optional(),
  subcategory: id('subcategory').optional(),
  tag: id('tag').optional(),
  store: id('store').optional(),
  productType: repeated(productType),
  stock: z.enum(['low', 'out', 'in'], { error: 'stock must be one of low, out, in' }).optional(),
  sort: z
    .enum(['name', 'newest', 'price', 'stock'], { error: 'sort must be one of name, newest, price, stock' })
    .default('name'),
  page: pageNumber(),
  limit: pageLimit(),
});

export const productPage = pageOf(product);

/** Incremental download (`?updated_at=`): changed products plus the ids removed since. */
export const productSyncQuery = z.object({
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
  /** Rows per response; a client keeps asking with the returned lastUpdate until `hasMore` is false. */
  limit: pageLimit(5000, 2000),
});
export const productSyncData = z.object({
  items: z.array(product),
  metaData: metaData.extend({ hasMore: z.boolean() }),
});

export const productIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
export const productV1Params = z.object({
  businessId: inputString('businessId'),
  productId: inputString('productId'),
});

export const barcodeQuery = z.object({
  barcode: requiredText('barcode', 64),
});
/** A barcode matches a product or one of its varieties; `variety_id` says which. */
export const barcodeMatch = z.object({ product, variety_id: z.string().nullable() });

/** PATCH /v1/businesses/{b}/products/bulk/: a different change per product. */
export const bulkPatchBody = z.object({
  products: z
    .array(
      z
        .object(productFields)
        .partial()
        .extend({ _id: id('product _id') }),
      { error: 'products should be an array' },
    )
    .min(1, 'products must hold at least one product')
    .max(500, 'At most 500 products at a time'),
});

/** PATCH /v1/businesses/{b}/products/bulk2/: one change (or delete) for many products. */
export const bulkApplyBody = z.object({
  ids: z
    .array(id('product id'), { error: 'ids should be an array' })
    .min(1, 'ids must hold at least one product')
    .max(1000, 'At most 1000 products at a time'),
  action: z.enum(['update', 'delete'], { error: 'action must be update or delete' }).default('update'),
  changes: z
    .object({
      category_id: id('category_id').nullable(),
      subcategory_id: id('subcategory_id').nullable(),
      track_stock: z.boolean({ error: 'track_stock should be boolean' }),
      low_stock_threshold: stockQuantity('low_stock_threshold'),
      add_tags: z.array(id('tag id')).max(50),
      remove_tags: z.array(id('tag id')).max(50),
      selling_price: nairaAmount('selling_price'),
      cost_price: nairaAmount('cost_price'),
    })
    .partial()
    .optional(),
});

export const bulkResult = z.object({ updated: z.number(), ids: z.array(z.string()) });

/** PATCH /v2/business/{b}/products/stocks: set counted stock levels in one store (movements record the difference). */
export const setStocksBody = z.object({
  store_id: id('store_id'),
  reason: optionalText('reason', 200),
  items: z
    .array(
      z.object({
        product_id: id('product_id'),
        variety_id: id('variety_id').optional(),
        stock: stockQuantity('stock'),
      }),
      { error: 'items should be an array' },
    )
    .min(1, 'items must hold at least one product')
    .max(1000, 'At most 1000 items at a time'),
});

export type Product = z.infer<typeof product>;
export type Variety = z.infer<typeof variety>;
export type CreateProductBody = z.infer<typeof createProductBody>;
export type UpdateProductBody = z.infer<typeof updateProductBody>;
export type ProductListQuery = z.infer<typeof productListQuery>;
export type ProductPage = z.infer<typeof productPage>;

/** DELETE answers with the id of the product removed. */
export const productRef = z.object({ _id: z.string() });

/**
 * PUT /v2/business/{b}/products/modifiers-with-variants: the product's `_id` in the body, the
 * fields to change (varieties and modifier sets included); `updated_at` optional (stale -> 409).
 * POST on the same path takes createProductBody.
 */
export const modifiersWithVariantsBody = patchProductBody.extend({ _id: id('_id') });

/** The level each item now has in the store and the change recorded as a movement. */
export const setStocksResult = z.object({
  store_id: z.string(),
  items: z.array(
    z.object({
      product_id: z.string(),
      variety_id: z.string().nullable(),
      stock: z.number(),
      change: z.number(),
    }),
  ),
});

export type PatchProductBody = z.infer<typeof patchProductBody>;
export type ModifiersWithVariantsBody = z.infer<typeof modifiersWithVariantsBody>;
export type ProductSyncData = z.infer<typeof productSyncData>;
export type BarcodeMatch = z.infer<typeof barcodeMatch>;
export type BulkPatchBody = z.infer<typeof bulkPatchBody>;
export type BulkApplyBody = z.infer<typeof bulkApplyBody>;
export type BulkResult = z.infer<typeof bulkResult>;
export type SetStocksBody = z.infer<typeof setStocksBody>;
export type SetStocksResult = z.infer<typeof setStocksResult>;
