import { z } from 'zod';
import { syncList } from '../shared/sync.js';
import { id, requiredText, inputString } from '../validation/zod-rules.js';
import { productType } from '../products/products.js';

/* ------------------------------------------------------------------ v2 ---------- */

/** A subcategory: a category whose parent is `category_id`. */
export const subcategory = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  category_id: z.string(),
  name: z.string(),
  /** Live products filed under this subcategory. */
  product_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A top-level category with its subcategories. */
export const category = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  /** Live products in the category, subcategories included. */
  product_count: z.number(),
  subcategories: z.array(subcategory),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A product as listed inside a category (light: enough for a list or a POS grid). */
export const categoryProduct = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  images: z.array(z.string()),
  product_type: productType,
  selling_price: z.number(),
  /** Sum over stores (and varieties). */
  stock: z.number(),
  category_id: z.string().nullable(),
  subcategory_id: z.string().nullable(),
  updated_at: z.string(),
});

/** GET /v2/business/{b}/product/categories?search= */
export const categoryListQuery = z.object({ search: inputString('search').trim().max(100).optional() });

/** POST /v2/business/{b}/product/categories */
export const createCategoryBody = z.object({ name: requiredText('name', 80) });
/** PUT /v2/business/{b}/product/categories/{id} */
export const updateCategoryBody = z.object({ name: requiredText('name', 80) });

/** POST /v2/business/{b}/product/subcategories */
export const createSubcategoryBody = z.object({
  category_id: id('category_id'),
  name: requiredText('name', 80),
});

/**
 * PUT /v2/business/{b}/product/categories/{category_id}/subcategory: puts the subcategory
 * (`subcategory_id`, also read from `id` or `_id`) under `category_id` (a move when it was under
 * another category) and renames it when `name` is sent.
 */
export const updateSubcategoryBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || 'subcategory_id' in v) return v;
    const b = v as Record<string, unknown>;
    return { ...b, subcategory_id: b.id ?? b._id };
  },
  z.object({
    subcategory_id: id('subcategory_id'),
    name: requiredText('name', 80).optional(),
  }),
);

export const categoryIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
export const subcategoryMoveParams = z.object({
  businessId: inputString('businessId'),
  category_id: inputString('category_id'),
});

/** GET /v2/business/{b}/product/categories/{id}/products */
export const categoryProductsQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be between 1 and 200').default(50),
  search: inputString('search').trim().max(100).optional(),
  /** Only the products of this subcategory of the category. */
  subcategory: id('subcategory').optional(),
});

export const categoryProductsPage = z.object({
  category,
  items: z.array(categoryProduct),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

/** GET /v2/business/{b}/product/categories-with-products: categories holding products, with their first products. */
export const categoriesWithProductsQuery = z.object({
  per_category: z.coerce.number().int().min(1).max(100, 'per_category must be between 1 and 100').default(20),
});
export const categoryWithProducts = category.extend({ products: z.array(categoryProduct) });

/* ------------------------------------------------------------------ v1 ---------- */

/** Spec 001 §3 Category (v1). `parent` is the parent category id, null at the top. */
export const categoryV1 = z.object({
  _id: z.string(),
  name: z.string(),
  count: z.number(),
  business_id: z.string(),
  parent: z.string().nullable(),
  qb_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  wc_category_id: z.string().nullable(),
  wc_category_sync_status: z.string().nullable(),
});

/** A top-level category with its subcategories in `Subs`. */
export const categoryV1WithSubs = categoryV1.extend({ Subs: z.array(categoryV1) });

/** POST /v1/businesses/{b}/collections: `parent` (optional) makes it a subcategory. */
export const createCollectionBody = z.object({
  name: requiredText('name', 80),
  parent: id('parent').nullable().optional(),
});

/** PATCH /v1/businesses/{b}/products/collections/: file these products under the category named `category`. */
export const assignCollectionBody = z.object({
  category: requiredText('category', 80),
  products: z
    .array(id('product id'), { error: 'products should be an array' })
    .min(1, 'products must hold at least one product')
    .max(1000, 'At most 1000 products at a time'),
});
export const assignCollectionResult = z.object({
  category: categoryV1,
  updated: z.number(),
  ids: z.array(z.string()),
});

export const collectionNameParams = z.object({
  businessId: inputString('businessId'),
  name: inputString('name'),
});
export const collectionNamesQuery = z.object({ name: inputString('name').trim().max(80).optional() });

/** GET /v2/businesses/{b}/collections?updated_at=: every category and subcategory (v1 shape) changed since. */
export const collectionsSyncData = syncList(categoryV1);

export type Subcategory = z.infer<typeof subcategory>;
export type Category = z.infer<typeof category>;
export type CategoryProduct = z.infer<typeof categoryProduct>;
export type CategoryProductsPage = z.infer<typeof categoryProductsPage>;
export type CategoryWithProducts = z.infer<typeof categoryWithProducts>;
export type CategoryV1 = z.infer<typeof categoryV1>;
export type CategoryV1WithSubs = z.infer<typeof categoryV1WithSubs>;
export type CreateCategoryBody = z.infer<typeof createCategoryBody>;
export type CreateSubcategoryBody = z.infer<typeof createSubcategoryBody>;
export type UpdateSubcategoryBody = z.infer<typeof updateSubcategoryBody>;
