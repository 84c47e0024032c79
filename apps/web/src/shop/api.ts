import type {
  PlaceOrderBody,
  PublicOrder,
  Shop,
  ShopPayInstructions,
} from '../../../../packages/contracts/src/online-store/shop';

/**
 * The storefront's calls: plain fetch, no login, the server's envelope `{status, message, data}`
 * unwrapped. A failure is a ShopError with the server's own message; `status` 0 means the request
 * (or its answer) was lost on the way, so nothing is known about what the server did.
 */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const NO_CONNECTION = 'No connection. Check your internet and try again.';

/** A slow 2G page still gets its answer; a request that hangs longer is given up as lost. */
const TIMEOUT_MS = 45_000;

type Envelope<T> = { status: boolean; message: string; data: T };

const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  let res: Response;
  let envelope: Envelope<T> | null = null;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal: abort.signal,
    });
    const text = await res.text();
    try {
      envelope = text ? (JSON.parse(text) as Envelope<T>) : null;
    } catch {
      envelope = null;
    }
  } catch {
    throw new ShopError(NO_CONNECTION, 0);
  } finally {
    clearTimeout(timer);
  }
  if (res.ok && envelope && envelope.status !== false) return envelope.data;
  const message =
    envelope && typeof envelope.message === 'string' && envelope.message
      ? envelope.message
      : res.status >= 500
        ? 'The shop could not answer just now. Please try again.'
        : `Something went wrong (${res.status}). Please try again.`;
  throw new ShopError(message, res.status);
};

const enc = encodeURIComponent;

export const fetchShop = (slug: string) => call<Shop>('GET', `/v1/shop/${enc(slug)}`);

export const placeOrder = (slug: string, body: PlaceOrderBody) =>
  call<PublicOrder>('POST', `/v1/shop/${enc(slug)}/orders`, body);

export const fetchOrder = (token: string) => call<PublicOrder>('GET', `/v1/shop/orders/${enc(token)}`);

export const fetchPayInstructions = (token: string) =>
  call<ShopPayInstructions>('GET', `/v1/shop/orders/${enc(token)}/payment/transfer`);

/** Sandbox only: whether the payer's test bank is on (the server answers 404 when it is not). */
export const fetchSandbox = () =>
  call<{ sandbox: boolean }>('GET', '/v1/sandbox/banking/payer').then(
    (d) => d.sandbox === true,
    () => false,
  );

export type TestTransfer = { event_id: string; reference: string; outcome: string };

/** Sandbox only: the payer's bank sends `amount` to the order's account. */
export const sendTestTransfer = (body: { account_number: string; amount: number; payer_name?: string }) =>
  call<TestTransfer>('POST', '/v1/sandbox/banking/payer-transfers', body);

/**
 * Data the server put in the page (`<script type="application/json" id="shop-data">`), so the first
 * screen draws without a call. The bare object, or the API's envelope around it.
 */
export const inlineData = <T>(id: string): T | null => {
  const text = document.getElementById(id)?.textContent;
  if (!text?.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.status === 'boolean' && 'data' in v) return v.status ? (v.data as T) : null;
    return value as T;
  } catch {
    return null;
  }
};
