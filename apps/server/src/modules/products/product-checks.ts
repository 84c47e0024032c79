import { toKobo, type CreateProductBody } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import type { ProductOptionJson } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { StockLine } from '../inventory/index.js';
import { liveCategories, liveIdsIn, skuOwners } from './products.writes.js';

/** Checks shared by creating and updating products (options, varieties, references, SKUs, opening stock). */

type VarietyIn = NonNullable<CreateProductBody['varieties']>[number];
export type StockIn = { store_id: string; stock: number }[] | undefined;

export const checkOptions = (options: ProductOptionJson[]) => {
  const seen = new Set<string>();
  for (const o of options) {
    const key = o.name.toLowerCase();
    if (seen.has(key)) throw badRequest(`options: "${o.name}" is listed twice.`);
    seen.add(key);
  }
};

/** Variety option keys must be among the product's options, and no two varieties may be the same. */
export const checkVarietyOptions = (
  varieties: { name?: string; option_values: Record<string, string> }[],
  options: ProductOptionJson[],
  field: string,
) => {
  const names = new Set(options.map((o) => o.name));
  const combos = new Map<string, number>();
  varieties.forEach((v, i) => {
    for (const key of Object.keys(v.option_values)) {
      if (!names.has(key))
        throw badRequest(
          `${field}[${i}].option_values: "${key}" is not one of the product's options` +
            (names.size ? ` (${[...names].join(', ')}).` : '; add it to options first.'),
        );
    }
    const combo = JSON.stringify(
      Object.entries(v.option_values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const before = combos.get(combo);
    if (before !== undefined && Object.keys(v.option_values).length > 0)
      throw badRequest(`${field}[${i}]: has the same options as variety ${before + 1}.`);
    combos.set(combo, i);
  });
};

export const checkStockList = (list: StockIn, field: string) => {
  const seen = new Set<string>();
  for (const s of list ?? []) {
    if (seen.has(s.store_id)) throw badRequest(`${field}: the same store is listed twice.`);
    seen.add(s.store_id);
  }
};

export type Refs = {
  category_id?: string | null;
  subcategory_id?: string | null;
  tags?: string[];
  modifiers?: string[];
  storeIds?: string[];
};

/** The live categories, tags, modifier sets and stores some writes name, read in one go. */
export type LoadedReferences = {
  cats: Map<string, { id: string; parent_id: string | null }>;
  tags: Set<string>;
  sets: Set<string>;
  stores: Set<string>;
};

export const loadReferences = async (
  tx: Tx,
  businessId: string,
  list: readonly Refs[],
): Promise<LoadedReferences> => {
  const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];
  const [cats, tags, sets, stores] = await Promise.all([
    liveCategories(tx, businessId, unique(list.flatMap((r) => [r.category_id, r.subcategory_id]))),
    liveIdsIn(tx, 'tags', businessId, unique(list.flatMap((r) => r.tags ?? []))),
    liveIdsIn(tx, 'modifier_sets', businessId, unique(list.flatMap((r) => r.modifiers ?? []))),
    liveIdsIn(tx, 'stores', businessId, unique(list.flatMap((r) => r.storeIds ?? []))),
  ]);
  return { cats: new Map(cats.map((c) => [c.id, c])), tags, sets, stores };
};

/** checkReferences on references already loaded (loadReferences). */
export const resolveReferences = (
  loaded: LoadedReferences,
  refs: Refs,
): { category_id?: string | null; subcategory_id?: string | null } => {
  const { cats: byId, tags, sets, stores } = loaded;
  for (const t of refs.tags ?? []) if (!tags.has(t)) throw notFound('Tag');
  for (const m of refs.modifiers ?? []) if (!sets.has(m)) throw notFound('Modifier set');
  for (const s of refs.storeIds ?? []) if (!stores.has(s)) throw notFound('Store');
  const out: { category_id?: string | null; subcategory_id?: string | null } = {};
  if (refs.category_id !== undefined) {
    if (refs.category_id && !byId.has(refs.category_id)) throw notFound('Category');
    out.category_id = refs.category_id;
  }
  if (refs.subcategory_id !== undefined) {
    out.subcategory_id = refs.subcategory_id;
    if (refs.subcategory_id) {
      const sub = byId.get(refs.subcategory_id);
      if (!sub) throw notFound('Subcategory');
      if (!sub.parent_id) throw badRequest('subcategory_id: this is a category, not a subcategory.');
      if (refs.category_id === undefined || refs.category_id === null) out.category_id = sub.parent_id;
      else if (sub.parent_id !== refs.category_id)
        throw badRequest('subcategory_id: this subcategory does not belong to the chosen category.');
    }
  }
  return out;
};

/**
 * Categories, tags, modifier sets and stores named by a write belong to the business and are
 * live (404 naming what is missing). A subcategory must sit under the category; given alone, its
 * parent becomes the category. Returns the category pair to store.
 */
export const checkReferences = async (
  tx: Tx,
  businessId: string,
  refs: Refs,
): Promise<{ category_id?: string | null; subcategory_id?: string | null }> =>
  resolveReferences(await loadReferences(tx, businessId, [refs]), refs);

/** SKUs are unique per business among live products and varieties (case-insensitive). */
export const checkSkus = async (
  tx: Tx,
  businessId: string,
  skus: { sku: string; field: string }[],
  exceptProductId: string | null,
) => {
  const seen = new Map<string, string>();
  for (const s of skus) {
    const key = s.sku.toLowerCase();
    if (seen.has(key)) throw badRequest(`${s.field}: SKU "${s.sku}" is used twice in this product.`);
    seen.set(key, s.sku);
  }
  const [taken] = await skuOwners(tx, businessId, [...seen.keys()], exceptProductId);
  if (taken) throw conflict(`SKU "${seen.get(taken.sku) ?? taken.sku}" is already used by ${taken.name}.`);
};

/** A unique index caught a race the checks above could not see. */
export const translateUnique = (error: unknown): never => {
  if (isUniqueViolation(error, 'products_sku_uq') || isUniqueViolation(error, 'product_varieties_sku_uq'))
    throw conflict('That SKU is already used by another product. Choose another SKU.');
  throw error;
};

export const opening = (productId: string, varietyId: string | null, list: StockIn): StockLine[] =>
  (list ?? [])
    .filter((s) => s.stock > 0)
    .map((s) => ({ storeId: s.store_id, productId, varietyId, quantity: s.stock }));

export const varietyName = (v: VarietyIn, i: number) =>
  v.name || Object.values(v.option_values).join(' / ') || `Variety ${i + 1}`;

export const varietyRow = (
  businessId: string,
  productId: string,
  v: VarietyIn,
  i: number,
  costDefault: number,
) => ({
  business_id: businessId,
  id: newId(),
  product_id: productId,
  name: varietyName(v, i),
  option_values: JSON.stringify(v.option_values),
  sku: v.sku || null,
  barcode: v.barcode || null,
  cost_price: v.cost_price !== undefined ? toKobo(v.cost_price) : costDefault,
  selling_price: toKobo(v.selling_price),
  position: i,
});
