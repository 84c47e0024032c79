import type { PlaceOrderBody, Shop } from '../../../../packages/contracts/src/online-store/shop';
import type { CartLine } from './cart';
import type { CheckoutForm } from './storage';

/**
 * The checkout's own checks, before anything is sent (the server checks again and names the field):
 * the same rules, said the way a shopper understands them.
 */
export type CheckoutErrors = Partial<Record<'name' | 'phone' | 'email' | 'address' | 'zone_id', string>>;

/** `0803 123 4567`, `+234 803 123 4567`, `2348031234567`, `8031234567` → `08031234567` / `+2348031234567`. */
export const normalizePhone = (raw: string): string => {
  const s = raw.replace(/[\s().-]/g, '');
  if (/^234\d{10}$/.test(s)) return `+${s}`;
  if (/^[789]\d{9}$/.test(s)) return `0${s}`;
  return s;
};

export const PHONE = /^(\+234\d{10}|0\d{10})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateCheckout = (form: CheckoutForm, shop: Shop): CheckoutErrors => {
  const errors: CheckoutErrors = {};
  if (!form.name.trim()) errors.name = 'Enter your name.';
  if (!form.phone.trim()) errors.phone = 'Enter your phone number.';
  else if (!PHONE.test(normalizePhone(form.phone)))
    errors.phone = 'Enter a Nigerian phone number, e.g. 08012345678 or +2348012345678.';
  if (form.email.trim() && !EMAIL.test(form.email.trim()))
    errors.email = 'Enter a valid e-mail, or leave it empty.';
  if (form.fulfilment === 'delivery') {
    if (!form.address.trim()) errors.address = 'Enter the address to deliver to.';
    if (shop.delivery_zones.length && !shop.delivery_zones.some((z) => z._id === form.zone_id))
      errors.zone_id = 'Choose your delivery area.';
  }
  return errors;
};

/** The delivery fee the form adds (0 for a pickup or before an area is chosen). */
export const deliveryFee = (form: CheckoutForm, shop: Shop): number =>
  form.fulfilment === 'delivery' ? (shop.delivery_zones.find((z) => z._id === form.zone_id)?.fee ?? 0) : 0;

/** What POST /v1/shop/{slug}/orders receives. */
export const orderBody = (id: string, form: CheckoutForm, lines: readonly CartLine[]): PlaceOrderBody => {
  const body: PlaceOrderBody = {
    _id: id,
    name: form.name.trim(),
    phone: normalizePhone(form.phone),
    fulfilment: form.fulfilment,
    payment_method: form.payment_method,
    items: lines.map((l) => ({
      product_id: l.product_id,
      ...(l.variety_id ? { variety_id: l.variety_id } : {}),
      quantity: l.quantity,
    })),
  };
  if (form.email.trim()) body.email = form.email.trim();
  if (form.fulfilment === 'delivery') {
    body.address = form.address.trim();
    if (form.zone_id) body.zone_id = form.zone_id;
  }
  if (form.note.trim()) body.note = form.note.trim();
  return body;
};
