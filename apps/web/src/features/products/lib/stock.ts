import { formatMoney, type Product } from '@ms/contracts';

/** What the list shows for a product's stock: a number and how worried to be about it. */
export type StockState = 'untracked' | 'out' | 'low' | 'ok';

/** Stock in one store (summed over varieties), or in all stores when none is picked. */
export const stockIn = (p: Product, storeId: string | null): number => {
  if (!storeId) return p.stock;
  const own = p.store_stock.find((s) => s.store_id === storeId);
  if (own) return own.stock;
  return p.varieties.reduce(
    (sum, v) => sum + (v.store_stock.find((s) => s.store_id === storeId)?.stock ?? 0),
    0,
  );
};

export const stockState = (p: Product, stock: number): StockState => {
  if (!p.track_stock || p.product_type === 'service') return 'untracked';
  if (stock <= 0) return 'out';
  if (stock <= p.low_stock_threshold) return 'low';
  return 'ok';
};

/** "₦1,500.00", or "₦1,500.00 – ₦2,000.00" for varieties with different prices. */
export const priceLabel = (p: Product): string => {
  const prices = p.varieties.map((v) => v.selling_price);
  if (prices.length === 0) return formatMoney(p.selling_price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;
};
