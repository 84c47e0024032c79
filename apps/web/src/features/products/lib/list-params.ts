import { PRODUCT_TYPES, type ProductType } from '@ms/contracts';
import type { ProductListParams, ProductSort, StockFilter } from '../api/products';

/**
 * The products list's search, filters and page live in the address (?search=milk&stock=low&page=2),
 * so Back from a product returns to the same list and a filtered list can be bookmarked.
 */
export const PAGE_SIZE = 50;

const SORTS: readonly ProductSort[] = ['name', 'newest', 'price', 'stock'];
const STOCKS: readonly StockFilter[] = ['low', 'out', 'in'];

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : null;

export const readListParams = (search: URLSearchParams): ProductListParams => {
  const page = Number(search.get('page'));
  return {
    search: search.get('search') ?? '',
    category: search.get('category') || null,
    tag: search.get('tag') || null,
    store: search.get('store') || null,
    productType: search
      .getAll('type')
      .filter((t): t is ProductType => (PRODUCT_TYPES as readonly string[]).includes(t)),
    stock: pick(search.get('stock'), STOCKS),
    sort: pick(search.get('sort'), SORTS) ?? 'name',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_SIZE,
  };
};

/** Only what differs from the defaults is written, so a plain list is just /products. */
export const writeListParams = (p: ProductListParams): URLSearchParams => {
  const out = new URLSearchParams();
  if (p.search.trim()) out.set('search', p.search.trim());
  if (p.category) out.set('category', p.category);
  if (p.tag) out.set('tag', p.tag);
  if (p.store) out.set('store', p.store);
  for (const t of p.productType) out.append('type', t);
  if (p.stock) out.set('stock', p.stock);
  if (p.sort !== 'name') out.set('sort', p.sort);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
};

/** How many filters narrow the list (the badge on the Filters button). */
export const activeFilterCount = (p: ProductListParams): number =>
  [p.category, p.tag, p.store, p.stock, p.productType.length ? 'type' : null].filter(Boolean).length;
