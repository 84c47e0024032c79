import { newId } from '../../src/lib/ids.js';
import { moveStock } from '../../src/modules/inventory/index.js';
import type { TestApp } from '../helper.js';

/**
 * Catalogue rows made straight in the database, for tests of other areas (inventory, uploads,
 * sales) that need products without depending on the product routes. Opening stock goes through
 * the stock ledger like every other change.
 */
export type SeededProduct = { productId: string; varietyIds: string[]; name: string };

export const seedProduct = async (
  t: TestApp,
  businessId: string,
  opts: {
    name?: string;
    /** kobo */
    sellingPrice?: number;
    /** kobo */
    costPrice?: number;
    categoryId?: string | null;
    barcode?: string | null;
    /** Variety names; the product becomes variable. */
    varieties?: string[];
    /** Opening stock per store id, for each variety (or the product). */
    stock?: Record<string, number>;
    lowStockThreshold?: number;
  } = {},
): Promise<SeededProduct> => {
  const productId = newId();
  const name = opts.name ?? `Product ${productId.slice(-6)}`;
  const variable = (opts.varieties?.length ?? 0) > 0;
  await t.db
    .insertInto('products')
    .values({
      business_id: businessId,
      id: productId,
      name,
      sku: null,
      barcode: opts.barcode ?? null,
      description: null,
      product_type: variable ? 'variable' : 'simple',
      cost_price: opts.costPrice ?? 50_000,
      selling_price: opts.sellingPrice ?? 100_000,
      category_id: opts.categoryId ?? null,
      subcategory_id: null,
      options: JSON.stringify(variable ? [{ name: 'Size', values: opts.varieties }] : []),
      low_stock_threshold: opts.lowStockThreshold ?? 0,
      wc_sync_status: null,
      created_by: null,
    })
    .execute();
  const varietyIds: string[] = [];
  for (const [position, v] of (opts.varieties ?? []).entries()) {
    const id = newId();
    varietyIds.push(id);
    await t.db
      .insertInto('product_varieties')
      .values({
        business_id: businessId,
        id,
        product_id: productId,
        name: v,
        option_values: JSON.stringify({ Size: v }),
        sku: null,
        barcode: null,
        selling_price: opts.sellingPrice ?? 100_000,
        position,
      })
      .execute();
  }
  const lines = Object.entries(opts.stock ?? {}).flatMap(([storeId, quantity]) =>
    (variable ? varietyIds : [null]).map((varietyId) => ({ storeId, productId, varietyId, quantity })),
  );
  if (lines.length)
    await t.db
      .transaction()
      .execute((tx) => moveStock(tx, { businessId, userId: null, reason: 'initial' }, lines));
  return { productId, varietyIds, name };
};

/** A second store for the business, straight in the database. */
export const seedStore = async (t: TestApp, businessId: string, name = `Store ${Date.now() % 100000}`) => {
  const id = newId();
  await t.db
    .insertInto('stores')
    .values({ business_id: businessId, id, name, address: null, phone: null, email: null })
    .execute();
  return id;
};

/** Current stock of an item in a store, from the level table. */
export const stockOf = async (t: TestApp, businessId: string, storeId: string, itemId: string) =>
  (
    await t.db
      .selectFrom('stock_levels')
      .select('quantity')
      .where('business_id', '=', businessId)
      .where('store_id', '=', storeId)
      .where('item_id', '=', itemId)
      .executeTakeFirst()
  )?.quantity ?? 0;
