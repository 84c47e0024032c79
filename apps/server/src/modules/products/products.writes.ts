import type { Tx } from '../../db/database.js';
import { sql } from 'kysely';

/** Queries behind product writes: the rows a write checks, locks and changes. */

export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'sku',
  'product_type',
  'category_id',
  'subcategory_id',
  'options',
  'track_stock',
  'cost_price',
  'updated_at',
  'edited_at',
] as const;

/** The live product, locked for the rest of the transaction; undefined when not this business's. */
export const lockProduct = (tx: Tx, businessId: string, id: string) =>
  tx
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export type LockedProduct = NonNullable<Awaited<ReturnType<typeof lockProduct>>>;

export const liveVarieties = (tx: Tx, businessId: string, productId: string) =>
  tx
    .selectFrom('product_varieties')
    .select(['id', 'name', 'option_values', 'sku'])
    .where('business_id', '=', businessId)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .execute();

export const liveCategories = (tx: Tx, businessId: string, ids: string[]) =>
  ids.length
    ? tx
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('business_id', '=', businessId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute()
    : Promise.resolve([]);

/** Which of these ids are live rows of the business in a table with (business_id, id, deleted_at). */
export const liveIdsIn = async (
  tx: Tx,
  table: 'tags' | 'modifier_sets' | 'stores',
  businessId: string,
  ids: string[],
): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
};

/**
 * Live products and varieties (outside `exceptProductId`) already using one of these SKUs
 * (lower-cased), with the name to show.
 */
export const skuOwners = async (
  tx: Tx,
  businessId: string,
  lowerSkus: string[],
  exceptProductId: string | null,
) => {
  if (lowerSkus.length === 0) return [];
  const { rows } = await sql<{ sku: string; name: string }>`
    SELECT lower(p.sku) AS sku, p.name FROM products p
    WHERE p.business_id = ${businessId}::uuid AND p.deleted_at IS NULL
      AND lower(p.sku) = ANY (${lowerSkus}::text[])
      ${exceptProductId ? sql`AND p.id <> ${exceptProductId}::uuid` : sql``}
    UNION ALL
    SELECT lower(v.sku), p.name || ' (' || v.name || ')' FROM product_varieties v
    JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id
    WHERE v.business_id = ${businessId}::uuid AND v.deleted_at IS NULL
      AND lower(v.sku) = ANY (${lowerSkus}::text[])
      ${exceptProductId ? sql`AND v.product_id <> ${exceptProductId}::uuid` : sql``}
    LIMIT 1
  `.execute(tx);
  return rows;
};

/** The product or variety with this barcode (a product's own barcode first). */
export const findBarcode = async (tx: Tx, businessId: string, barcode: string) => {
  const { rows } = await sql<{ product_id: string; variety_id: string | null }>`
    SELECT * FROM (
      SELECT p.id AS product_id, NULL::uuid AS variety_id, 0 AS rank FROM products p
      WHERE p.business_id = ${businessId}::uuid AND p.barcode = ${barcode} AND p.deleted_at IS NULL
      UNION ALL
      SELECT v.product_id, v.id, 1 FROM product_varieties v
      JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id AND p.deleted_at IS NULL
      WHERE v.business_id = ${businessId}::uuid AND v.barcode = ${barcode} AND v.deleted_at IS NULL
    ) m ORDER BY rank LIMIT 1
  `.execute(tx);
  return rows[0];
};

/** Tombstones products and their varieties; returns the ids that were live. */
export const tombstoneProducts = async (tx: Tx, businessId: string, ids: string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const removed = await tx
    .updateTable('products')
    .set({ deleted_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  const removedIds = removed.map((r) => r.id);
  if (removedIds.length)
    await tx
      .updateTable('product_varieties')
      .set({ deleted_at: sql`clock_timestamp()` })
      .where('business_id', '=', businessId)
      .where('product_id', 'in', removedIds)
      .where('deleted_at', 'is', null)
      .execute();
  return removedIds;
};

/** Levels of items in one store, locked so a "set to N" is computed from the level it replaces. */
export const lockLevels = async (tx: Tx, businessId: string, storeId: string, itemIds: string[]) => {
  const out = new Map<string, number>(itemIds.map((id) => [id, 0]));
  if (itemIds.length === 0) return out;
  const rows = await tx
    .selectFrom('stock_levels')
    .select(['item_id', 'quantity'])
    .where('business_id', '=', businessId)
    .where('store_id', '=', storeId)
    .where('item_id', 'in', itemIds)
    .orderBy('item_id')
    .forUpdate()
    .execute();
  for (const r of rows) out.set(r.item_id, r.quantity);
  return out;
};

/** Every live product or variety using one of these SKUs (lower-cased), with the name to show. */
export const takenSkus = async (
  tx: Tx,
  businessId: string,
  lowerSkus: readonly string[],
): Promise<Map<string, string>> => {
  const out = new Map<string, string>();
  if (lowerSkus.length === 0) return out;
  // One index probe per SKU (LATERAL ... LIMIT 1 on the unique indexes): "lower(sku) = ANY(...)"
  // is planned as a filter over every product of the business while the table has no statistics
  // yet (a large upload, autovacuum behind), seconds per 1,000 SKUs at 100,000 products.
  const { rows } = await sql<{ sku: string; name: string }>`
    SELECT s.sku, coalesce(p.name, v.name) AS name
    FROM unnest(${[...new Set(lowerSkus)]}::text[]) AS s(sku)
    LEFT JOIN LATERAL (
      SELECT p.name FROM products p
      WHERE p.business_id = ${businessId}::uuid AND p.deleted_at IS NULL AND p.sku IS NOT NULL
        AND lower(p.sku) = s.sku
      LIMIT 1) p ON true
    LEFT JOIN LATERAL (
      SELECT pp.name || ' (' || v.name || ')' AS name FROM product_varieties v
      JOIN products pp ON pp.business_id = v.business_id AND pp.id = v.product_id
      WHERE v.business_id = ${businessId}::uuid AND v.deleted_at IS NULL AND v.sku IS NOT NULL
        AND lower(v.sku) = s.sku
      LIMIT 1) v ON p.name IS NULL
    WHERE p.name IS NOT NULL OR v.name IS NOT NULL`.execute(tx);
  for (const r of rows) if (!out.has(r.sku)) out.set(r.sku, r.name);
  return out;
};
