import type { CartLine } from './cart';

/**
 * What the storefront keeps on the shopper's phone (localStorage, per shop): the cart, the checkout
 * being sent (its order id, so a retry after a dropped network places the same order once), the
 * shopper's details for next time, and the orders placed here ("Your orders").
 * Every read survives a full, blocked or tampered storage: it answers the empty value.
 */

const key = (slug: string, what: string) => `shop.${slug}.${what}`;

const read = (k: string): unknown => {
  try {
    const text = localStorage.getItem(k);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

const write = (k: string, value: unknown) => {
  try {
    if (value === null) localStorage.removeItem(k);
    else localStorage.setItem(k, JSON.stringify(value));
  } catch {
    /* full or blocked (private mode): the app still works for this visit */
  }
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

// ---- cart

export const loadCart = (slug: string): CartLine[] => {
  const raw = read(key(slug, 'cart'));
  if (!Array.isArray(raw)) return [];
  const lines: CartLine[] = [];
  for (const l of raw) {
    if (!isObject(l) || typeof l.product_id !== 'string') continue;
    const quantity = Number(l.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0) continue;
    const line: CartLine = { product_id: l.product_id, quantity };
    if (typeof l.variety_id === 'string' && l.variety_id) line.variety_id = l.variety_id;
    lines.push(line);
  }
  return lines;
};

export const saveCart = (slug: string, lines: readonly CartLine[]) =>
  write(key(slug, 'cart'), lines.length ? lines : null);

export const cartStorageKey = (slug: string) => key(slug, 'cart');

// ---- checkout

export type Fulfilment = 'delivery' | 'pickup';
export type PayMethod = 'transfer' | 'on_delivery';

export type CheckoutForm = {
  name: string;
  phone: string;
  email: string;
  fulfilment: Fulfilment;
  address: string;
  zone_id: string;
  payment_method: PayMethod;
  note: string;
};

export const emptyForm = (): CheckoutForm => ({
  name: '',
  phone: '',
  email: '',
  fulfilment: 'delivery',
  address: '',
  zone_id: '',
  payment_method: 'transfer',
  note: '',
});

const readForm = (v: unknown): CheckoutForm => {
  const f = emptyForm();
  if (!isObject(v)) return f;
  return {
    name: str(v.name),
    phone: str(v.phone),
    email: str(v.email),
    fulfilment: v.fulfilment === 'pickup' ? 'pickup' : f.fulfilment,
    address: str(v.address),
    zone_id: str(v.zone_id),
    payment_method: v.payment_method === 'on_delivery' ? 'on_delivery' : f.payment_method,
    note: str(v.note),
  };
};

/** A checkout not yet answered by the shop: `_id` is reused by every retry until it is. */
export type PendingCheckout = { _id: string | null; form: CheckoutForm };

/** The checkout in progress; else a fresh one filled with the details the shopper used last time. */
export const loadCheckout = (slug: string): PendingCheckout => {
  const raw = read(key(slug, 'checkout'));
  if (isObject(raw)) {
    const id = str(raw._id);
    return { _id: id || null, form: readForm(raw.form) };
  }
  const details = read(key(slug, 'details'));
  const form = { ...readForm(details), note: '' };
  return { _id: null, form };
};

export const saveCheckout = (slug: string, checkout: PendingCheckout) =>
  write(key(slug, 'checkout'), checkout);

/** The order was placed: the checkout is done, its details are kept for next time (not the note). */
export const finishCheckout = (slug: string, form: CheckoutForm) => {
  write(key(slug, 'checkout'), null);
  const { note: _note, ...details } = form;
  write(key(slug, 'details'), details);
};

/** A fresh order id (a v4 uuid): crypto.randomUUID where the page is secure, else from getRandomValues. */
export const newOrderId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

// ---- the shopper's orders

export type RememberedOrder = { token: string; number: string; total: number; created_at: string };

/** Most orders kept per shop (newest first). */
export const MAX_REMEMBERED = 20;

export const loadOrders = (slug: string): RememberedOrder[] => {
  const raw = read(key(slug, 'orders'));
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((o): o is Record<string, unknown> => isObject(o) && typeof o.token === 'string' && !!o.token)
    .map((o) => ({
      token: str(o.token),
      number: str(o.number),
      total: Number(o.total) || 0,
      created_at: str(o.created_at),
    }));
};

export const rememberOrder = (slug: string, order: RememberedOrder) => {
  const rest = loadOrders(slug).filter((o) => o.token !== order.token);
  write(key(slug, 'orders'), [order, ...rest].slice(0, MAX_REMEMBERED));
};
