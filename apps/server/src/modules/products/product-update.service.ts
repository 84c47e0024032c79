import { sql } from 'kysely';
import { toKobo, type PatchProductBody, type Product, type ProductType } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { moveStock } from '../inventory/index.js';
import {
  liveCategories,
  liveVarieties,
  lockProduct,
  tombstoneProducts,
  type LockedProduct,
} from './products.writes.js';
import { type ProductCaller, inTransaction } from './products.shared.js';
import {
  type StockIn,
  checkOptions,
  checkVarietyOptions,
  checkStockList,
  checkReferences,
  checkSkus,
  translateUnique,
  opening,
  varietyName,
  varietyRow,
} from './product-checks.js';
import { getProduct } from './product-reads.service.js';

export const STALE_PRODUCT =
  'This product was changed on another device. Reload it to see the changes, then save again.';

/**
 * The editor loaded the product at `updatedAt`: stale when someone edited it after that. Stock
 * movements move `updated_at` (devices must download new stock) but not `edited_at`, so a sale
 * while the form is open does not refuse the save.
 */
const assertFresh = (row: LockedProduct, updatedAt: string | undefined) => {
  if (updatedAt === undefined) return;
  const loaded = Date.parse(updatedAt);
  if (Number.isNaN(loaded))
    throw badRequest('updated_at: send the updated_at of the product as it was loaded.');
  if (row.edited_at.getTime() > loaded) throw conflict(STALE_PRODUCT);
};

const typeForUpdate = (row: LockedProduct, body: PatchProductBody, keptVarieties: number): ProductType => {
  if (body.varieties !== undefined) {
    if (body.varieties.length > 0) {
      if (body.product_type === 'service') throw badRequest('product_type: a service cannot have varieties.');
      return 'variable';
    }
    if (body.product_type === 'variable')
      throw badRequest('varieties: a product with varieties needs at least one variety.');
    return body.product_type ?? (row.product_type === 'service' ? 'service' : 'simple');
  }
  if (body.product_type === 'variable' && keptVarieties === 0)
    throw badRequest('varieties: a product with varieties needs at least one variety.');
  return body.product_type ?? row.product_type;
};

/** Applies a change to one live product inside `tx`; the product's id. */
export const applyUpdate = async (
  tx: Tx,
  caller: ProductCaller,
  id: string,
  body: PatchProductBody,
): Promise<string> => {
  if (!isUuid(id)) throw notFound('Product');
  const row = await lockProduct(tx, caller.businessId, id);
  if (!row) throw notFound('Product');
  assertFresh(row, body.updated_at);

  const existing = await liveVarieties(tx, caller.businessId, id);
  const type = typeForUpdate(row, body, existing.length);
  const options = body.options ?? row.options;
  checkOptions(options);

  // The varieties the product ends with: kept (by _id) ones keep their id and stock.
  const existingIds = new Set(existing.map((v) => v.id));
  const incoming = type === 'variable' ? body.varieties : [];
  const keep = new Set<string>();
  for (const v of incoming ?? []) {
    if (!v._id) continue;
    if (!existingIds.has(v._id)) throw notFound('Variety');
    if (keep.has(v._id)) throw badRequest('varieties: the same variety is listed twice.');
    keep.add(v._id);
  }
  if (incoming) {
    checkVarietyOptions(incoming, options, 'varieties');
    incoming.forEach((v, i) => {
      if (!v._id) checkStockList(v.store_stock, `varieties[${i}].store_stock`);
    });
  } else if (body.options !== undefined && type === 'variable') {
    checkVarietyOptions(existing, options, 'varieties');
  }

  const cats = await checkReferences(tx, caller.businessId, {
    category_id: body.category_id,
    subcategory_id: body.subcategory_id,
    tags: body.tags,
    modifiers: body.modifiers,
    storeIds: (incoming ?? []).flatMap((v) => (v._id ? [] : (v.store_stock ?? []).map((s) => s.store_id))),
  });
  // A new category drops a subcategory that is not under it.
  if (cats.category_id !== undefined && cats.subcategory_id === undefined && row.subcategory_id) {
    const [sub] = await liveCategories(tx, caller.businessId, [row.subcategory_id]);
    if (!sub || sub.parent_id !== cats.category_id) cats.subcategory_id = null;
  }
  await checkSkus(
    tx,
    caller.businessId,
    [
      ...(body.sku ? [{ sku: body.sku, field: 'sku' }] : []),
      ...(incoming ?? []).flatMap((v, i) => (v.sku ? [{ sku: v.sku, field: `varieties[${i}].sku` }] : [])),
    ],
    id,
  );

  try {
    await tx
      .updateTable('products')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.sku !== undefined ? { sku: body.sku || null } : {}),
        ...(body.barcode !== undefined ? { barcode: body.barcode || null } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.images !== undefined ? { images: body.images } : {}),
        ...(body.cost_price !== undefined ? { cost_price: toKobo(body.cost_price) } : {}),
        ...(body.selling_price !== undefined ? { selling_price: toKobo(body.selling_price) } : {}),
        ...cats,
        ...(body.tags !== undefined ? { tag_ids: [...new Set(body.tags)] } : {}),
        ...(body.modifiers !== undefined ? { modifier_set_ids: [...new Set(body.modifiers)] } : {}),
        ...(body.options !== undefined ? { options: JSON.stringify(options) } : {}),
        ...(body.low_stock_threshold !== undefined ? { low_stock_threshold: body.low_stock_threshold } : {}),
        product_type: type,
        track_stock:
          type === 'service'
            ? false
            : (body.track_stock ?? (row.product_type === 'service' ? true : row.track_stock)),
        // Always written, so the trigger moves updated_at even when nothing else changed.
        updated_at: sql`clock_timestamp()`,
        edited_at: sql`clock_timestamp()`,
      })
      .where('business_id', '=', caller.businessId)
      .where('id', '=', id)
      .execute();

    // Varieties no longer listed (or all of them, when the product stops having varieties) are
    // tombstoned; their levels and movements stay in the ledger.
    const removed =
      type !== 'variable' ? [...existingIds] : incoming ? [...existingIds].filter((v) => !keep.has(v)) : [];
    if (removed.length)
      await tx
        .updateTable('product_varieties')
        .set({ deleted_at: sql`clock_timestamp()` })
        .where('business_id', '=', caller.businessId)
        .where('id', 'in', removed)
        .execute();

    if (incoming) {
      const cost = body.cost_price !== undefined ? toKobo(body.cost_price) : row.cost_price;
      const added: { row: ReturnType<typeof varietyRow>; stock: StockIn }[] = [];
      for (const [i, v] of incoming.entries()) {
        if (v._id) {
          await tx
            .updateTable('product_varieties')
            .set({
              name: varietyName(v, i),
              option_values: JSON.stringify(v.option_values),
              ...(v.sku !== undefined ? { sku: v.sku || null } : {}),
              ...(v.barcode !== undefined ? { barcode: v.barcode || null } : {}),
              ...(v.cost_price !== undefined ? { cost_price: toKobo(v.cost_price) } : {}),
              selling_price: toKobo(v.selling_price),
              position: i,
            })
            .where('business_id', '=', caller.businessId)
            .where('id', '=', v._id)
            .execute();
        } else {
          added.push({ row: varietyRow(caller.businessId, id, v, i, cost), stock: v.store_stock });
        }
      }
      if (added.length) {
        await tx
          .insertInto('product_varieties')
          .values(added.map((a) => a.row))
          .execute();
        const lines = added.flatMap((a) => opening(id, a.row.id, a.stock));
        if (lines.length)
          await moveStock(
            tx,
            { businessId: caller.businessId, userId: caller.userId, reason: 'initial' },
            lines,
          );
      }
    }
  } catch (error) {
    translateUnique(error);
  }
  return id;
};

/**
 * PUT /v2 (updated_at required by the contract) and PATCH /v1 (optional): a stale updated_at is
 * a 409. New varieties may carry opening stock; others keep theirs.
 */
export const updateProduct = async (
  db: Tx,
  caller: ProductCaller,
  id: string,
  body: PatchProductBody,
): Promise<Product> =>
  inTransaction(db, async (tx) => getProduct(tx, caller.businessId, await applyUpdate(tx, caller, id, body)));

export const deleteProduct = async (db: Tx, caller: ProductCaller, id: string): Promise<{ _id: string }> => {
  if (!isUuid(id)) throw notFound('Product');
  const [removed] = await inTransaction(db, (tx) => tombstoneProducts(tx, caller.businessId, [id]));
  if (!removed) throw notFound('Product');
  return { _id: removed };
};
