import type { Shop, ShopProduct } from '../../../../packages/contracts/src/online-store/shop';
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY } from '../../../../packages/contracts/src/orders/order-rules';
import { fromKobo, toKobo } from './format';

/**
 * The cart: what the shopper picked, as ids and quantities only. Names, prices and stock come from
 * the shop's current data each time it is drawn, so a price the shop changed shows at once and a
 * product it took down drops out.
 */
export type CartLine = { product_id: string; variety_id?: string; quantity: number };

export type ShopVariety = ShopProduct['varieties'][number];

/** A cart line as drawn: with its product, price and what the shop still has. */
export type CartItem = CartLine & {
  key: string;
  product: ShopProduct;
  variety: ShopVariety | null;
  name: string;
  price: number;
  /** Units the shop can sell (null: not counted, always available). */
  available: number | null;
  totalKobo: number;
  /** The shop has fewer than the cart holds (0: none left). */
  short: boolean;
};

/** At most this many "left" shows "Only N left". */
export const LOW_STOCK = 5;

/** "Out of stock", "Only 3 left" (null: nothing to say). */
export const stockNote = (available: number | null): string | null =>
  available === null
    ? null
    : available <= 0
      ? 'Out of stock'
      : available <= LOW_STOCK
        ? `Only ${available} left`
        : null;

export const lineKey = (l: { product_id: string; variety_id?: string | null }) =>
  l.variety_id ? `${l.product_id}:${l.variety_id}` : l.product_id;

export const findProduct = (shop: Shop, id: string) => shop.products.find((p) => p._id === id);

/** What the shop can sell of a product (of a variety, for a product sold in varieties); null: no limit. */
export const availableOf = (product: ShopProduct, variety: ShopVariety | null): number | null =>
  variety ? variety.available : product.available;

/** Most units one line may hold: the stock (when counted) and the order's own ceiling. */
export const maxQuantity = (available: number | null) =>
  available === null ? MAX_ORDER_QUANTITY : Math.max(0, Math.min(available, MAX_ORDER_QUANTITY));

/** Lowest and highest price of a product (they differ only for varieties at different prices). */
export const priceRange = (product: ShopProduct): { low: number; high: number } => {
  if (!product.varieties.length) return { low: product.price, high: product.price };
  const prices = product.varieties.map((v) => v.price);
  return { low: Math.min(...prices), high: Math.max(...prices) };
};

/** In stock at all: a counted product (or any of its varieties) with units left, or not counted. */
export const inStock = (product: ShopProduct) =>
  product.varieties.length
    ? product.varieties.some((v) => v.available === null || v.available > 0)
    : product.available === null || product.available > 0;

const clampQuantity = (n: number) =>
  Number.isFinite(n) ? Math.max(0, Math.min(MAX_ORDER_QUANTITY, Math.floor(n))) : 0;

/**
 * Adds `quantity` of a product (variety) to the cart; the line's total never passes `max` (what the
 * shop has). A new line is refused past the order's line ceiling. Returns a new array.
 */
export const addToCart = (
  lines: readonly CartLine[],
  item: { product_id: string; variety_id?: string },
  quantity: number,
  max: number = MAX_ORDER_QUANTITY,
): CartLine[] => {
  const key = lineKey(item);
  const ceiling = Math.min(max, MAX_ORDER_QUANTITY);
  const existing = lines.find((l) => lineKey(l) === key);
  if (existing) {
    const next = Math.min(ceiling, existing.quantity + clampQuantity(quantity));
    return lines.map((l) => (l === existing ? { ...l, quantity: Math.max(existing.quantity, next) } : l));
  }
  const q = Math.min(ceiling, clampQuantity(quantity));
  if (q <= 0 || lines.length >= MAX_ORDER_LINES) return [...lines];
  const line: CartLine = { product_id: item.product_id, quantity: q };
  if (item.variety_id) line.variety_id = item.variety_id;
  return [...lines, line];
};

/** Sets a line's quantity; 0 (or less) removes it. */
export const setQuantity = (lines: readonly CartLine[], key: string, quantity: number): CartLine[] => {
  const q = clampQuantity(quantity);
  if (q <= 0) return removeLine(lines, key);
  return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: q } : l));
};

export const removeLine = (lines: readonly CartLine[], key: string): CartLine[] =>
  lines.filter((l) => lineKey(l) !== key);

/** Units in the cart (the "N items" of the cart bar). */
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((s, l) => s + l.quantity, 0);

/** How many of one product (variety) the cart already holds. */
export const quantityInCart = (lines: readonly CartLine[], key: string) =>
  lines.find((l) => lineKey(l) === key)?.quantity ?? 0;

/**
 * The cart against the shop's data: each line with its name, price and stock, lines whose product
 * (or variety) the shop no longer sells left out, and the subtotal in kobo and naira.
 */
export const describeCart = (shop: Shop, lines: readonly CartLine[]) => {
  const items: CartItem[] = [];
  for (const line of lines) {
    const product = findProduct(shop, line.product_id);
    if (!product) continue;
    let variety: ShopVariety | null = null;
    if (product.varieties.length) {
      variety = product.varieties.find((v) => v._id === line.variety_id) ?? null;
      if (!variety) continue;
    } else if (line.variety_id) continue;
    const price = variety ? variety.price : product.price;
    const available = availableOf(product, variety);
    items.push({
      ...line,
      key: lineKey(line),
      product,
      variety,
      name: variety ? `${product.name} (${variety.name})` : product.name,
      price,
      available,
      totalKobo: toKobo(price) * line.quantity,
      short: available !== null && line.quantity > available,
    });
  }
  const subtotalKobo = items.reduce((s, i) => s + i.totalKobo, 0);
  return {
    items,
    count: cartCount(items),
    subtotalKobo,
    subtotal: fromKobo(subtotalKobo),
    /** Some line asks for more than the shop has: the order would be refused. */
    short: items.some((i) => i.short),
  };
};

/** Only the lines the shop still sells (what is kept after the shop's data arrives). */
export const keepSold = (shop: Shop, lines: readonly CartLine[]): CartLine[] => {
  const sold = new Set(describeCart(shop, lines).items.map((i) => i.key));
  return lines.filter((l) => sold.has(lineKey(l)));
};

/** Subtotal plus the delivery fee (naira), added in kobo. */
export const orderTotal = (subtotalKobo: number, fee: number) => fromKobo(subtotalKobo + toKobo(fee));
