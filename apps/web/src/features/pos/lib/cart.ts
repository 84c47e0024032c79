import type { Customer, Product } from '@ms/contracts';
import { lineTotals, saleTotals, type Discount, type SaleTotals } from './totals';

/** A modifier picked for a line (price in naira, per unit). */
export type PickedModifier = { _id: string; name: string; selling_price: number };

/** One line of the cart: a product (or one of its varieties) with its modifiers. */
export type CartLine = {
  /** Same product + variety + modifiers = same key: adding it again raises the quantity. */
  key: string;
  product_id: string;
  variety_id: string | null;
  name: string;
  variety_name: string | null;
  /** Catalogue price of one unit without modifiers (naira). */
  unit_price: number;
  /**
   * The price the cashier set for one unit instead of the catalogue's (naira, without modifiers;
   * needs pos.discounts). Absent or null: the catalogue price. Carts saved before it lack it.
   */
  price_override?: number | null;
  modifiers: PickedModifier[];
  quantity: number;
  discount: Discount | null;
};

/** The customer on the sale: the record the picker chose, with its display name. */
export type CartCustomer = { _id: string; name: string; email: string | null; record: Customer };

export type Cart = {
  store_id: string | null;
  lines: CartLine[];
  /** Order discount, applied after the line discounts. */
  discount: Discount | null;
  customer: CartCustomer | null;
  note: string;
  /** The parked ticket this cart was resumed from (deleted when the sale is recorded). */
  ticket_id: string | null;
};

export const emptyCart = (store_id: string | null = null): Cart => ({
  store_id,
  lines: [],
  discount: null,
  customer: null,
  note: '',
  ticket_id: null,
});

export const lineKey = (productId: string, varietyId: string | null, modifierIds: string[]) =>
  [productId, varietyId ?? '-', ...[...modifierIds].sort()].join('|');

/** The price one unit sells at, without modifiers: the cashier's price, else the catalogue's. */
export const linePrice = (line: Pick<CartLine, 'unit_price' | 'price_override'>) =>
  line.price_override ?? line.unit_price;

/** True when the cashier changed the line's unit price. */
export const isPriceChanged = (line: Pick<CartLine, 'unit_price' | 'price_override'>) =>
  line.price_override != null && line.price_override !== line.unit_price;

/** Price of one unit with its modifiers. */
export const unitWithModifiers = (line: Pick<CartLine, 'unit_price' | 'price_override' | 'modifiers'>) =>
  line.modifiers.reduce((sum, m) => Math.round((sum + m.selling_price) * 100) / 100, linePrice(line));

export type AddItem = {
  product: Pick<Product, '_id' | 'name' | 'selling_price' | 'varieties'>;
  variety_id?: string | null;
  modifiers?: PickedModifier[];
  quantity?: number;
};

/** Adds an item; the same product, variety and modifiers merge into one line. */
export const addItem = (cart: Cart, item: AddItem): Cart => {
  const varietyId = item.variety_id ?? null;
  const variety = varietyId ? item.product.varieties.find((v) => v._id === varietyId) : undefined;
  const modifiers = item.modifiers ?? [];
  const quantity = Math.max(1, Math.round(item.quantity ?? 1));
  const key = lineKey(
    item.product._id,
    varietyId,
    modifiers.map((m) => m._id),
  );
  const existing = cart.lines.find((l) => l.key === key);
  if (existing)
    return {
      ...cart,
      lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity + quantity } : l)),
    };
  const line: CartLine = {
    key,
    product_id: item.product._id,
    variety_id: varietyId,
    name: item.product.name,
    variety_name: variety?.name ?? null,
    unit_price: variety?.selling_price ?? item.product.selling_price,
    modifiers,
    quantity,
    discount: null,
  };
  return { ...cart, lines: [...cart.lines, line] };
};

/** Sets a line's quantity; 0 or less removes the line. */
export const setQuantity = (cart: Cart, key: string, quantity: number): Cart => {
  const q = Math.round(quantity);
  if (q <= 0) return removeLine(cart, key);
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: q } : l)) };
};

export const changeQuantity = (cart: Cart, key: string, delta: number): Cart => {
  const line = cart.lines.find((l) => l.key === key);
  return line ? setQuantity(cart, key, line.quantity + delta) : cart;
};

export const removeLine = (cart: Cart, key: string): Cart => ({
  ...cart,
  lines: cart.lines.filter((l) => l.key !== key),
});

export const setLineDiscount = (cart: Cart, key: string, discount: Discount | null): Cart => ({
  ...cart,
  lines: cart.lines.map((l) => (l.key === key ? { ...l, discount: cleanDiscount(discount) } : l)),
});

export const setOrderDiscount = (cart: Cart, discount: Discount | null): Cart => ({
  ...cart,
  discount: cleanDiscount(discount),
});

/**
 * Sells a line's units at `price` (naira, 2 decimals at most) instead of the catalogue price; null
 * or the catalogue price itself puts the catalogue price back. An amount discount larger than the
 * new line total is lowered to it (the server refuses a discount above what it applies to).
 */
export const setLinePrice = (cart: Cart, key: string, price: number | null): Cart => ({
  ...cart,
  lines: cart.lines.map((l) => {
    if (l.key !== key) return l;
    const p = price == null || price < 0 ? null : Math.round(price * 100) / 100;
    const next: CartLine = { ...l, price_override: p === null || p === l.unit_price ? null : p };
    const gross = cartLineTotals({ ...next, discount: null }).subtotal;
    if (next.discount?.discount_type === 'amount' && next.discount.discount > gross)
      next.discount = gross > 0 ? { discount_type: 'amount', discount: gross } : null;
    return next;
  }),
});

const cleanDiscount = (d: Discount | null): Discount | null => (d && d.discount > 0 ? d : null);

/** Totals of the cart, with the same math the server records. */
export const cartTotals = (cart: Cart): SaleTotals =>
  saleTotals(
    cart.lines.map((l) => ({
      price: unitWithModifiers(l),
      quantity: l.quantity,
      discount_type: l.discount?.discount_type ?? null,
      discount: l.discount?.discount ?? 0,
    })),
    cart.discount,
  );

/** One line's amounts (before the order discount). */
export const cartLineTotals = (
  line: Pick<CartLine, 'unit_price' | 'price_override' | 'modifiers' | 'quantity' | 'discount'>,
) =>
  lineTotals({
    price: unitWithModifiers(line),
    quantity: line.quantity,
    discount_type: line.discount?.discount_type ?? null,
    discount: line.discount?.discount ?? 0,
  });

export const itemCount = (cart: Cart) => cart.lines.reduce((n, l) => n + l.quantity, 0);
