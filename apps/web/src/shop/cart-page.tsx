/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PublicOrder, Shop } from '../../../../packages/contracts/src/online-store/shop';
import { placeOrder, ShopError } from './api';
import { describeCart, maxQuantity, orderTotal, removeLine, setQuantity, type CartLine } from './cart';
import { deliveryFee, orderBody, validateCheckout, type CheckoutErrors } from './checkout';
import { formatMoney } from './format';
import { navigate, paths } from './route';
import {
  finishCheckout,
  loadCheckout,
  newOrderId,
  rememberOrder,
  saveCheckout,
  type CheckoutForm,
  type PendingCheckout,
} from './storage';
import { icons, Link, ProductImage } from './ui';

export const LOST_ORDER =
  'No connection: we could not confirm your order. Tap Place order again — it will not be placed twice.';

/** An input with its <label>, hint and error tied to it for screen readers. */
const Field = ({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ComponentChildren;
}) => (
  <div class={`field${error ? ' has-error' : ''}`}>
    <label for={id}>{label}</label>
    {children}
    {hint && (
      <p class="hint" id={`${id}-hint`}>
        {hint}
      </p>
    )}
    {error && (
      <p class="error" id={`${id}-error`}>
        {error}
      </p>
    )}
  </div>
);

const describedBy = (id: string, hint: boolean, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** `/shop/<slug>/cart`: the cart, then the checkout form. */
export const CartPage = ({
  shop,
  lines,
  setLines,
  onStockChanged,
  onPlaced,
}: {
  shop: Shop;
  lines: CartLine[];
  setLines: (f: (l: CartLine[]) => CartLine[]) => void;
  /** The shop refused for stock: its data is asked again so the cart shows what is left. */
  onStockChanged: () => void;
  onPlaced: (order: PublicOrder) => void;
}) => {
  const slug = shop.slug;
  const [checkout, setCheckout] = useState<PendingCheckout>(() => loadCheckout(slug));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const form = checkout.form;
  const cart = describeCart(shop, lines);
  const fee = deliveryFee(form, shop);
  const total = orderTotal(cart.subtotalKobo, fee);
  const zones = shop.delivery_zones;
  const fulfilment = shop.pickup ? form.fulfilment : 'delivery';
  const payment = shop.pay_on_delivery ? form.payment_method : 'transfer';

  useEffect(() => saveCheckout(slug, checkout), [slug, checkout]);
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [problem]);

  const set = <K extends keyof CheckoutForm>(k: K, v: CheckoutForm[K]) => {
    setCheckout((c) => ({ ...c, form: { ...c.form, [k]: v } }));
    if (k in errors) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (sending) return;
    const effective: CheckoutForm = { ...form, fulfilment, payment_method: payment };
    const found = validateCheckout(effective, shop);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setProblem(null);
      document.getElementById(`f-${first}`)?.focus();
      return;
    }
    if (cart.short) {
      setProblem('Some products in your cart have fewer left than you asked for. Reduce them to continue.');
      return;
    }
    // One id per checkout, kept on the phone: a retry after a lost answer places the same order once.
    const id = checkout._id ?? newOrderId();
    const pending = { _id: id, form };
    setCheckout(pending);
    saveCheckout(slug, pending);
    setSending(true);
    setProblem(null);
    try {
      const sold = cart.items.map((i) => ({
        product_id: i.product_id,
        variety_id: i.variety_id,
        quantity: i.quantity,
      }));
      const order = await placeOrder(slug, orderBody(id, effective, sold));
      finishCheckout(slug, form);
      rememberOrder(slug, {
        token: order.token,
        number: order.number,
        total: order.total,
        created_at: order.created_at,
      });
      onPlaced(order);
      navigate(paths.order(slug, order.token));
    } catch (err) {
      const status = err instanceof ShopError ? err.status : 0;
      if (status === 0) setProblem(LOST_ORDER);
      else setProblem(err instanceof Error ? err.message : String(err));
      if (status === 409) onStockChanged();
    } finally {
      setSending(false);
    }
  };

  if (!cart.items.length)
    return (
      <main class="wrap page narrow">
        <h1>Your cart</h1>
        <div class="card empty-cart">
          <span class="empty-icon">{icons.cart()}</span>
          <p>Your cart is empty.</p>
          <Link href={paths.shop(slug)} class="btn btn-primary">
            Continue shopping
          </Link>
        </div>
      </main>
    );

  return (
    <main class="wrap page narrow">
      <Link href={paths.shop(slug)} class="backlink">
        {icons.back()} Continue shopping
      </Link>
      <h1>Your cart</h1>
      <ul class="card lines" aria-label="Cart">
        {cart.items.map((i) => {
          const max = maxQuantity(i.available);
          return (
            <li key={i.key} class={`line${i.short ? ' line-short' : ''}`}>
              <span class="line-img">
                <ProductImage src={i.product.images[0]} name={i.product.name} />
              </span>
              <div class="line-main">
                <Link href={paths.product(slug, i.product_id)} class="line-name">
                  {i.name}
                </Link>
                <span class="muted small">{formatMoney(i.price)} each</span>
                {i.short && (
                  <span class="error small">
                    {i.available ? `Only ${i.available} left` : 'Out of stock — remove it to continue'}
                  </span>
                )}
                <div class="line-row">
                  <div class="stepper stepper-sm" role="group" aria-label={`Quantity of ${i.name}`}>
                    <button
                      type="button"
                      aria-label={`Decrease ${i.name}`}
                      disabled={i.quantity <= 1}
                      onClick={() => setLines((l) => setQuantity(l, i.key, i.quantity - 1))}
                    >
                      {icons.minus()}
                    </button>
                    <output aria-live="polite">{i.quantity}</output>
                    <button
                      type="button"
                      aria-label={`Increase ${i.name}`}
                      disabled={i.quantity >= max}
                      onClick={() => setLines((l) => setQuantity(l, i.key, i.quantity + 1))}
                    >
                      {icons.plus()}
                    </button>
                  </div>
                  <strong class="line-total">{formatMoney(i.totalKobo / 100)}</strong>
                </div>
                <button
                  type="button"
                  class="btn-link remove"
                  aria-label={`Remove ${i.name}`}
                  onClick={() => setLines((l) => removeLine(l, i.key))}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
        <li class="line-sum">
          <span>Subtotal</span>
          <strong>{formatMoney(cart.subtotal)}</strong>
        </li>
      </ul>

      <form class="checkout" onSubmit={submit} noValidate aria-label="Checkout">
        <section class="card">
          <h2>Your details</h2>
          <Field id="f-name" label="Full name" error={errors.name}>
            <input
              id="f-name"
              value={form.name}
              onInput={(e) => set('name', e.currentTarget.value)}
              autocomplete="name"
              maxLength={120}
              aria-invalid={!!errors.name}
              aria-describedby={describedBy('f-name', false, errors.name)}
            />
          </Field>
          <Field id="f-phone" label="Phone number" hint="e.g. 08012345678" error={errors.phone}>
            <input
              id="f-phone"
              type="tel"
              inputMode="tel"
              value={form.phone}
              onInput={(e) => set('phone', e.currentTarget.value)}
              autocomplete="tel"
              maxLength={20}
              aria-invalid={!!errors.phone}
              aria-describedby={describedBy('f-phone', true, errors.phone)}
            />
          </Field>
          <Field id="f-email" label="E-mail" hint="Optional, for updates on your order" error={errors.email}>
            <input
              id="f-email"
              type="email"
              inputMode="email"
              value={form.email}
              onInput={(e) => set('email', e.currentTarget.value)}
              autocomplete="email"
              maxLength={254}
              aria-invalid={!!errors.email}
              aria-describedby={describedBy('f-email', true, errors.email)}
            />
          </Field>
        </section>

        <section class="card">
          <h2 id="get-title">How do you want to get it?</h2>
          {shop.pickup && (
            <div class="options" role="radiogroup" aria-labelledby="get-title">
              <label class="option">
                <input
                  type="radio"
                  name="fulfilment"
                  checked={fulfilment === 'delivery'}
                  onChange={() => set('fulfilment', 'delivery')}
                />
                <span>Delivery</span>
              </label>
              <label class="option">
                <input
                  type="radio"
                  name="fulfilment"
                  checked={fulfilment === 'pickup'}
                  onChange={() => set('fulfilment', 'pickup')}
                />
                <span>Pickup</span>
              </label>
            </div>
          )}
          {fulfilment === 'delivery' ? (
            <div>
              {zones.length > 0 && (
                <Field id="f-zone_id" label="Delivery area" error={errors.zone_id}>
                  <select
                    id="f-zone_id"
                    value={form.zone_id}
                    onChange={(e) => set('zone_id', e.currentTarget.value)}
                    aria-invalid={!!errors.zone_id}
                    aria-describedby={describedBy('f-zone_id', false, errors.zone_id)}
                  >
                    <option value="">Choose your area</option>
                    {zones.map((z) => (
                      <option key={z._id} value={z._id}>
                        {z.name} — {z.fee > 0 ? formatMoney(z.fee) : 'free'}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              <Field id="f-address" label="Delivery address" error={errors.address}>
                <textarea
                  id="f-address"
                  rows={2}
                  value={form.address}
                  onInput={(e) => set('address', e.currentTarget.value)}
                  autocomplete="street-address"
                  maxLength={500}
                  placeholder="House number, street, landmark"
                  aria-invalid={!!errors.address}
                  aria-describedby={describedBy('f-address', false, errors.address)}
                />
              </Field>
            </div>
          ) : (
            shop.pickup && (
              <div class="pickup">
                <strong>Collect from {shop.pickup.name}</strong>
                {shop.pickup.address && <p>{shop.pickup.address}</p>}
                <p class="muted small">The shop tells you when your order is ready.</p>
              </div>
            )
          )}
        </section>

        <section class="card">
          <h2 id="payment-title">Payment</h2>
          <div class="options options-col" role="radiogroup" aria-labelledby="payment-title">
            <label class="option">
              <input
                type="radio"
                name="payment"
                checked={payment === 'transfer'}
                onChange={() => set('payment_method', 'transfer')}
                aria-describedby="pay-transfer-hint"
              />
              <span>Pay by bank transfer</span>
            </label>
            <p class="hint option-hint" id="pay-transfer-hint">
              You get an account number for this order right after you place it.
            </p>
            {shop.pay_on_delivery && (
              <>
                <label class="option">
                  <input
                    type="radio"
                    name="payment"
                    checked={payment === 'on_delivery'}
                    onChange={() => set('payment_method', 'on_delivery')}
                    aria-describedby="pay-later-hint"
                  />
                  <span>Pay on delivery</span>
                </label>
                <p class="hint option-hint" id="pay-later-hint">
                  {fulfilment === 'pickup'
                    ? 'Pay when you collect your order.'
                    : 'Pay when your order arrives.'}
                </p>
              </>
            )}
          </div>
          <Field id="f-note" label="Note for the shop" hint="Optional">
            <textarea
              id="f-note"
              rows={2}
              value={form.note}
              onInput={(e) => set('note', e.currentTarget.value)}
              maxLength={500}
              aria-describedby="f-note-hint"
            />
          </Field>
        </section>

        <section class="card summary" aria-label="Order total">
          <div class="sumrow">
            <span>Subtotal</span>
            <span>{formatMoney(cart.subtotal)}</span>
          </div>
          {fulfilment === 'delivery' && (
            <div class="sumrow">
              <span>Delivery</span>
              <span>
                {zones.length && !form.zone_id ? 'Choose your area' : fee > 0 ? formatMoney(fee) : 'Free'}
              </span>
            </div>
          )}
          <div class="sumrow sumrow-total">
            <span>Total</span>
            <strong data-testid="checkout-total">{formatMoney(total)}</strong>
          </div>
        </section>

        <div ref={problemRef} aria-live="assertive">
          {problem && (
            <p class="alert alert-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" class="btn btn-primary btn-block btn-lg" disabled={sending} aria-busy={sending}>
          {sending ? 'Placing your order…' : 'Place order'}
        </button>
      </form>
    </main>
  );
};
