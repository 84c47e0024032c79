/** @jsxImportSource preact */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { PublicOrder, ShopPayInstructions } from '../../../../packages/contracts/src/online-store/shop';
import {
  ORDER_PAY_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
} from '../../../../packages/contracts/src/orders/order-rules';
import {
  fetchOrder,
  fetchPayInstructions,
  fetchSandbox,
  sendTestTransfer,
  ShopError,
  type TestTransfer,
} from './api';
import { formatMoney, formatWhen } from './format';
import { isSettled, owesTransfer, timeline } from './order-view';
import { paths } from './route';
import { icons, Link, Problem, Spinner, TopBar } from './ui';

/** How often the page asks for the order while it is open (and visible). */
export const ORDER_POLL_MS = 10_000;

const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an http page, an old WebView): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
};

const CopyButton = ({ value, what }: { value: string; what: string }) => {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      class={`btn btn-small${copied ? ' btn-done' : ''}`}
      aria-label={copied ? `${what} copied` : `Copy ${what.toLowerCase()}`}
      onClick={() => void copyText(value).then(setCopied)}
    >
      {copied ? icons.check() : icons.copy()} {copied ? 'Copied' : 'Copy'}
    </button>
  );
};

let sandboxAnswer: Promise<boolean> | null = null;

/** Sandbox only: the payer's bank, to see a payment land (the end-to-end test pays this way). */
const TestBank = ({
  accountNumber,
  balance,
  onSent,
}: {
  accountNumber: string;
  balance: number;
  onSent: () => void;
}) => {
  const [payer, setPayer] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TestTransfer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = typed ?? String(balance);
  const amount = Number(text.replace(/[,\s₦]/g, ''));
  const valid = Number.isFinite(amount) && amount > 0;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setError(null);
    setResult(null);
    try {
      const payerName = payer.trim();
      setResult(
        await sendTestTransfer({
          account_number: accountNumber,
          amount,
          ...(payerName ? { payer_name: payerName } : {}),
        }),
      );
      setTyped(null);
      onSent();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };
  const outcome = result?.outcome;
  return (
    <form class="testbank" onSubmit={submit} aria-label="Test bank (sandbox)">
      <strong>Test bank (sandbox)</strong>
      <p class="small muted">
        No real money moves: a transfer to the account above arrives as the bank would send it.
      </p>
      <div class="field">
        <label for="tb-payer">Payer name</label>
        <input
          id="tb-payer"
          value={payer}
          placeholder="e.g. Amaka Obi"
          maxLength={80}
          onInput={(e) => setPayer(e.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="tb-amount">Amount</label>
        <input
          id="tb-amount"
          inputMode="decimal"
          value={text}
          onInput={(e) => setTyped(e.currentTarget.value)}
          aria-invalid={!valid}
        />
      </div>
      <button type="submit" class="btn btn-warn" disabled={!valid || sending}>
        {sending ? 'Sending…' : 'Send test transfer'}
      </button>
      {outcome === 'applied' && (
        <p class="alert alert-ok">The test transfer landed. This page updates by itself.</p>
      )}
      {outcome === 'sent' && (
        <p class="alert alert-info">
          On its way: the bank has not delivered it yet. This page updates when it lands.
        </p>
      )}
      {outcome && outcome !== 'applied' && outcome !== 'sent' && (
        <p class="alert alert-warn">The bank&apos;s message was answered “{outcome}”: nothing was paid.</p>
      )}
      {error && (
        <p class="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
};

/** "Pay by bank transfer": the order's own account, asked again when the balance changes. */
const PayByTransfer = ({ order, onRefresh }: { order: PublicOrder; onRefresh: () => void }) => {
  const [pay, setPay] = useState<ShopPayInstructions | null>(null);
  const [error, setError] = useState<ShopError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sandbox, setSandbox] = useState(false);
  const { token, balance } = order;

  useEffect(() => {
    let live = true;
    setError(null);
    fetchPayInstructions(token).then(
      (p) => live && setPay(p),
      (e: unknown) => live && setError(e instanceof ShopError ? e : new ShopError(String(e), 0)),
    );
    return () => {
      live = false;
    };
  }, [token, balance, attempt]);

  useEffect(() => {
    sandboxAnswer ??= fetchSandbox();
    let live = true;
    void sandboxAnswer.then((on) => live && setSandbox(on));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section class="card paybox">
      <h2>Pay by bank transfer</h2>
      {!pay && !error && <Spinner label="Getting the account to pay into…" />}
      {error && !pay && (
        <div class="alert alert-error" role="alert">
          <p>
            {error.status === 503
              ? `${error.message} Please try again in a moment.`
              : error.status === 0
                ? 'No connection: we could not get the account to pay into.'
                : error.message}
          </p>
          <button type="button" class="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {pay && (
        <>
          <p class="small">
            Send the amount from any bank app or USSD to this account. It is for this order only.
          </p>
          <dl class="account" data-testid="pay-account">
            <div>
              <dt>Bank</dt>
              <dd>{pay.bank_name}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd class="acct-row">
                <span class="acct-number" data-testid="pay-account-number">
                  {pay.account_number}
                </span>
                <CopyButton value={pay.account_number} what="Account number" />
              </dd>
            </div>
            <div>
              <dt>Account name</dt>
              <dd>{pay.account_name}</dd>
            </div>
            <div class="acct-pair">
              <div>
                <dt>Amount</dt>
                <dd class="acct-amount">{formatMoney(pay.amount)}</dd>
              </div>
              <div>
                <dt>Reference</dt>
                <dd>{pay.reference}</dd>
              </div>
            </div>
          </dl>
          <p class="small muted">
            Your payment shows on this page by itself as soon as the bank tells the shop, usually within a
            minute. You can keep this page open.
          </p>
          {sandbox && <TestBank accountNumber={pay.account_number} balance={balance} onSent={onRefresh} />}
        </>
      )}
    </section>
  );
};

const Timeline = ({ order }: { order: PublicOrder }) => (
  <ol class="timeline" aria-label="Order progress">
    {timeline(order).map((s) => (
      <li key={s.status} class={`step step-${s.state}${s.status === 'cancelled' ? ' step-cancelled' : ''}`}>
        <span class="dot" aria-hidden="true">
          {s.state === 'done' || (s.state === 'current' && s.status === 'delivered') ? icons.check() : null}
        </span>
        <span class="step-text">
          <strong>{s.label}</strong>
          {s.state === 'current' && <span class="sr-only"> (now)</span>}
          {s.at && s.state !== 'todo' && <span class="muted small">{formatWhen(s.at, order.timezone)}</span>}
          {s.note && <span class="small">{s.note}</span>}
        </span>
      </li>
    ))}
  </ol>
);

/** `/shop/<slug>/order/<token>`: where the order is, what it costs, and how to pay for it. */
export const OrderPage = ({
  slug,
  token,
  initial,
  justPlaced,
  cartCount,
}: {
  slug: string;
  token: string;
  initial: PublicOrder | null;
  justPlaced: boolean;
  cartCount: number;
}) => {
  const [order, setOrder] = useState<PublicOrder | null>(initial);
  const [error, setError] = useState<ShopError | null>(null);
  const asking = useRef(false);

  const refresh = useCallback(async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      setOrder(await fetchOrder(token));
      setError(null);
    } catch (e) {
      setError(e instanceof ShopError ? e : new ShopError(String(e), 0));
    } finally {
      asking.current = false;
    }
  }, [token]);

  useEffect(() => {
    if (!initial) void refresh();
  }, [initial, refresh]);

  const settled = !!order && isSettled(order);
  useEffect(() => {
    if (settled) return;
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = setInterval(tick, ORDER_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [settled, refresh]);

  useEffect(() => {
    if (order) document.title = `Order ${order.number} · ${order.shop_name}`;
  }, [order]);

  if (!order) {
    if (!error) return <Spinner label="Getting your order…" />;
    return (
      <Problem
        title={error.status === 404 ? 'Order not found' : 'Could not load your order'}
        message={
          error.status === 404
            ? 'This link does not lead to an order. Check the link you were sent.'
            : error.message
        }
        action={
          <div class="row">
            {error.status !== 404 && (
              <button type="button" class="btn btn-primary" onClick={() => void refresh()}>
                Try again
              </button>
            )}
            <Link href={paths.shop(slug)} class="btn">
              Go to the shop
            </Link>
          </div>
        }
      />
    );
  }

  const paid = order.payment_status === 'paid';
  return (
    <>
      <TopBar slug={order.shop_slug || slug} name={order.shop_name} count={cartCount} />
      <main class="wrap page narrow">
        {justPlaced && (
          <p class="alert alert-ok" role="status">
            Thank you, {order.shopper_name.split(' ')[0]}! Your order is placed. Keep this page: it shows how
            your order is going.
          </p>
        )}
        <div class="orderhead">
          <h1>Order {order.number}</h1>
          <p class="muted small">Placed {formatWhen(order.created_at, order.timezone)}</p>
          <div class="pills">
            <span class={`pill pill-${order.status}`}>
              {order.status === 'cancelled'
                ? 'Cancelled'
                : timeline(order).find((s) => s.state === 'current')?.label}
            </span>
            {order.payment_method === 'on_delivery' && order.payment_status === 'unpaid' ? (
              // Nothing is late: the shopper pays when the goods arrive.
              <span class="pill pay-on-delivery" data-testid="payment-status">
                Pay on delivery
              </span>
            ) : (
              <span class={`pill pay-${order.payment_status}`} data-testid="payment-status">
                {PAYMENT_STATE_LABELS[order.payment_status]}
              </span>
            )}
          </div>
        </div>
        {error && error.status === 0 && (
          <p class="alert alert-info small">No connection: showing your order as it was last seen.</p>
        )}

        {paid && order.status !== 'cancelled' && (
          <p class="alert alert-ok paid-banner">
            {icons.check()} Paid. The shop has your payment of {formatMoney(order.amount_paid)}.
          </p>
        )}
        {owesTransfer(order) && <PayByTransfer order={order} onRefresh={() => void refresh()} />}

        <section class="card">
          <h2>Progress</h2>
          <Timeline order={order} />
        </section>

        <section class="card">
          <h2>Items</h2>
          <ul class="olines">
            {order.items.map((i, n) => (
              <li key={n}>
                <span>
                  {i.name} <span class="muted">× {i.quantity}</span>
                </span>
                <span>{formatMoney(i.total)}</span>
              </li>
            ))}
          </ul>
          <div class="sums">
            <div class="sumrow">
              <span>Subtotal</span>
              <span>{formatMoney(order.subtotal)}</span>
            </div>
            {order.fees.map((f, n) => (
              <div class="sumrow" key={n}>
                <span>{f.name}</span>
                <span>{formatMoney(f.amount)}</span>
              </div>
            ))}
            <div class="sumrow sumrow-total">
              <span>Total</span>
              <strong>{formatMoney(order.total)}</strong>
            </div>
            <div class="sumrow">
              <span>Paid</span>
              <span data-testid="amount-paid">{formatMoney(order.amount_paid)}</span>
            </div>
            {order.status !== 'cancelled' && (
              <div class={`sumrow${order.balance > 0 ? ' sumrow-due' : ''}`}>
                <span>Balance</span>
                <strong data-testid="balance">{formatMoney(order.balance)}</strong>
              </div>
            )}
            {order.refund_due > 0 && (
              <div class="sumrow sumrow-due">
                <span>Refund due to you</span>
                <strong>{formatMoney(order.refund_due)}</strong>
              </div>
            )}
          </div>
        </section>

        <section class="card">
          <h2>{order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'}</h2>
          {order.fulfilment === 'pickup' ? (
            order.pickup && (
              <p>
                <strong>{order.pickup.name}</strong>
                {order.pickup.address && <br />}
                {order.pickup.address}
              </p>
            )
          ) : (
            <p>
              {order.delivery_address}
              {order.delivery_zone && <span class="muted"> ({order.delivery_zone})</span>}
            </p>
          )}
          <p class="muted small">
            For {order.shopper_name} · Payment: {ORDER_PAY_METHOD_LABELS[order.payment_method]}
          </p>
        </section>

        <div class="row orderfoot">
          {order.phone && (
            <a class="btn" href={`tel:${order.phone}`}>
              {icons.phone()} Call the shop
            </a>
          )}
          <Link href={paths.shop(order.shop_slug || slug)} class="btn">
            Back to the shop
          </Link>
        </div>
      </main>
    </>
  );
};
