import { sql } from 'kysely';
import type { BarcodeMatch, Product, ProductListQuery } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { capDownload, inDownloadSnapshot } from '../../db/snapshot.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import {
  countProducts,
  lastProductChange,
  pageProducts,
  productJson,
  syncPage,
  type ListFilter,
} from './products.repository.js';
import { findBarcode } from './products.writes.js';

/** Reading products: one by id or barcode, a page of the list, the incremental download. */

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
  // The page and the last change from one snapshot: a product saved between them is never skipped;
  // the cursor stops short of what is still being written (capDownload).
  const { value, horizon } = await inDownloadSnapshot(db, async (tx) => {
    const page = await syncPage(tx, businessId, since, query.limit);
    return { page, last: page.lastUpdate === null ? await lastProductChange(tx, businessId) : null };
  });
  const { page, last } = value;
  const lastUpdate = page.lastUpdate ?? Math.max(query.updated_at ?? 0, last ?? 0);
  const metaData = capDownload(
    { lastUpdate, recordsRemoved: page.removed, hasMore: page.hasMore },
    horizon,
    query.updated_at,
  );
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
