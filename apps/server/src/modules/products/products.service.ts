import { sql } from 'kysely';
import {
  toKobo,
  type BarcodeMatch,
  type BulkApplyBody,
  type BulkPatchBody,
  type BulkResult,
  type CreateProductBody,
  type PatchProductBody,
  type Product,
  type ProductListQuery,
  type ProductType,
  type SetStocksBody,
  type SetStocksResult,
} from '@ms/contracts';
import { assertStoreAccess } from '../stores/index.js';
import type { Database, Tx } from '../../db/database.js';
import type { ProductOptionJson } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { moveStock, resolveItems, type StockLine } from '../inventory/index.js';
import {
  countProducts,
  lastProductChange,
  pageProducts,
  productJson,
  syncPage,
  type ListFilter,
} from './products.repository.js';
import {
  findBarcode,
  liveCategories,
  liveIdsIn,
  liveVarieties,
  lockLevels,
  lockProduct,
  skuOwners,
  tombstoneProducts,
  type LockedProduct,
} from './products.writes.js';

/** Who acts: enough for writes done on behalf of a user (a route's AuthContext fits). */
export type ProductCaller = { businessId: string; userId: string | null };

export const STALE_PRODUCT =
  'This product was changed on another device. Reload it to see the changes, then save again.';

/** Runs `fn` in the caller's transaction, or in a new one when given the database. */
const inTransaction = <T>(db: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : (db as Database).transaction().execute(fn);

/** A live product of the business as its JSON record; undefined when there is none. */
export const productById = async (
  db: Tx,
  businessId: string,
  id: string,
  visibleStores: readonly string[] | null = null,
): Promise<Product | undefined> => {
  if (!isUuid(id)) return undefined;
  const [json] = await productJson(
    db,
    businessId,
    {
      query: sql`SELECT p.id, 1::bigint AS ord FROM products p
      WHERE p.business_id = ${businessId}::uuid AND p.id = ${id}::uuid AND p.deleted_at IS NULL`,
    },
    null,
    visibleStores,
  );
  return json === undefined ? undefined : (JSON.parse(json) as Product);
};

/** The stores whose stock a caller sees: all for an admin, else the ones assigned to them. */
export const visibleStoresOf = (
  caller: Pick<AuthContext, 'isAdmin' | 'storeIds'>,
): readonly string[] | null => (caller.isAdmin ? null : caller.storeIds);

export const getProduct = async (
  db: Tx,
  businessId: string,
  id: string,
  visibleStores: readonly string[] | null = null,
): Promise<Product> => {
  const found = await productById(db, businessId, id, visibleStores);
  if (!found) throw notFound('Product');
  return found;
};

// ---------------------------------------------------------------------------------------------
// Checks shared by create and update

type VarietyIn = NonNullable<CreateProductBody['varieties']>[number];
type StockIn = { store_id: string; stock: number }[] | undefined;

const checkOptions = (options: ProductOptionJson[]) => {
  const seen = new Set<string>();
  for (const o of options) {
    const key = o.name.toLowerCase();
    if (seen.has(key)) throw badRequest(`options: "${o.name}" is listed twice.`);
    seen.add(key);
  }
};

/** Variety option keys must be among the product's options, and no two varieties may be the same. */
const checkVarietyOptions = (
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

const checkStockList = (list: StockIn, field: string) => {
  const seen = new Set<string>();
  for (const s of list ?? []) {
    if (seen.has(s.store_id)) throw badRequest(`${field}: the same store is listed twice.`);
    seen.add(s.store_id);
  }
};

type Refs = {
  category_id?: string | null;
  subcategory_id?: string | null;
  tags?: string[];
  modifiers?: string[];
  storeIds?: string[];
};

/**
 * Categories, tags, modifier sets and stores named by a write belong to the business and are
 * live (404 naming what is missing). A subcategory must sit under the category; given alone, its
 * parent becomes the category. Returns the category pair to store.
 */
const checkReferences = async (
  tx: Tx,
  businessId: string,
  refs: Refs,
): Promise<{ category_id?: string | null; subcategory_id?: string | null }> => {
  const catIds = [refs.category_id, refs.subcategory_id].filter((x): x is string => !!x);
  const [cats, tags, sets, stores] = await Promise.all([
    liveCategories(tx, businessId, [...new Set(catIds)]),
    liveIdsIn(tx, 'tags', businessId, [...new Set(refs.tags ?? [])]),
    liveIdsIn(tx, 'modifier_sets', businessId, [...new Set(refs.modifiers ?? [])]),
    liveIdsIn(tx, 'stores', businessId, [...new Set(refs.storeIds ?? [])]),
  ]);
  for (const t of refs.tags ?? []) if (!tags.has(t)) throw notFound('Tag');
  for (const m of refs.modifiers ?? []) if (!sets.has(m)) throw notFound('Modifier set');
  for (const s of refs.storeIds ?? []) if (!stores.has(s)) throw notFound('Store');
  const byId = new Map(cats.map((c) => [c.id, c]));
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

/** SKUs are unique per business among live products and varieties (case-insensitive). */
const checkSkus = async (
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
const translateUnique = (error: unknown): never => {
  if (isUniqueViolation(error, 'products_sku_uq') || isUniqueViolation(error, 'product_varieties_sku_uq'))
    throw conflict('That SKU is already used by another product. Choose another SKU.');
  throw error;
};

const opening = (productId: string, varietyId: string | null, list: StockIn): StockLine[] =>
  (list ?? [])
    .filter((s) => s.stock > 0)
    .map((s) => ({ storeId: s.store_id, productId, varietyId, quantity: s.stock }));

const varietyName = (v: VarietyIn, i: number) =>
  v.name || Object.values(v.option_values).join(' / ') || `Variety ${i + 1}`;

const varietyRow = (businessId: string, productId: string, v: VarietyIn, i: number, costDefault: number) => ({
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

// ---------------------------------------------------------------------------------------------
// Create

/** Product type from what was sent: varieties make it variable; a service only when asked. */
const typeForCreate = (body: CreateProductBody): ProductType => {
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

// ---------------------------------------------------------------------------------------------
// Update

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
const applyUpdate = async (
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

// ---------------------------------------------------------------------------------------------
// Reads

/** JSON text of `{items, total, page, limit}`: the rows arrive as JSON from PostgreSQL. */
export const listProducts = async (
  db: Database,
  caller: AuthContext,
  query: ProductListQuery,
): Promise<string> => {
  // A store the caller is not assigned to is 403 (an unknown one 404).
  if (query.store) await assertStoreAccess(db, caller, query.store);
  const filter: ListFilter = {
    businessId: caller.businessId,
    search: query.search || undefined,
    category: query.category,
    subcategory: query.subcategory,
    tag: query.tag,
    store: query.store,
    visibleStores: visibleStoresOf(caller),
    productTypes: query.productType,
    stock: query.stock,
    sort: query.sort,
  };
  const [total, rows] = await Promise.all([
    countProducts(db, filter),
    pageProducts(db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
  ]);
  return `{"items":[${rows.join(',')}],"total":${total},"page":${query.page},"limit":${query.limit}}`;
};

/**
 * Incremental download (spec 001 §4): live products changed at or after `updated_at` (all live
 * ones without it) and the ids removed since, page by page. JSON text of productSyncData.
 */
export const syncProducts = async (
  db: Database,
  businessId: string,
  query: { updated_at?: number; limit: number },
): Promise<string> => {
  const since = query.updated_at === undefined ? null : new Date(query.updated_at);
  const page = await syncPage(db, businessId, since, query.limit);
  const lastUpdate =
    page.lastUpdate ?? Math.max(query.updated_at ?? 0, (await lastProductChange(db, businessId)) ?? 0);
  const metaData = { lastUpdate, recordsRemoved: page.removed, hasMore: page.hasMore };
  return `{"items":[${page.items.join(',')}],"metaData":${JSON.stringify(metaData)}}`;
};

export const productByBarcode = async (
  db: Tx,
  businessId: string,
  barcode: string,
): Promise<BarcodeMatch> => {
  const match = await findBarcode(db, businessId, barcode);
  const product = match && (await productById(db, businessId, match.product_id));
  if (!match || !product) throw new HttpError(404, `No product has the barcode ${barcode}`);
  return { product, variety_id: match.variety_id };
};

// ---------------------------------------------------------------------------------------------
// Bulk

/** An error about one product of a bulk request says which one. */
const about = (error: unknown, label: string): unknown =>
  error instanceof HttpError
    ? new HttpError(error.statusCode, `${label}: ${error.message}`, error.code, error.data)
    : error;

/** PATCH /v1/.../products/bulk/: a different change per product, all or nothing. */
export const bulkPatch = async (
  db: Database,
  caller: ProductCaller,
  body: BulkPatchBody,
): Promise<BulkResult> => {
  const ids = body.products.map((p) => p._id);
  if (new Set(ids).size !== ids.length) throw badRequest('products: the same product is listed twice.');
  return db.transaction().execute(async (tx) => {
    for (const [i, change] of body.products.entries()) {
      const { _id, ...fields } = change;
      try {
        await applyUpdate(tx, caller, _id, fields);
      } catch (error) {
        throw about(error, `products[${i}]${change.name ? ` (${change.name})` : ''}`);
      }
    }
    return { updated: ids.length, ids };
  });
};

/** PATCH /v1/.../products/bulk2/: one change, or delete, for many products, all or nothing. */
export const bulkApply = async (
  db: Database,
  caller: ProductCaller & Pick<AuthContext, 'isAdmin' | 'permissions'>,
  body: BulkApplyBody,
): Promise<BulkResult> => {
  const ids = [...new Set(body.ids)];
  if (body.action === 'delete' && !caller.isAdmin && !caller.permissions.has('catalogue.delete_product'))
    throw forbidden('Your role does not have permission to do this.');
  return db.transaction().execute(async (tx) => {
    const live = await tx
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', caller.businessId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
    if (live.length !== ids.length) {
      const missing = ids.length - live.length;
      throw notFound(missing === 1 ? 'Product' : `${missing} of the products were`);
    }
    if (body.action === 'delete') {
      await tombstoneProducts(tx, caller.businessId, ids);
      return { updated: ids.length, ids };
    }
    const c = body.changes ?? {};
    const cats = await checkReferences(tx, caller.businessId, {
      category_id: c.category_id,
      subcategory_id: c.subcategory_id,
      tags: [...(c.add_tags ?? []), ...(c.remove_tags ?? [])],
    });
    const b = sql`${caller.businessId}::uuid`;
    const set: Record<string, unknown> = {
      updated_at: sql`clock_timestamp()`,
      edited_at: sql`clock_timestamp()`,
    };
    if (cats.category_id !== undefined) set.category_id = cats.category_id;
    if (cats.subcategory_id !== undefined) set.subcategory_id = cats.subcategory_id;
    else if (cats.category_id !== undefined)
      // Keep a subcategory only when it sits under the new category.
      set.subcategory_id = sql`CASE WHEN subcategory_id IN (SELECT id FROM categories
        WHERE business_id = ${b} AND parent_id = ${cats.category_id}::uuid) THEN subcategory_id END`;
    if (c.track_stock !== undefined)
      set.track_stock = sql`CASE WHEN product_type = 'service' THEN false ELSE ${c.track_stock} END`;
    if (c.low_stock_threshold !== undefined) set.low_stock_threshold = c.low_stock_threshold;
    if (c.selling_price !== undefined) set.selling_price = toKobo(c.selling_price);
    if (c.cost_price !== undefined) set.cost_price = toKobo(c.cost_price);
    if (c.add_tags?.length || c.remove_tags?.length)
      set.tag_ids = sql`ARRAY(
        SELECT t FROM unnest(tag_ids || ${c.add_tags ?? []}::uuid[]) WITH ORDINALITY AS x(t, o)
        WHERE NOT (t = ANY (${c.remove_tags ?? []}::uuid[]))
        GROUP BY t ORDER BY min(o))`;
    await tx
      .updateTable('products')
      .set(set)
      .where('business_id', '=', caller.businessId)
      .where('id', 'in', ids)
      .execute();
    // A price set for many products applies to their varieties too (they are what gets sold).
    if (c.selling_price !== undefined || c.cost_price !== undefined)
      await tx
        .updateTable('product_varieties')
        .set({
          ...(c.selling_price !== undefined ? { selling_price: toKobo(c.selling_price) } : {}),
          ...(c.cost_price !== undefined ? { cost_price: toKobo(c.cost_price) } : {}),
        })
        .where('business_id', '=', caller.businessId)
        .where('product_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    return { updated: ids.length, ids };
  });
};

// ---------------------------------------------------------------------------------------------
// Stock levels

/**
 * PATCH /v2/.../products/stocks: sets counted levels in one store. The difference from the
 * current level is recorded as a 'set' movement, so the level stays the sum of its movements.
 */
export const setStocks = async (
  db: Database,
  caller: AuthContext,
  body: SetStocksBody,
): Promise<SetStocksResult> =>
  db.transaction().execute(async (tx) => {
    await assertStoreAccess(tx, caller, body.store_id);
    const items = await resolveItems(tx, caller.businessId, body.items);
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.itemId)) throw badRequest(`items: ${item.name} is listed twice.`);
      seen.add(item.itemId);
    }
    const levels = await lockLevels(
      tx,
      caller.businessId,
      body.store_id,
      items.map((i) => i.itemId),
    );
    const lines = items.map((item, i) => ({
      ...item,
      storeId: body.store_id,
      quantity: (body.items[i]?.stock ?? 0) - (levels.get(item.itemId) ?? 0),
    }));
    await moveStock(
      tx,
      { businessId: caller.businessId, userId: caller.userId, reason: 'set', note: body.reason || null },
      lines,
    );
    return {
      store_id: body.store_id,
      items: lines.map((l, i) => ({
        product_id: l.productId,
        variety_id: l.varietyId,
        stock: body.items[i]?.stock ?? 0,
        change: l.quantity,
      })),
    };
  });
