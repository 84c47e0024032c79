import { sql } from 'kysely';
import { toKobo, type CreateProductBody } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { moveStock, type StockLine } from '../inventory/index.js';
import {
  checkOptions,
  checkSkus,
  checkStockList,
  checkVarietyOptions,
  loadReferences,
  opening,
  resolveReferences,
  translateUnique,
  varietyRow,
} from './product-checks.js';
import { typeForCreate } from './product-create.service.js';
import { liveVarieties, lockProduct, takenSkus } from './products.writes.js';
import type { ProductCaller } from './products.shared.js';

/**
 * Many products created at once, set-based (bulk upload): the same checks and the same rows as
 * createProduct, but one statement per table for the whole list (products, varieties; opening
 * stock through moveStock in one call), so the cost is a few round trips per list, not per product.
 * All or nothing inside the caller's transaction: a product that cannot be created throws
 * ProductItemError naming its index (the caller drops it and tries the rest); an error of the
 * database (a unique index catching a race) throws as it is.
 */
export class ProductItemError extends Error {
  constructor(
    readonly index: number,
    readonly error: HttpError,
  ) {
    super(error.message);
  }
}

export type AddedProduct = { id: string; varietyIds: string[] };

/** Postgres array literal of uuids ('{a,b}'), so arrays of arrays can travel in one unnest. */
const uuidArray = (ids: readonly string[] | undefined) => `{${[...new Set(ids ?? [])].join(',')}}`;

export const addProducts = async (
  tx: Tx,
  caller: ProductCaller,
  bodies: readonly CreateProductBody[],
): Promise<AddedProduct[]> => {
  if (bodies.length === 0) return [];
  const about = <T>(index: number, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof HttpError) throw new ProductItemError(index, error);
      throw error;
    }
  };

  // Checks that need nothing from the database, item by item (as insertNewProduct does them).
  const items = bodies.map((body, index) =>
    about(index, () => {
      const type = typeForCreate(body);
      const options = body.options ?? [];
      const varieties = type === 'variable' ? (body.varieties ?? []) : [];
      checkOptions(options);
      checkVarietyOptions(varieties, options, 'varieties');
      checkStockList(body.store_stock, 'store_stock');
      varieties.forEach((v, i) => checkStockList(v.store_stock, `varieties[${i}].store_stock`));
      if (type === 'service' && body.store_stock?.some((s) => s.stock > 0))
        throw badRequest('store_stock: a service has no stock.');
      if (type === 'variable' && body.store_stock?.some((s) => s.stock > 0))
        throw badRequest('store_stock: give the opening stock of each variety in its own store_stock.');
      const refs = {
        category_id: body.category_id ?? null,
        subcategory_id: body.subcategory_id ?? null,
        tags: body.tags,
        modifiers: body.modifiers,
        storeIds: [
          ...(body.store_stock ?? []).map((s) => s.store_id),
          ...varieties.flatMap((v) => (v.store_stock ?? []).map((s) => s.store_id)),
        ],
      };
      return { body, type, options, varieties, refs };
    }),
  );

  // References of every item in one read per table.
  const loaded = await loadReferences(
    tx,
    caller.businessId,
    items.map((i) => i.refs),
  );
  const cats = items.map((item, index) => about(index, () => resolveReferences(loaded, item.refs)));

  // SKUs: unique inside the list and against live products and varieties (one query).
  const skuOf = new Map<string, { sku: string; index: number; name: string }>();
  items.forEach((item, index) => {
    const own = new Set<string>();
    const skus = [
      ...(item.body.sku ? [{ sku: item.body.sku, field: 'sku' }] : []),
      ...item.varieties.flatMap((v, i) => (v.sku ? [{ sku: v.sku, field: `varieties[${i}].sku` }] : [])),
    ];
    for (const s of skus) {
      const key = s.sku.toLowerCase();
      if (own.has(key))
        throw new ProductItemError(
          index,
          badRequest(`${s.field}: SKU "${s.sku}" is used twice in this product.`),
        );
      own.add(key);
      const first = skuOf.get(key);
      if (first)
        throw new ProductItemError(index, conflict(`SKU "${s.sku}" is already used by ${first.name}.`));
      skuOf.set(key, { sku: s.sku, index, name: item.body.name });
    }
  });
  const taken = await takenSkus(tx, caller.businessId, [...skuOf.keys()]);
  for (const [sku, owner] of taken) {
    const mine = skuOf.get(sku)!;
    throw new ProductItemError(mine.index, conflict(`SKU "${mine.sku}" is already used by ${owner}.`));
  }

  const ids = items.map(() => newId());
  const varietyRows = items.map((item, index) =>
    item.varieties.map((v, i) =>
      varietyRow(caller.businessId, ids[index]!, v, i, toKobo(item.body.cost_price ?? 0)),
    ),
  );
  const col = <T>(fn: (item: (typeof items)[number], index: number) => T) => items.map(fn);
  try {
    await sql`
      INSERT INTO products (business_id, created_by, id, name, sku, barcode, description, images,
        product_type, cost_price, selling_price, category_id, subcategory_id, tag_ids,
        modifier_set_ids, options, track_stock, low_stock_threshold, wc_sync_status)
      SELECT ${caller.businessId}::uuid, ${caller.userId}::uuid, x.id, x.name, x.sku, x.barcode,
        x.description, ARRAY(SELECT jsonb_array_elements_text(x.images)), x.product_type,
        x.cost_price, x.selling_price, x.category_id, x.subcategory_id, x.tag_ids::uuid[],
        x.modifier_set_ids::uuid[], x.options, x.track_stock, x.low_stock_threshold, NULL
      FROM unnest(
        ${ids}::uuid[],
        ${col((i) => i.body.name)}::text[],
        ${col((i) => i.body.sku || null)}::text[],
        ${col((i) => i.body.barcode || null)}::text[],
        ${col((i) => i.body.description || null)}::text[],
        ${col((i) => JSON.stringify(i.body.images ?? []))}::jsonb[],
        ${col((i) => i.type)}::text[],
        ${col((i) => toKobo(i.body.cost_price ?? 0))}::bigint[],
        ${col((i) => toKobo(i.body.selling_price))}::bigint[],
        ${col((_, index) => cats[index]?.category_id ?? null)}::uuid[],
        ${col((_, index) => cats[index]?.subcategory_id ?? null)}::uuid[],
        ${col((i) => uuidArray(i.body.tags))}::text[],
        ${col((i) => uuidArray(i.body.modifiers))}::text[],
        ${col((i) => JSON.stringify(i.options))}::jsonb[],
        ${col((i) => (i.type === 'service' ? false : (i.body.track_stock ?? true)))}::boolean[],
        ${col((i) => i.body.low_stock_threshold ?? 0)}::int[]
      ) AS x(id, name, sku, barcode, description, images, product_type, cost_price, selling_price,
        category_id, subcategory_id, tag_ids, modifier_set_ids, options, track_stock, low_stock_threshold)`.execute(
      tx,
    );
    const vs = varietyRows.flat();
    if (vs.length)
      await sql`
        INSERT INTO product_varieties (business_id, id, product_id, name, option_values, sku, barcode,
          cost_price, selling_price, position)
        SELECT ${caller.businessId}::uuid, x.*
        FROM unnest(
          ${vs.map((v) => v.id)}::uuid[],
          ${vs.map((v) => v.product_id)}::uuid[],
          ${vs.map((v) => v.name)}::text[],
          ${vs.map((v) => v.option_values)}::jsonb[],
          ${vs.map((v) => v.sku)}::text[],
          ${vs.map((v) => v.barcode)}::text[],
          ${vs.map((v) => v.cost_price)}::bigint[],
          ${vs.map((v) => v.selling_price)}::bigint[],
          ${vs.map((v) => v.position)}::int[]
        ) AS x(id, product_id, name, option_values, sku, barcode, cost_price, selling_price, position)`.execute(
        tx,
      );
    const lines: StockLine[] = items.flatMap((item, index) => [
      ...(item.type === 'simple' ? opening(ids[index]!, null, item.body.store_stock) : []),
      ...item.varieties.flatMap((v, i) => opening(ids[index]!, varietyRows[index]![i]!.id, v.store_stock)),
    ]);
    if (lines.length)
      await moveStock(tx, { businessId: caller.businessId, userId: caller.userId, reason: 'initial' }, lines);
  } catch (error) {
    translateUnique(error);
  }
  return ids.map((id, index) => ({ id, varietyIds: varietyRows[index]!.map((v) => v.id) }));
};

type VarietyIn = NonNullable<CreateProductBody['varieties']>[number];

/**
 * Adds varieties to a live product with varieties, its options growing by the new values (a bulk
 * upload's later row of a handle whose product was created from an earlier try). Throws HttpError.
 */
export const addVarieties = async (
  tx: Tx,
  caller: ProductCaller,
  productId: string,
  varieties: readonly VarietyIn[],
): Promise<string[]> => {
  const row = await lockProduct(tx, caller.businessId, productId);
  if (!row) throw notFound('Product');
  if (row.product_type !== 'variable') throw badRequest(`${row.name} has no variants to add to.`);
  const existing = await liveVarieties(tx, caller.businessId, productId);
  const options = row.options.map((o) => ({ name: o.name, values: [...o.values] }));
  for (const v of varieties)
    for (const [name, value] of Object.entries(v.option_values)) {
      const option = options.find((o) => o.name === name);
      if (!option)
        throw badRequest(
          `"${name}" is not one of the options of ${row.name} (${options.map((o) => o.name).join(', ')}).`,
        );
      if (!option.values.some((x) => x.toLowerCase() === value.toLowerCase())) option.values.push(value);
    }
  checkOptions(options);
  checkVarietyOptions(
    [...existing.map((e) => ({ option_values: e.option_values as Record<string, string> })), ...varieties],
    options,
    'varieties',
  );
  varieties.forEach((v, i) => checkStockList(v.store_stock, `varieties[${i}].store_stock`));
  const refs = { storeIds: varieties.flatMap((v) => (v.store_stock ?? []).map((s) => s.store_id)) };
  resolveReferences(await loadReferences(tx, caller.businessId, [refs]), refs);
  await checkSkus(
    tx,
    caller.businessId,
    varieties.flatMap((v, i) => (v.sku ? [{ sku: v.sku, field: `varieties[${i}].sku` }] : [])),
    null,
  );
  const rows = varieties.map((v, i) =>
    varietyRow(caller.businessId, productId, v, existing.length + i, row.cost_price),
  );
  try {
    await tx.insertInto('product_varieties').values(rows).execute();
    await tx
      .updateTable('products')
      .set({ options: JSON.stringify(options), edited_at: sql`clock_timestamp()` })
      .where('business_id', '=', caller.businessId)
      .where('id', '=', productId)
      .execute();
    const lines = varieties.flatMap((v, i) => opening(productId, rows[i]!.id, v.store_stock));
    if (lines.length)
      await moveStock(tx, { businessId: caller.businessId, userId: caller.userId, reason: 'initial' }, lines);
  } catch (error) {
    translateUnique(error);
  }
  return rows.map((r) => r.id);
};
