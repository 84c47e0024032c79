import type { Product } from '@ms/contracts';

/** One line of a sale as it takes stock: the product, its variety (or null) and how many. */
export type StockTake = { product_id: string; variety_id: string | null; quantity: number };

type StoreStock = Product['store_stock'];

const lower = (list: StoreStock, storeId: string, quantity: number): StoreStock =>
  list.some((s) => s.store_id === storeId)
    ? list.map((s) => (s.store_id === storeId ? { ...s, stock: s.stock - quantity } : s))
    : [...list, { store_id: storeId, stock: -quantity }];

/**
 * Spec 001 §4 Offline: a sale made on this device lowers the local stock by the quantity — of the
 * variety or of the product, and in the store's own stock — as the server will when the sale lands:
 * only items that track stock (not services), and a variety-less line of a product that now has
 * varieties takes none. Stock may go below zero (an oversale), as on the server.
 */
export const takeStock = (product: Product, storeId: string, take: StockTake): Product => {
  if (!product.track_stock || product.product_type === 'service' || take.quantity <= 0) return product;
  const q = take.quantity;
  if (take.variety_id) {
    const variety = product.varieties.find((v) => v._id === take.variety_id);
    if (!variety) return product;
    return {
      ...product,
      stock: product.stock - q,
      // A product's per-store figure, when it has one, is the sum of its varieties'.
      store_stock: product.store_stock.some((s) => s.store_id === storeId)
        ? lower(product.store_stock, storeId, q)
        : product.store_stock,
      varieties: product.varieties.map((v) =>
        v._id === variety._id
          ? { ...v, stock: v.stock - q, store_stock: lower(v.store_stock, storeId, q) }
          : v,
      ),
    };
  }
  if (product.product_type === 'variable' || product.varieties.length > 0) return product;
  return { ...product, stock: product.stock - q, store_stock: lower(product.store_stock, storeId, q) };
};

/** Every line of a sale applied to the products it names (those not on this device are left out). */
export const takeStockForSale = (
  products: ReadonlyMap<string, Product>,
  storeId: string,
  takes: readonly StockTake[],
): Product[] => {
  const changed = new Map<string, Product>();
  for (const take of takes) {
    const current = changed.get(take.product_id) ?? products.get(take.product_id);
    if (!current) continue;
    changed.set(take.product_id, takeStock(current, storeId, take));
  }
  return [...changed.values()];
};

/** The stock a sale waiting in the outbox takes (its lines as the server will read them). */
export const takesOfQueuedSale = (sale: Record<string, unknown>): StockTake[] =>
  Array.isArray(sale.items)
    ? (sale.items as { _id: string; variety_id?: string | null; quantity: number }[]).map((i) => ({
        product_id: i._id,
        variety_id: i.variety_id ?? null,
        quantity: i.quantity,
      }))
    : [];

/**
 * Products just downloaded, less what the sales still waiting here take: the server does not know
 * those sales yet, and the till must not show their stock back while they wait.
 */
export const lessQueuedSales = (
  downloaded: readonly Product[],
  queued: readonly Record<string, unknown>[],
): Product[] => {
  if (queued.length === 0) return [...downloaded];
  const byId = new Map(downloaded.map((p) => [p._id, p]));
  for (const sale of queued)
    for (const p of takeStockForSale(byId, String(sale.store_id ?? ''), takesOfQueuedSale(sale)))
      byId.set(p._id, p);
  return downloaded.map((p) => byId.get(p._id)!);
};
