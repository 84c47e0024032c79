import { toKobo, type CreateProductBody, type Product, type ProductType } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { moveStock } from '../inventory/index.js';
import { type ProductCaller, inTransaction } from './products.shared.js';
import {
  checkOptions,
  checkVarietyOptions,
  checkStockList,
  checkReferences,
  checkSkus,
  translateUnique,
  opening,
  varietyRow,
} from './product-checks.js';
import { getProduct } from './product-reads.service.js';

/** Product type from what was sent: varieties make it variable; a service only when asked. */
export const typeForCreate = (body: CreateProductBody): ProductType => {
  const hasVarieties = (body.varieties?.length ?? 0) > 0;
  if (hasVarieties) {
    if (body.product_type === 'service') throw badRequest('product_type: a service cannot have varieties.');
    return 'variable';
  }
  if (body.product_type === 'variable')
    throw badRequest('varieties: a product with varieties needs at least one variety.');
  return body.product_type === 'service' ? 'service' : 'simple';
};

const insertNewProduct = async (tx: Tx, caller: ProductCaller, body: CreateProductBody): Promise<string> => {
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

  const storeIds = [
    ...(body.store_stock ?? []).map((s) => s.store_id),
    ...varieties.flatMap((v) => (v.store_stock ?? []).map((s) => s.store_id)),
  ];
  const cats = await checkReferences(tx, caller.businessId, {
    category_id: body.category_id ?? null,
    subcategory_id: body.subcategory_id ?? null,
    tags: body.tags,
    modifiers: body.modifiers,
    storeIds,
  });
  await checkSkus(
    tx,
    caller.businessId,
    [
      ...(body.sku ? [{ sku: body.sku, field: 'sku' }] : []),
      ...varieties.flatMap((v, i) => (v.sku ? [{ sku: v.sku, field: `varieties[${i}].sku` }] : [])),
    ],
    null,
  );

  const id = newId();
  const cost = toKobo(body.cost_price ?? 0);
  try {
    await tx
      .insertInto('products')
      .values({
        business_id: caller.businessId,
        id,
        name: body.name,
        sku: body.sku || null,
        barcode: body.barcode || null,
        description: body.description || null,
        images: body.images ?? [],
        product_type: type,
        cost_price: cost,
        selling_price: toKobo(body.selling_price),
        category_id: cats.category_id ?? null,
        subcategory_id: cats.subcategory_id ?? null,
        tag_ids: [...new Set(body.tags ?? [])],
        modifier_set_ids: [...new Set(body.modifiers ?? [])],
        options: JSON.stringify(options),
        track_stock: type === 'service' ? false : (body.track_stock ?? true),
        low_stock_threshold: body.low_stock_threshold ?? 0,
        wc_sync_status: null,
        created_by: caller.userId,
      })
      .execute();
    const rows = varieties.map((v, i) => varietyRow(caller.businessId, id, v, i, cost));
    if (rows.length) await tx.insertInto('product_varieties').values(rows).execute();
    const lines = [
      ...(type === 'simple' ? opening(id, null, body.store_stock) : []),
      ...varieties.flatMap((v, i) => opening(id, rows[i]?.id ?? null, v.store_stock)),
    ];
    if (lines.length)
      await moveStock(tx, { businessId: caller.businessId, userId: caller.userId, reason: 'initial' }, lines);
  } catch (error) {
    translateUnique(error);
  }
  return id;
};

/**
 * Creates a product (with its varieties, and opening stock as 'initial' movements). Given a
 * transaction it works inside it (the caller may roll everything back); given the database it
 * opens its own. Throws HttpError (400/404/409) for a body the business cannot take.
 */
export const createProduct = async (
  db: Tx,
  caller: ProductCaller,
  body: CreateProductBody,
): Promise<Product> =>
  inTransaction(db, async (tx) => {
    const id = await insertNewProduct(tx, caller, body);
    return getProduct(tx, caller.businessId, id);
  });

/** Same as createProduct without reading the product back: its id (bulk upload, one row at a time). */
export const addProduct = (db: Tx, caller: ProductCaller, body: CreateProductBody): Promise<string> =>
  inTransaction(db, (tx) => insertNewProduct(tx, caller, body));
