import type { Product } from '@ms/contracts';
import { isDownloaded, localIndex } from './local-index';
import { joinHay, type IndexEntry } from './search-index';

/**
 * Product search over the local `products` table (issue 5: the POS "with the same speed as
 * online", up to 100,000 products): name, SKU and barcode of the product and its varieties,
 * ranked (exact code, name starts with, a word starts with, contains), a category filter, and an
 * exact barcode/SKU lookup in O(1). Stock is read from the records themselves (per-store
 * `store_stock`), so a sale that lowers it locally shows at once.
 */

/** What the index keeps of a product. */
export const productEntry = (p: Product): IndexEntry => {
  const name = p.name.toLowerCase();
  const varieties = p.varieties ?? [];
  return {
    id: p._id,
    sort: name,
    name,
    hay: joinHay([
      p.name,
      ...varieties.map((v) => v.name),
      p.sku,
      p.barcode,
      ...varieties.flatMap((v) => [v.sku, v.barcode]),
    ]),
    codes: [
      ...[p.barcode, p.sku]
        .filter((c): c is string => !!c)
        .map((c) => ({ code: c.toLowerCase(), sub: null })),
      ...varieties.flatMap((v) =>
        [v.barcode, v.sku]
          .filter((c): c is string => !!c)
          .map((c) => ({ code: c.toLowerCase(), sub: v._id })),
      ),
    ],
    tags: [p.category_id, p.subcategory_id].filter((c): c is string => !!c),
  };
};

/** What the POS grid shows (GRID_LIMIT) and a search shows by default. */
const SHOWN = 40;

/** The index of the products; the grid's one-letter searches are answered when it is built. */
const products = (businessId: string) =>
  localIndex<Product & { _id: string }>(businessId, 'products', productEntry, SHOWN);

/** True once the products have been downloaded to this device (see isDownloaded). */
export const hasLocalProducts = (businessId: string): Promise<boolean> =>
  isDownloaded(businessId, 'products');

export type LocalProductQuery = { search: string; category?: string | null; limit?: number };
export type LocalProductPage = { items: Product[]; total: number };

/** Search-as-you-type: the first `limit` matches (ranked) and how many match in all. */
export const searchLocalProducts = async (
  businessId: string,
  { search, category = null, limit = SHOWN }: LocalProductQuery,
): Promise<LocalProductPage> => {
  const idx = products(businessId);
  await idx.ready();
  const { ids, total } = idx.index.search({ text: search, tag: category, limit });
  return { items: await idx.read(ids), total };
};

export type LocalBarcodeMatch = { product: Product; variety_id: string | null };

/** The product (and variety) whose barcode or SKU is exactly `code`, or null. */
export const findLocalProductByCode = async (
  businessId: string,
  code: string,
): Promise<LocalBarcodeMatch | null> => {
  const idx = products(businessId);
  await idx.ready();
  const hit = idx.index.byCode(code)[0];
  if (!hit) return null;
  const [product] = await idx.read([hit.id]);
  return product ? { product, variety_id: hit.sub } : null;
};

/** Starts building the index in the background (e.g. when the POS opens). */
export const warmProductSearch = (businessId: string) => void products(businessId).ready();

/** Waits until writes already made to `products` are in the index. */
export const settleProductSearch = (businessId: string) => products(businessId).settle();
