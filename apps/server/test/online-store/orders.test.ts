import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList, PublicOrder, Sale, SalePage, SalesRevenue, StockLogPage } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { lagosToday } from '../../src/modules/dashboard/dashboard.service.js';
import { sendOrderMessages } from '../../src/modules/orders/index.js';
import { createTestApp, type TestApp } from '../helper.js';
import { addStore } from '../staff/staff-helper.js';
import {
  BANK_SECRET,
  addStock,
  availableIn,
  call,
  checkout,
  emailsTo,
  employeeWith,
  expect400,
  getOrder,
  jobDeps,
  keysIn,
  levelOf,
  moveOrder,
  moveThrough,
  orderBody,
  placeOrder,
  recordPayment,
  shopOf,
  shopWorld,
  type ShopWorld,
} from './shop-helper.js';

/**
 * Orders as the merchant runs them (issue 15): the list and one order, who may see and change them,
 * the status flow and its refusals, what each step does to stock (held, gone through the stock
 * ledger, released), the sale a delivered order becomes, and the e-mails of each step — once.
 */

let t: TestApp;
let w: ShopWorld;
let other: ShopWorld;
let b: string;
let catalogue: { token: string };
let fees: { token: string };
let viewer: { token: string };
let manager: { token: string };
let nobody: { token: string };
/** manage_orders, but kept to another store than the shop's. */
let elsewhere: { token: string };

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: BANK_SECRET });
  w = await shopWorld(t);
  other = await shopWorld(t, { businessName: 'Other Ventures' });
  b = w.owner.businessId;
  await addStock(t, w, w.ankara.productId, 1_000);
  const branch = await addStore(t, b, 'Lekki');
  [catalogue, fees, viewer, manager, nobody, elsewhere] = await Promise.all([
    employeeWith(t, w.owner, ['online_store.catalogue']),
    employeeWith(t, w.owner, ['online_store.shipping_fees']),
    employeeWith(t, w.owner, ['online_store.view_orders']),
    employeeWith(t, w.owner, ['online_store.manage_orders']),
    employeeWith(t, w.owner, ['customers.view']),
    employeeWith(t, w.owner, ['online_store.manage_orders', 'online_store.view_orders'], [branch]),
  ]);
});
afterAll(async () => t?.close());

const listUrl = (businessId = b, query = '') => `/v1/orders/businesses/${businessId}${query}`;
const list = async (query = '', who: { token: string } = w.owner): Promise<OrderList> => {
  const res = await call(t, who, 'GET', listUrl(b, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderList;
};

describe('GET /v1/orders/businesses/{b}', () => {
  it('lists orders newest first with counts and totals per status; filters and pages', async () => {
    const fresh = await shopWorld(t);
    const fb = fresh.owner.businessId;
    const a = await placeOrder(t, fresh, { name: 'Amaka Eze', phone: '08055550001' });
    const c = await placeOrder(t, fresh, {
      name: 'Chinedu Obi',
      phone: '08055550002',
      zone_id: fresh.mainland._id,
    });
    const d = await placeOrder(t, fresh, { name: 'Dayo Ade', phone: '+2348055550003' });
    await moveOrder(t, fresh.owner, c._id, 'confirmed');
    await moveOrder(t, fresh.owner, d._id, 'cancelled');
    const get = async (query = '') => {
      const res = await call(t, fresh.owner, 'GET', listUrl(fb, query));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as OrderList;
    };
    const all = await get();
    expect(all.items.map((o) => o.number)).toEqual([d.number, c.number, a.number]);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(Object.fromEntries(all.sums.map((s) => [s.status, [s.count, s.total]]))).toEqual({
      pending: [1, 6_000],
      confirmed: [1, 6_500],
      cancelled: [1, 6_000],
    });
    expect((await get('?status=confirmed')).items.map((o) => o.number)).toEqual([c.number]);
    expect((await get('?status=confirmed')).total).toBe(1);
    expect((await get(`?search=${a.number.toLowerCase()}`)).items.map((o) => o.number)).toEqual([a.number]);
    expect((await get('?search=chinedu')).items.map((o) => o.number)).toEqual([c.number]);
    expect((await get('?search=0805-555-0003')).items.map((o) => o.number)).toEqual([d.number]);
    expect((await get(`?store_id=${fresh.owner.storeId}`)).total).toBe(3);
    expect((await get(`?store_id=${newId()}`)).total).toBe(0);
    const today = lagosToday();
    expect((await get(`?startdate=${today}&enddate=${today}`)).total).toBe(3);
    expect((await get('?enddate=2020-01-01')).total).toBe(0);
    const page = await get('?limit=2&page=2');
    expect(page.items.map((o) => o.number)).toEqual([a.number]);
    expect(page.total).toBe(3);
    // No cost price anywhere.
    expect([...keysIn(all)].filter((k) => /cost/i.test(k))).toEqual([]);
  });

  it('view_orders or manage_orders may list; 401, 403, 404; a role kept to another store sees none', async () => {
    await placeOrder(t, w);
    expect((await list('', viewer)).total).toBeGreaterThan(0);
    expect((await list('', manager)).total).toBeGreaterThan(0);
    for (const who of [catalogue, fees, nobody])
      expect((await call(t, who, 'GET', listUrl())).statusCode).toBe(403);
    expect((await call(t, null, 'GET', listUrl())).statusCode).toBe(401);
    expect((await call(t, other.owner, 'GET', listUrl())).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', listUrl(other.owner.businessId))).statusCode).toBe(404);
    expect(await list('', elsewhere)).toMatchObject({ total: 0, items: [], sums: [] });
    // Only this business's orders.
    const theirs = await placeOrder(t, other);
    expect((await list('?limit=200')).items.map((o) => o._id)).not.toContain(theirs._id);
  });

  it('400 naming the field for a bad filter, never a 500', async () => {
    for (const [q, field] of [
      ['?status=lost', 'status'],
      ['?store_id=abc', 'store_id'],
      ['?startdate=yesterday', 'startdate'],
      ['?limit=1000', 'limit'],
      ['?page=0', 'page'],
      ['?search=a%00b', 'search'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const)
      expect400(await call(t, w.owner, 'GET', listUrl(b, q)), field, q);
  });
  it('400 naming the field for a day that does not exist, never a 500', async () => {
    // A day that does not exist is refused by name before it reaches PostgreSQL's date cast.
    for (const [q, field] of [
      ['?enddate=2024-13-40', 'enddate'],
      ['?startdate=2025-02-30', 'startdate'],
    ] as const)
      expect400(await call(t, w.owner, 'GET', listUrl(b, q)), field, q);
  });
});

describe('GET /v1/orders/businesses/{b}/{id}', () => {
  it('answers one order; 404 for another business’s, an unknown or a malformed id; 401, 403', async () => {
    const mine = await placeOrder(t, w);
    const theirs = await placeOrder(t, other);
    const url = (id: string, businessId = b) => `/v1/orders/businesses/${businessId}/${id}`;
    expect((await getOrder(t, viewer, b, mine._id.toUpperCase()))._id).toBe(mine._id);
    expect((await getOrder(t, manager, b, mine._id)).number).toBe(mine.number);
    expect((await call(t, w.owner, 'GET', url(theirs._id))).statusCode).toBe(404);
    expect((await call(t, other.owner, 'GET', url(mine._id, other.owner.businessId))).statusCode).toBe(404);
    expect((await call(t, other.owner, 'GET', url(mine._id))).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', url(newId()))).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', url('not-an-id'))).statusCode).toBe(404);
    expect((await call(t, elsewhere, 'GET', url(mine._id))).statusCode).toBe(404);
    expect400(await call(t, w.owner, 'GET', url('a%00b')), 'id');
    for (const who of [catalogue, fees, nobody])
      expect((await call(t, who, 'GET', url(mine._id))).statusCode).toBe(403);
    expect((await call(t, null, 'GET', url(mine._id))).statusCode).toBe(401);
  });
});

describe('PATCH /v1/orders/update/', () => {
  it('a delivery goes pending → confirmed → ready → shipped → delivered, each step in its history', async () => {
    const placed = await placeOrder(t, w);
    await moveThrough(t, manager, placed._id, ['confirmed', 'ready']);
    const shipped = await moveOrder(t, manager, placed._id, 'shipped', 'Rider: Musa, 0803 000 0000');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().message).toBe('Order updated');
    expect((await recordPayment(t, manager, placed._id, 6_000)).statusCode).toBe(200);
    const delivered = await moveThrough(t, manager, placed._id, ['delivered']);
    expect(delivered).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      balance: 0,
      stock_state: 'gone',
    });
    expect(delivered.history.map((h) => [h.status, h.note, h.by_name])).toEqual([
      ['pending', null, null],
      ['confirmed', null, 'Chidi Eze'],
      ['ready', null, 'Chidi Eze'],
      ['shipped', 'Rider: Musa, 0803 000 0000', 'Chidi Eze'],
      ['delivered', null, 'Chidi Eze'],
    ]);
    // Steps may be skipped forward.
    const quick = await placeOrder(t, w, { payment_method: 'on_delivery' });
    await moveThrough(t, w.owner, quick._id, ['shipped']);
    await recordPayment(t, w.owner, quick._id, 6_000);
    await moveThrough(t, w.owner, quick._id, ['delivered']);
  });

  it('refuses illegal steps with 409: back, the same, shipping a pickup, delivering unpaid, after the end', async () => {
    const expect409 = async (id: string, status: string, text: string) => {
      const res = await moveOrder(t, w.owner, id, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
      expect(res.json().message).toContain(text);
    };
    const o = await placeOrder(t, w);
    await expect409(o._id, 'pending', 'already pending');
    await moveThrough(t, w.owner, o._id, ['confirmed']);
    await expect409(o._id, 'confirmed', 'already confirmed');
    await expect409(o._id, 'pending', 'cannot go back');
    await moveThrough(t, w.owner, o._id, ['ready', 'shipped']);
    await expect409(o._id, 'ready', 'cannot go back');
    await expect409(o._id, 'cancelled', 'shipped order cannot be cancelled');
    await expect409(o._id, 'delivered', 'Record the rest of the payment');
    await recordPayment(t, w.owner, o._id, 5_999);
    await expect409(o._id, 'delivered', 'Record the rest of the payment');
    await recordPayment(t, w.owner, o._id, 1);
    await moveThrough(t, w.owner, o._id, ['delivered']);
    for (const status of ['cancelled', 'shipped', 'confirmed', 'delivered'])
      await expect409(o._id, status, status === 'delivered' ? 'already delivered' : 'is delivered');

    const pickup = await placeOrder(t, w, { fulfilment: 'pickup', zone_id: undefined, address: undefined });
    await moveThrough(t, w.owner, pickup._id, ['ready']);
    await expect409(pickup._id, 'shipped', 'pickup order is not shipped');

    const gone = await placeOrder(t, w);
    await moveThrough(t, w.owner, gone._id, ['cancelled']);
    for (const status of ['pending', 'confirmed', 'shipped', 'delivered'])
      await expect409(gone._id, status, 'is cancelled');
    await expect409(gone._id, 'cancelled', 'already cancelled');
    // Nothing of it changed the order.
    expect((await getOrder(t, w.owner, b, gone._id)).history.map((h) => h.status)).toEqual([
      'pending',
      'cancelled',
    ]);
  });

  it('stock: held while pending to ready, out of the store (online_order) when shipped, released when cancelled', async () => {
    const fresh = await shopWorld(t);
    const fb = fresh.owner.businessId;
    const [s, m] = fresh.kaftan.varietyIds as [string, string];
    const placed = await placeOrder(t, fresh, {
      items: [
        { product_id: fresh.ankara.productId, quantity: 2 },
        { product_id: fresh.kaftan.productId, variety_id: s, quantity: 1 },
        { product_id: fresh.wrap.productId, quantity: 2 },
      ],
    });
    const levels = async () => [
      await levelOf(t, fresh, fresh.ankara.productId),
      await levelOf(t, fresh, s),
      await levelOf(t, fresh, m),
    ];
    const available = async () => {
      const shop = await shopOf(t, fresh.slug);
      return [
        availableIn(shop, fresh.ankara.productId),
        availableIn(shop, fresh.kaftan.productId, s),
        availableIn(shop, fresh.kaftan.productId, m),
      ];
    };
    expect(await levels()).toEqual([5, 3, 3]);
    expect(await available()).toEqual([3, 2, 3]);
    await moveThrough(t, fresh.owner, placed._id, ['confirmed', 'ready']);
    expect(await levels()).toEqual([5, 3, 3]);
    expect(await available()).toEqual([3, 2, 3]);
    const shipped = await moveThrough(t, fresh.owner, placed._id, ['shipped']);
    expect(shipped.stock_state).toBe('gone');
    expect(await levels()).toEqual([3, 2, 3]);
    expect(await available()).toEqual([3, 2, 3]);
    const logs = await call(t, fresh.owner, 'GET', `/v2/business/${fb}/stocks/logs?kind=online_order`);
    expect(logs.statusCode, logs.body).toBe(200);
    const moves = (logs.json().data as StockLogPage).items;
    expect(moves.map((i) => [i.name, i.quantity, i.balance_after]).sort()).toEqual([
      ['Ankara', -2, 3],
      ['Kaftan (S)', -1, 2],
    ]);
    for (const move of moves)
      expect(move).toMatchObject({
        kind: 'online_order',
        store_id: fresh.owner.storeId,
        reference_type: 'order',
        reference_id: placed._id,
        note: placed.number,
        user_name: 'Ada Obi',
      });
    // Delivered afterwards: nothing moves again.
    await recordPayment(t, fresh.owner, placed._id, placed.total);
    await moveThrough(t, fresh.owner, placed._id, ['delivered']);
    expect(await levels()).toEqual([3, 2, 3]);

    // A cancelled order gives back what it held; the level never moved.
    const held = await placeOrder(t, fresh, {
      items: [
        { product_id: fresh.ankara.productId, quantity: 3 },
        { product_id: fresh.kaftan.productId, variety_id: m, quantity: 3 },
      ],
    });
    expect(await available()).toEqual([0, 2, 0]);
    const cancelled = await moveThrough(t, fresh.owner, held._id, ['confirmed', 'cancelled']);
    expect(cancelled.stock_state).toBe('released');
    expect(await available()).toEqual([3, 2, 3]);
    expect(await levels()).toEqual([3, 2, 3]);
    const after = (
      await call(t, fresh.owner, 'GET', `/v2/business/${fb}/stocks/logs?kind=online_order`)
    ).json().data as StockLogPage;
    expect(after.total).toBe(2);

    // A pickup handed over at once: its stock leaves when delivered.
    const pickup = await placeOrder(t, fresh, {
      fulfilment: 'pickup',
      payment_method: 'on_delivery',
      items: [{ product_id: fresh.ankara.productId, quantity: 1 }],
    });
    await recordPayment(t, fresh.owner, pickup._id, 4_500);
    expect((await moveThrough(t, fresh.owner, pickup._id, ['ready', 'delivered'])).stock_state).toBe('gone');
    expect(await levelOf(t, fresh, fresh.ankara.productId)).toBe(2);
  });

  it('a delivered order becomes a sale of the goods (kept on the order), in sales history and the dashboard', async () => {
    const fresh = await shopWorld(t);
    const fb = fresh.owner.businessId;
    const today = lagosToday();
    const revenueUrl = `/v1/dashboard/sales/revenue/${fb}/${today}/${today}/all`;
    const before = (await call(t, fresh.owner, 'GET', revenueUrl)).json().data as SalesRevenue;
    const placed = await placeOrder(t, fresh, {
      items: [
        { product_id: fresh.ankara.productId, quantity: 2 },
        { product_id: fresh.wrap.productId, quantity: 1 },
      ],
    });
    // ₦9,500 of goods and a ₦1,500 delivery fee, paid by transfer (by hand) and cash.
    await moveThrough(t, fresh.owner, placed._id, ['confirmed', 'ready', 'shipped']);
    expect((await getOrder(t, fresh.owner, fb, placed._id)).sale_id).toBeNull();
    const byTransfer = await call(t, fresh.owner, 'PATCH', '/v1/orders/recordpayment/', {
      order_id: placed._id,
      _id: newId(),
      method: 'transfer',
      amount: 5_000,
      reference: 'GTB 1234',
    });
    expect(byTransfer.statusCode, byTransfer.body).toBe(200);
    await recordPayment(t, fresh.owner, placed._id, 6_000);
    const delivered = await moveThrough(t, fresh.owner, placed._id, ['delivered']);
    expect(delivered.sale_id).toMatch(/^[0-9a-f-]{36}$/);

    const res = await call(t, fresh.owner, 'GET', `/v1/sales/${delivered.sale_id}/businesses/${fb}`);
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data as Sale;
    expect(sale).toMatchObject({
      id: delivered.sale_id,
      store_id: fresh.owner.storeId,
      total: 9_500,
      amount_paid: 9_500,
      balance: 0,
      note: `Online order ${placed.number}`,
    });
    expect(sale.receipt_number).toMatch(/^RC-\d+$/);
    expect(sale.items.map((i) => [i.name, i.quantity, i.total])).toEqual([
      ['Ankara', 2, 9_000],
      ['Gift wrap', 1, 500],
    ]);
    // Payments cover the goods first, by method.
    expect(sale.payments.map((p) => [p.method, p.amount]).sort()).toEqual([
      ['cash', 4_500],
      ['transfer', 5_000],
    ]);

    const history = await call(t, fresh.owner, 'GET', `/v2/business/${fb}/sales`);
    expect(history.statusCode, history.body).toBe(200);
    const page = history.json().data as SalePage;
    expect(page.items.map((s) => [s.id, s.total])).toContainEqual([delivered.sale_id, 9_500]);
    const after = (await call(t, fresh.owner, 'GET', revenueUrl)).json().data as SalesRevenue;
    expect(after.totalSales - before.totalSales).toBe(9_500);
    expect(after.numberOfSales - before.numberOfSales).toBe(1);
    expect(after.itemsSold - before.itemsSold).toBe(3);
  });

  it('an order _id another shop’s order also has: never that order’s data, and still deliverable', async () => {
    // The _id is made on the shopper's phone: nothing stops two shops' orders from sharing one.
    const shared = newId();
    const mine = await placeOrder(t, w, {
      _id: shared,
      items: [{ product_id: w.wrap.productId, quantity: 1 }],
    });
    const second = await checkout(
      t,
      other.slug,
      orderBody(other, { _id: shared, items: [{ product_id: other.wrap.productId, quantity: 1 }] }),
    );
    // Never the first shop's order (its token would open it).
    expect(second.statusCode, second.body).not.toBe(200);
    expect(second.body).not.toContain(mine.token);
    if (second.statusCode !== 201) {
      // Refusing the reused id at checkout is an answer too.
      expect(second.statusCode, second.body).toBe(409);
      return;
    }
    const theirs = second.json().data as PublicOrder;
    expect(theirs.number).toMatch(/^ORD-/);
    await recordPayment(t, w.owner, mine._id, mine.total);
    await moveThrough(t, w.owner, mine._id, ['delivered']);
    await recordPayment(t, other.owner, shared, theirs.total);
    const res = await moveOrder(t, other.owner, shared, 'delivered');
    // The sale a delivered order becomes has an id of its own: two shops' orders with the same _id (made on
    // shoppers' phones, unique per business only) are both delivered.
    expect(res.statusCode, res.body).toBe(200);
  });

  it('two moves of one order at the same moment: one step each, one sale', async () => {
    const placed = await placeOrder(t, w);
    const both = await Promise.all([
      moveOrder(t, w.owner, placed._id, 'confirmed'),
      moveOrder(t, manager, placed._id, 'confirmed'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await moveThrough(t, w.owner, placed._id, ['ready', 'shipped']);
    await recordPayment(t, w.owner, placed._id, 6_000);
    const delivered = await Promise.all([
      moveOrder(t, w.owner, placed._id, 'delivered'),
      moveOrder(t, manager, placed._id, 'delivered'),
    ]);
    expect(delivered.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sales = await t.db
      .selectFrom('sales')
      .select('id')
      .where('business_id', '=', b)
      .where('note', '=', `Online order ${placed.number}`)
      .execute();
    expect(sales).toHaveLength(1);
    const order = await getOrder(t, w.owner, b, placed._id);
    expect(order.history.map((h) => h.status)).toEqual([
      'pending',
      'confirmed',
      'ready',
      'shipped',
      'delivered',
    ]);
  });

  it('cancelled and shipped at the same moment: one wins, and stock follows the winner', async () => {
    const fresh = await shopWorld(t);
    const placed = await placeOrder(t, fresh, {
      items: [{ product_id: fresh.ankara.productId, quantity: 2 }],
    });
    const [cancel, ship] = await Promise.all([
      moveOrder(t, fresh.owner, placed._id, 'cancelled'),
      moveOrder(t, fresh.owner, placed._id, 'shipped'),
    ]);
    expect([cancel.statusCode, ship.statusCode].sort()).toEqual([200, 409]);
    const order = await getOrder(t, fresh.owner, fresh.owner.businessId, placed._id);
    const level = await levelOf(t, fresh, fresh.ankara.productId);
    const available = availableIn(await shopOf(t, fresh.slug), fresh.ankara.productId);
    if (order.status === 'cancelled') {
      expect(order.stock_state).toBe('released');
      expect([level, available]).toEqual([5, 5]);
    } else {
      expect(order).toMatchObject({ status: 'shipped', stock_state: 'gone' });
      expect([level, available]).toEqual([3, 3]);
    }
  });

  it('the shop selling from another store: its stock, its holds; orders placed before keep theirs', async () => {
    const fresh = await shopWorld(t);
    const fb = fresh.owner.businessId;
    const before = await placeOrder(t, fresh, {
      items: [{ product_id: fresh.ankara.productId, quantity: 1 }],
    });
    const branch = await addStore(t, fb, 'Lekki');
    const moved = await call(t, fresh.owner, 'PATCH', `/v1/online-store/businesses/${fb}`, {
      store_id: branch,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ store_id: branch, store_name: 'Lekki' });
    // Nothing in Lekki: sold out there.
    expect(availableIn(await shopOf(t, fresh.slug), fresh.ankara.productId)).toBe(0);
    const refused = await checkout(t, fresh.slug, orderBody(fresh));
    expect(refused.statusCode, refused.body).toBe(409);
    // The earlier order still holds (and ships) from Ikeja.
    await moveThrough(t, fresh.owner, before._id, ['shipped']);
    expect(await levelOf(t, fresh, fresh.ankara.productId)).toBe(4);
    expect((await getOrder(t, fresh.owner, fb, before._id)).store_id).toBe(fresh.owner.storeId);
  });

  it('manage_orders only; 401; 404 for another business’s or an unknown order; 400 naming the field', async () => {
    const placed = await placeOrder(t, w);
    const theirs = await placeOrder(t, other);
    for (const who of [viewer, catalogue, fees, nobody])
      expect((await moveOrder(t, who, placed._id, 'confirmed')).statusCode).toBe(403);
    expect((await moveOrder(t, null, placed._id, 'confirmed')).statusCode).toBe(401);
    expect((await moveOrder(t, w.owner, theirs._id, 'confirmed')).statusCode).toBe(404);
    expect((await moveOrder(t, w.owner, newId(), 'confirmed')).statusCode).toBe(404);
    expect((await moveOrder(t, elsewhere, placed._id, 'confirmed')).statusCode).toBe(404);
    const send = (body: unknown) => call(t, w.owner, 'PATCH', '/v1/orders/update/', body);
    expect400(await send({ order_id: 'abc', status: 'confirmed' }), 'order_id');
    expect400(await send({ order_id: placed._id, status: 'lost' }), 'status');
    expect400(await send({ order_id: placed._id }), 'status');
    expect400(await send({ order_id: placed._id, status: 'confirmed', note: 'a\u0000b' }), 'note');
    expect400(await send({ order_id: placed._id, status: 'confirmed', note: 'x'.repeat(501) }), 'note');
    expect400(await send({ status: 'confirmed' }), 'order_id');
    // Nothing moved.
    expect((await getOrder(t, w.owner, b, placed._id)).status).toBe('pending');
    expect((await getOrder(t, other.owner, other.owner.businessId, theirs._id)).status).toBe('pending');
  });
});

describe('order e-mails', () => {
  const shopperKinds = async (email: string) =>
    (await emailsTo(t, email)).map((m) => m.kind).filter((k) => k.startsWith('order_'));

  it('the shopper hears of each step once, the owner of each new order', async () => {
    const fresh = await shopWorld(t);
    const placed = await placeOrder(t, fresh);
    const email = placed.email!;
    const ownerMails = (await emailsTo(t, fresh.owner.email)).filter((m) => m.kind === 'order_owner_placed');
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]!.subject).toBe(`New online order ${placed.number}: ₦6,000.00`);
    expect(ownerMails[0]!.body).toContain('Ngozi Okafor (08031234567)');
    await moveThrough(t, fresh.owner, placed._id, ['confirmed', 'ready']);
    await moveOrder(t, fresh.owner, placed._id, 'shipped', 'Rider: Musa');
    await recordPayment(t, fresh.owner, placed._id, 6_000);
    await moveThrough(t, fresh.owner, placed._id, ['delivered']);
    // A payment recorded by hand tells nobody; a job run after everything sends nothing more.
    expect(await sendOrderMessages(jobDeps(t))).toBe(0);
    const mails = (await emailsTo(t, email)).filter((m) => m.kind.startsWith('order_'));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'order_shopper_confirmed',
      'order_shopper_delivered',
      'order_shopper_placed',
      'order_shopper_ready',
      'order_shopper_shipped',
    ]);
    const of = (kind: string) => mails.find((m) => m.kind === `order_shopper_${kind}`)!;
    expect(of('placed').subject).toBe(`Order ${placed.number} from Ada Fabrics Online: we have your order`);
    expect(of('placed').body).toContain('Pay ₦6,000.00 by bank transfer');
    expect(of('placed').body).toContain(`${t.env.publicUrl}/shop/${fresh.slug}/order/${placed.token}`);
    expect(of('shipped').subject).toBe(`Order ${placed.number} from Ada Fabrics Online is on its way`);
    expect(of('shipped').body).toContain('Note from the shop: Rider: Musa');
    expect(of('delivered').body).toContain('Thank you for shopping with Ada Fabrics Online');
    // Only one new-order e-mail to the owner still.
    expect(
      (await emailsTo(t, fresh.owner.email)).filter((m) => m.kind === 'order_owner_placed'),
    ).toHaveLength(1);
  });

  it('a cancelled order tells the shopper; a shopper without an e-mail gets none, the owner still hears', async () => {
    const placed = await placeOrder(t, w);
    await moveOrder(t, w.owner, placed._id, 'cancelled', 'Out of this colour');
    const mails = (await emailsTo(t, placed.email!)).filter((m) => m.kind === 'order_shopper_cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Your order was cancelled.');
    expect(mails[0]!.body).toContain('Out of this colour');
    const silent = await placeOrder(t, w, { email: undefined });
    await moveThrough(t, w.owner, silent._id, ['confirmed']);
    const rows = await t.db
      .selectFrom('order_messages')
      .select(['recipient', 'kind', 'status'])
      .where('order_id', '=', silent._id)
      .execute();
    expect(rows).toEqual([{ recipient: 'owner', kind: 'placed', status: 'sent' }]);
    expect(await shopperKinds(placed.email!)).toEqual(['order_shopper_cancelled', 'order_shopper_placed']);
  });

  it('sendOrderMessages run twice at the same moment sends each waiting message once', async () => {
    const fresh = await shopWorld(t);
    const orders = await Promise.all(
      [0, 1, 2].map(() =>
        placeOrder(t, fresh, { items: [{ product_id: fresh.wrap.productId, quantity: 1 }] }),
      ),
    );
    for (const o of orders) await moveThrough(t, fresh.owner, o._id, ['confirmed']);
    // As if none had gone out yet (a server stopped before sending): all of them wait again.
    const ids = orders.map((o) => o._id);
    await t.db
      .updateTable('order_messages')
      .set({ status: 'waiting', claimed_at: null, sent_at: null })
      .where('order_id', 'in', ids)
      .execute();
    const waiting = await t.db
      .selectFrom('order_messages')
      .select('id')
      .where('order_id', 'in', ids)
      .execute();
    expect(waiting).toHaveLength(9); // per order: owner placed, shopper placed, shopper confirmed
    const before = await Promise.all(orders.map((o) => shopperKinds(o.email!)));
    const ownerBefore = (await emailsTo(t, fresh.owner.email)).length;
    const sent = await Promise.all([sendOrderMessages(jobDeps(t)), sendOrderMessages(jobDeps(t))]);
    expect(sent[0] + sent[1]).toBeLessThanOrEqual(9);
    expect(await sendOrderMessages(jobDeps(t))).toBe(0);
    const after = await Promise.all(orders.map((o) => shopperKinds(o.email!)));
    for (const [i, kinds] of after.entries()) expect(kinds.length - before[i]!.length).toBe(2);
    expect((await emailsTo(t, fresh.owner.email)).length - ownerBefore).toBe(3);
    const left = await t.db
      .selectFrom('order_messages')
      .select('id')
      .where('order_id', 'in', ids)
      .where((eb) => eb.or([eb('status', '=', 'waiting'), eb('sent_at', 'is', null)]))
      .execute();
    expect(left).toEqual([]);
  });
});
