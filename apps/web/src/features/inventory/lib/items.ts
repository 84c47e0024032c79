import type { Product } from '@ms/contracts';

/**
 * A stockable item as the inventory screens pick it: a product without varieties, or one variety
 * of a product (stock is kept per variety). `key` is the variety id or the product id.
 */
export type StockItem = {
  key: string;
  product_id: string;
  variety_id: string | null;
  name: string;
  sku: string | null;
  cost_price: number;
  selling_price: number;
  /** Stock in the chosen store (0 when never stocked there). */
  stock: number;
  /** Why the item cannot be picked (a service, or stock not tracked); null when it can. */
  unavailable: string | null;
};

const stockIn = (rows: { store_id: string; stock: number }[], storeId: string | null, total: number) =>
  storeId ? (rows.find((r) => r.store_id === storeId)?.stock ?? 0) : total;

/** The items of a product, each with its stock in the store (or all stores when none is given). */
export const itemsOfProduct = (product: Product, storeId: string | null): StockItem[] => {
  const unavailable =
    product.product_type === 'service'
      ? 'A service has no stock'
      : !product.track_stock
        ? 'Stock is not tracked for this product'
        : null;
  if (product.varieties.length > 0) {
    return product.varieties.map((v) => ({
      key: v._id,
      product_id: product._id,
      variety_id: v._id,
      name: `${product.name} (${v.name})`,
      sku: v.sku,
      cost_price: v.cost_price,
      selling_price: v.selling_price,
      stock: stockIn(v.store_stock, storeId, v.stock),
      unavailable,
    }));
  }
  return [
    {
      key: product._id,
      product_id: product._id,
      variety_id: null,
      name: product.name,
      sku: product.sku,
      cost_price: product.cost_price,
      selling_price: product.selling_price,
      stock: stockIn(product.store_stock, storeId, product.stock),
      unavailable,
    },
  ];
};

/** An item chosen on a screen, with the quantity typed (null while the box is empty). */
export type ItemLine = StockItem & { quantity: number | null };

/** Adds an item (quantity 1), or one more of it when it is already a line. */
export const addLine = (lines: readonly ItemLine[], item: StockItem): ItemLine[] =>
  lines.some((l) => l.key === item.key)
    ? lines.map((l) => (l.key === item.key ? { ...l, quantity: (l.quantity ?? 0) + 1 } : l))
    : [...lines, { ...item, quantity: 1 }];

export const setLineQuantity = (
  lines: readonly ItemLine[],
  key: string,
  quantity: number | null,
): ItemLine[] => lines.map((l) => (l.key === key ? { ...l, quantity } : l));

export const removeLine = (lines: readonly ItemLine[], key: string): ItemLine[] =>
  lines.filter((l) => l.key !== key);

/**
 * What stops a line from being sent: an empty or non-whole quantity, below 1, or — when stock
 * leaves the store (remove, transfer) — more than the store holds.
 */
export const lineError = (line: ItemLine, leaving: boolean): string | null => {
  const q = line.quantity;
  if (q === null || !Number.isFinite(q)) return 'Enter a quantity';
  if (!Number.isInteger(q)) return 'Use whole numbers';
  if (q < 1) return 'At least 1';
  if (leaving && q > line.stock)
    return line.stock > 0 ? `Only ${line.stock} in stock` : 'None in stock in this store';
  return null;
};

/** Stock in the store after the line is applied. */
export const stockAfter = (line: ItemLine, leaving: boolean): number =>
  line.stock + (leaving ? -1 : 1) * (line.quantity ?? 0);

export const totalUnits = (lines: readonly ItemLine[]): number =>
  lines.reduce((sum, l) => sum + (l.quantity ?? 0), 0);

/** Cost value of the lines (naira, summed in kobo so decimals do not drift). */
export const linesCostValue = (lines: readonly ItemLine[]): number =>
  lines.reduce((kobo, l) => kobo + Math.round(l.cost_price * 100) * (l.quantity ?? 0), 0) / 100;
