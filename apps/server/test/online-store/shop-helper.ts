import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { Order, PlaceOrderBody, PublicOrder, Shop } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { moveStock } from '../../src/modules/inventory/index.js';
import { signBody, SIGNATURE_HEADER } from '../../src/providers/banking/index.js';
import { seedProduct, stockOf } from '../catalogue/fixtures.js';
import { signUp, uniqueEmail, type TestApp } from '../helper.js';
import { call, type Owner } from '../invoices/invoice-helper.js';
import { balancesOf } from '../ledger/fixtures.js';

export { call, emailsTo, employeeWith, expect400, jobDeps, type Owner } from '../invoices/invoice-helper.js';
export { stockOf } from '../catalogue/fixtures.js';

/**
 * What the online-store tests share (issue 15): a business whose shop is open, with products in stock
 * (one with varieties, one whose stock is not tracked, one never published), delivery zones, and the
 * steps a shopper and the merchant take through the API.
 */

type Who = { token: string } | null;

/** The webhook secret of the test apps (a signed bank event can be replayed by hand). */
export const BANK_SECRET = 'online-store-secret-0123456789abcd';

let seq = 0;
/** A slug no other test uses. */
export const freshSlug = (prefix = 'shop') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A different client address per call: the storefront is limited per address (30 checkouts in 10 minutes). */
export const someAddress = () => `10.${[...randomBytes(3)].join('.')}`;

export type ShopWorld = Awaited<ReturnType<typeof shopWorld>>;

/**
 * A business with its shop open at a fresh slug:
 * - Ankara: ₦5,000 (cost ₦3,000), sold online at ₦4,500, 5 in stock.
 * - Kaftan: ₦8,000 in sizes S and M (cost ₦4,000), 3 of each, at its selling price.
 * - Gift wrap: ₦500, stock not tracked.
 * - Secret: ₦9,999, 10 in stock, never published.
 * Zones: Island ₦1,500, Mainland ₦2,000. Pickup and pay on delivery on.
 */
export const shopWorld = async (t: TestApp, opts: { businessName?: string } = {}) => {
  const owner = await signUp(t, { business_name: opts.businessName ?? `Ada Fabrics ${++seq}` });
  const b = owner.businessId;
  const ankara = await seedProduct(t, b, {
    name: 'Ankara',
    sellingPrice: 500_000,
    costPrice: 300_000,
    stock: { [owner.storeId]: 5 },
  });
  const kaftan = await seedProduct(t, b, {
    name: 'Kaftan',
    sellingPrice: 800_000,
    costPrice: 400_000,
    varieties: ['S', 'M'],
    stock: { [owner.storeId]: 3 },
  });
  await t.db
    .updateTable('product_varieties')
    .set({ cost_price: 400_000 })
    .where('product_id', '=', kaftan.productId)
    .execute();
  const wrap = await seedProduct(t, b, { name: 'Gift wrap', sellingPrice: 50_000, costPrice: 10_000 });
  await t.db.updateTable('products').set({ track_stock: false }).where('id', '=', wrap.productId).execute();
  const secret = await seedProduct(t, b, {
    name: 'Secret',
    sellingPrice: 999_900,
    costPrice: 123_400,
    stock: { [owner.storeId]: 10 },
  });

  const toggled = await call(t, owner, 'POST', `/v1/stores/onlinestore/${b}/toggle`);
  expect(toggled.statusCode, toggled.body).toBe(200);
  expect(toggled.json().data.online_store_enabled).toBe(true);
  const slug = freshSlug('ada');
  const settings = await call(t, owner, 'PATCH', `/v1/online-store/businesses/${b}`, {
    slug,
    name: 'Ada Fabrics Online',
    pickup: true,
    pay_on_delivery: true,
    delivery_zones: [
      { name: 'Island', fee: 1_500 },
      { name: 'Mainland', fee: 2_000 },
    ],
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const zones = settings.json().data.delivery_zones as { _id: string; name: string; fee: number }[];
  const published = await call(t, owner, 'PATCH', `/v1/online-store/businesses/${b}/products`, {
    items: [
      { product_id: ankara.productId, published: true, online_price: 4_500 },
      { product_id: kaftan.productId, published: true },
      { product_id: wrap.productId, published: true },
    ],
  });
  expect(published.statusCode, published.body).toBe(200);
  return {
    owner,
    slug,
    ankara,
    kaftan,
    wrap,
    secret,
    island: zones.find((z) => z.name === 'Island')!,
    mainland: zones.find((z) => z.name === 'Mainland')!,
  };
};

/** A checkout body: 1 Ankara delivered to the Island, paid by transfer, from a shopper with an e-mail. */
export const orderBody = (w: ShopWorld, over: Partial<PlaceOrderBody> = {}): PlaceOrderBody => ({
  _id: newId(),
  name: 'Ngozi Okafor',
  phone: '08031234567',
  email: uniqueEmail('shopper'),
  fulfilment: 'delivery',
  address: '12 Akin Adesola Street, Victoria Island',
  zone_id: w.island._id,
  payment_method: 'transfer',
  items: [{ product_id: w.ankara.productId, quantity: 1 }],
  ...over,
});

/** POST /v1/shop/{slug}/orders from a fresh address. */
export const checkout = (t: TestApp, slug: string, body: unknown, remoteAddress = someAddress()) =>
  t.request({ method: 'POST', url: `/v1/shop/${slug}/orders`, body, remoteAddress });

/** Places an order (expects 201): the shopper's view and the order's id and e-mail. */
export const placeOrder = async (
  t: TestApp,
  w: ShopWorld,
  over: Partial<PlaceOrderBody> = {},
): Promise<PublicOrder & { _id: string; email: string | undefined }> => {
  const body = orderBody(w, over);
  const res = await checkout(t, w.slug, body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json().data as PublicOrder), _id: body._id, email: body.email };
};

/** GET /v1/shop/{slug} (expects 200). */
export const shopOf = async (t: TestApp, slug: string): Promise<Shop> => {
  const res = await t.request({ method: 'GET', url: `/v1/shop/${slug}`, remoteAddress: someAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Shop;
};

/** What the shop says it can sell of a product (or of one of its varieties). */
export const availableIn = (s: Shop, productId: string, varietyId?: string) => {
  const p = s.products.find((x) => x._id === productId);
  if (!p) return undefined;
  return varietyId ? p.varieties.find((v) => v._id === varietyId)?.available : p.available;
};

/** GET /v1/orders/businesses/{b}/{id} as `who` (expects 200). */
export const getOrder = async (t: TestApp, who: Who, businessId: string, id: string): Promise<Order> => {
  const res = await call(t, who, 'GET', `/v1/orders/businesses/${businessId}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
};

/** PATCH /v1/orders/update/. */
export const moveOrder = (t: TestApp, who: Who, orderId: string, status: string, note?: string) =>
  call(t, who, 'PATCH', '/v1/orders/update/', { order_id: orderId, status, ...(note ? { note } : {}) });

/** Moves the order through these statuses, each expected to succeed. */
export const moveThrough = async (t: TestApp, who: Who, orderId: string, statuses: string[]) => {
  let last: Order | undefined;
  for (const status of statuses) {
    const res = await moveOrder(t, who, orderId, status);
    expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    last = res.json().data as Order;
    expect(last.status).toBe(status);
  }
  return last!;
};

/** PATCH /v1/orders/recordpayment/ of `amount` naira in cash. */
export const recordPayment = (t: TestApp, who: Who, orderId: string, amount: number, _id = newId()) =>
  call(t, who, 'PATCH', '/v1/orders/recordpayment/', { order_id: orderId, _id, method: 'cash', amount });

/** PATCH /v1/orders/addfee/. */
export const addFee = (
  t: TestApp,
  who: Who,
  orderId: string,
  amount: number,
  _id = newId(),
  name = 'Packaging',
) => call(t, who, 'PATCH', '/v1/orders/addfee/', { order_id: orderId, _id, name, amount });

/** The store level of an item of the world's store (the stock ledger's, not the shop's available). */
export const levelOf = (t: TestApp, w: ShopWorld, itemId: string) =>
  stockOf(t, w.owner.businessId, w.owner.storeId, itemId);

/** Adds stock of a product without varieties to the world's store (through the stock ledger). */
export const addStock = (t: TestApp, w: ShopWorld, productId: string, quantity: number) =>
  t.db
    .transaction()
    .execute((tx) =>
      moveStock(tx, { businessId: w.owner.businessId, userId: null, reason: 'initial' }, [
        { storeId: w.owner.storeId, productId, varietyId: null, quantity },
      ]),
    );

/** The merchant's transfer instructions for the order, with the account's bank code (for signed events). */
export const accountOfOrder = async (t: TestApp, owner: Owner, orderId: string) => {
  const res = await call(
    t,
    owner,
    'GET',
    `/v1/orders/businesses/${owner.businessId}/${orderId}/payment/transfer`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('collection_accounts')
    .select('bank_code')
    .where('subject_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    ...(res.json().data as {
      account_number: string;
      amount: number;
      account_name: string;
      reference: string;
    }),
    bank_code: row.bank_code,
  };
};

/** The sandbox payer's bank sends `amount` naira to the account; answers what the webhook made of it. */
export const payerSends = async (
  t: TestApp,
  accountNumber: string,
  amount: number,
  payerName = 'Okafor Ngozi',
) => {
  const res = await t.request({
    method: 'POST',
    url: '/v1/sandbox/banking/payer-transfers',
    body: { account_number: accountNumber, amount, payer_name: payerName },
    remoteAddress: someAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { event_id: string; reference: string; outcome: string };
};

/**
 * Waits until no order message is half-way: a webhook answers the sandbox payer as soon as the transfer
 * is applied and goes on to send the order's e-mails, so a message may be claimed but not yet in the
 * outbox when a test reads it.
 */
export const orderMessagesSettled = (t: TestApp) =>
  vi.waitFor(
    async () => {
      const { n } = await t.db
        .selectFrom('order_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(n), 'order messages not yet sent').toBe(0);
    },
    { timeout: 5_000, interval: 50 },
  );

/** A signed `transfer.received` event of the rail for this account. */
export const transferEvent = (
  account: { account_number: string; bank_code: string },
  amountKobo: number,
  over: { id?: string; reference?: string } = {},
) => ({
  id: over.id ?? `evt_${newId()}`,
  event: 'transfer.received',
  data: {
    reference: over.reference ?? `NIP${newId().replace(/-/g, '').slice(0, 20)}`,
    account_number: account.account_number,
    bank_code: account.bank_code,
    amount: amountKobo,
    currency: 'NGN',
    payer: {
      name: 'EZE NNAMDI',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
    },
    narration: 'Order payment',
    paid_at: new Date().toISOString(),
  },
});

/** Delivers a bank event to the webhook as the rail would (signed); answers the outcome message. */
export const deliverEvent = async (t: TestApp, event: unknown): Promise<string> => {
  const raw = JSON.stringify(event);
  const res = await t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(BANK_SECRET, raw) },
    body: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as string;
};

/** The business's ledger balances: every entry's postings add up to zero, the bank's money is owed plus fees. */
export const expectLedgerBalanced = async (t: TestApp, businessId: string) => {
  const b = await balancesOf(t.db, businessId);
  expect(b.bank_clearing?.posted ?? 0).toBe((b.collections?.posted ?? 0) + (b.fees?.posted ?? 0));
  const sums = await t.db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.sum<string>('amount').as('sum'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  expect(Number(sums.sum ?? 0)).toBe(0);
  return b;
};

/** Every key anywhere in a JSON value (to prove nothing like a cost price is in it). */
export const keysIn = (value: unknown): Set<string> => {
  const keys = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        keys.add(k);
        walk(inner);
      }
  };
  walk(value);
  return keys;
};

/** Every number anywhere in a JSON value. */
export const numbersIn = (value: unknown): number[] => {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
};

/** Fails on any answer of 500 or more (bad input must never be a server error). */
export const expectNo500 = (res: { statusCode: number; body: string }, what = '') =>
  expect(res.statusCode, `${what} ${res.body}`).toBeLessThan(500);
