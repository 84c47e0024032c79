import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrder } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { seedProduct } from '../catalogue/fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import {
  BANK_SECRET,
  addStock,
  availableIn,
  call,
  checkout,
  expect400,
  expectNo500,
  getOrder,
  keysIn,
  levelOf,
  moveOrder,
  numbersIn,
  orderBody,
  placeOrder,
  recordPayment,
  shopOf,
  shopWorld,
  someAddress,
  type ShopWorld,
} from './shop-helper.js';

/**
 * The storefront's checkout (issue 15): prices come from the shop, never the phone; the order holds
 * its stock (what the shop can sell drops, the store's level does not move); more than is left is
 * refused, and so is the second of two checkouts for the last unit; the same checkout twice places
 * one order; numbers have no gaps. Then the shopper's own page by its token, and nothing else.
 */

let t: TestApp;
let w: ShopWorld;
let other: ShopWorld;

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: BANK_SECRET });
  w = await shopWorld(t);
  other = await shopWorld(t, { businessName: 'Other Ventures' });
  // Plenty of Ankara for the tests that do not count it (a fresh world counts from 5).
  await addStock(t, w, w.ankara.productId, 1_000);
});
afterAll(async () => t?.close());

/** A published product of the world's business with `stock` units (untracked with null). */
const addProduct = async (world: ShopWorld, name: string, stock: number, price = 100_000) => {
  const p = await seedProduct(t, world.owner.businessId, {
    name,
    sellingPrice: price,
    stock: { [world.owner.storeId]: stock },
  });
  const res = await call(
    t,
    world.owner,
    'PATCH',
    `/v1/online-store/businesses/${world.owner.businessId}/products`,
    {
      items: [{ product_id: p.productId, published: true }],
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return p;
};

describe('POST /v1/shop/{slug}/orders', () => {
  it('places a pending order priced by the shop, whatever the body says', async () => {
    const body = {
      ...orderBody(w, {
        items: [
          { product_id: w.ankara.productId, quantity: 2 },
          { product_id: w.kaftan.productId, variety_id: w.kaftan.varietyIds[1], quantity: 1 },
          { product_id: w.wrap.productId, quantity: 3 },
        ],
        note: 'Call before coming',
      }),
      // What a tampered phone might send: ignored.
      total: 1,
      subtotal: 1,
      fees: [],
      status: 'delivered',
    };
    (body.items[0] as Record<string, unknown>).price = 1;
    const res = await checkout(t, w.slug, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Order placed');
    const placed = res.json().data as PublicOrder;
    expect(placed).toMatchObject({
      number: expect.stringMatching(/^ORD-\d{4}$/),
      shop_name: 'Ada Fabrics Online',
      shop_slug: w.slug,
      timezone: 'Africa/Lagos',
      status: 'pending',
      fulfilment: 'delivery',
      payment_method: 'transfer',
      payment_status: 'unpaid',
      shopper_name: 'Ngozi Okafor',
      delivery_address: '12 Akin Adesola Street, Victoria Island',
      delivery_zone: 'Island',
      pickup: null,
      subtotal: 18_500,
      fee_total: 1_500,
      total: 20_000,
      amount_paid: 0,
      balance: 20_000,
      refund_due: 0,
    });
    expect(placed.items).toEqual([
      { name: 'Ankara', quantity: 2, price: 4_500, total: 9_000 },
      { name: 'Kaftan — M', quantity: 1, price: 8_000, total: 8_000 },
      { name: 'Gift wrap', quantity: 3, price: 500, total: 1_500 },
    ]);
    expect(placed.fees).toEqual([{ name: 'Delivery: Island', amount: 1_500 }]);
    expect(placed.token.length).toBeGreaterThanOrEqual(30);
    // The merchant sees it the same way, its stock held.
    const order = await getOrder(t, w.owner, w.owner.businessId, body._id);
    expect(order).toMatchObject({
      _id: body._id,
      number: placed.number,
      status: 'pending',
      stock_state: 'held',
      store_id: w.owner.storeId,
      shopper_phone: '08031234567',
      shopper_email: body.email,
      note: 'Call before coming',
      total: 20_000,
      sale_id: null,
      link: `/shop/${w.slug}/order/${placed.token}`,
    });
    expect(order.items.map((i) => [i.product_id, i.variety_id, i.price])).toEqual([
      [w.ankara.productId, null, 4_500],
      [w.kaftan.productId, w.kaftan.varietyIds[1], 8_000],
      [w.wrap.productId, null, 500],
    ]);
    expect(order.history).toEqual([{ status: 'pending', note: null, at: expect.any(String), by_name: null }]);
  });

  it('holds stock: what the shop can sell drops, the store level does not; more than is left is 409', async () => {
    const fresh = await shopWorld(t);
    const [s, m] = fresh.kaftan.varietyIds as [string, string];
    await placeOrder(t, fresh, { items: [{ product_id: fresh.ankara.productId, quantity: 3 }] });
    let shop = await shopOf(t, fresh.slug);
    expect(availableIn(shop, fresh.ankara.productId)).toBe(2);
    expect(await levelOf(t, fresh, fresh.ankara.productId)).toBe(5);
    // The merchant's catalogue agrees.
    const cat = await call(
      t,
      fresh.owner,
      'GET',
      `/v1/online-store/businesses/${fresh.owner.businessId}/products`,
    );
    expect(cat.json().data.items.find((i: { name: string }) => i.name === 'Ankara').available).toBe(2);

    const tooMany = await checkout(
      t,
      fresh.slug,
      orderBody(fresh, { items: [{ product_id: fresh.ankara.productId, quantity: 3 }] }),
    );
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().message).toBe('Only 2 of Ankara left.');
    await placeOrder(t, fresh, { items: [{ product_id: fresh.ankara.productId, quantity: 2 }] });
    const soldOut = await checkout(
      t,
      fresh.slug,
      orderBody(fresh, { items: [{ product_id: fresh.ankara.productId, quantity: 1 }] }),
    );
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    expect(soldOut.json().message).toBe('Ankara is sold out.');

    // A variety: its own count; the product's is the sum.
    await placeOrder(t, fresh, {
      items: [{ product_id: fresh.kaftan.productId, variety_id: s, quantity: 3 }],
    });
    shop = await shopOf(t, fresh.slug);
    expect(availableIn(shop, fresh.kaftan.productId, s)).toBe(0);
    expect(availableIn(shop, fresh.kaftan.productId, m)).toBe(3);
    expect(availableIn(shop, fresh.kaftan.productId)).toBe(3);
    const sOut = await checkout(
      t,
      fresh.slug,
      orderBody(fresh, { items: [{ product_id: fresh.kaftan.productId, variety_id: s, quantity: 1 }] }),
    );
    expect(sOut.json().message).toBe('Kaftan — S is sold out.');
    // Two lines of the same item count together.
    const twoLines = await checkout(
      t,
      fresh.slug,
      orderBody(fresh, {
        items: [
          { product_id: fresh.kaftan.productId, variety_id: m, quantity: 2 },
          { product_id: fresh.kaftan.productId, variety_id: m, quantity: 2 },
        ],
      }),
    );
    expect(twoLines.statusCode, twoLines.body).toBe(409);
    expect(twoLines.json().message).toBe('Only 3 of Kaftan — M left.');
    // Stock not tracked: always available.
    await placeOrder(t, fresh, { items: [{ product_id: fresh.wrap.productId, quantity: 999 }] });
    expect(availableIn(await shopOf(t, fresh.slug), fresh.wrap.productId)).toBeNull();
    // Nothing refused held anything, and no level moved.
    shop = await shopOf(t, fresh.slug);
    expect(availableIn(shop, fresh.ankara.productId)).toBe(0);
    expect(availableIn(shop, fresh.kaftan.productId, m)).toBe(3);
    expect(await levelOf(t, fresh, fresh.ankara.productId)).toBe(5);
    expect(await levelOf(t, fresh, s)).toBe(3);
  });

  it('two checkouts for the last unit at the same moment: exactly one succeeds', async () => {
    const last = await addProduct(w, 'Last Gele', 1);
    const results = await Promise.all(
      [0, 1].map(() =>
        checkout(t, w.slug, orderBody(w, { items: [{ product_id: last.productId, quantity: 1 }] })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      201, 409,
    ]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Last Gele is sold out.');
    expect(availableIn(await shopOf(t, w.slug), last.productId)).toBe(0);
    // Five shoppers for three units: three orders.
    const few = await addProduct(w, 'Few Caps', 3);
    const many = await Promise.all(
      Array.from({ length: 5 }, () =>
        checkout(t, w.slug, orderBody(w, { items: [{ product_id: few.productId, quantity: 1 }] })),
      ),
    );
    expect(many.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const held = await t.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<string>('quantity').as('n'))
      .where('item_id', '=', few.productId)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(3);
  });

  it('the same _id twice places one order: 201, then 200 with the same order; at the same moment too', async () => {
    const body = orderBody(w);
    const first = await checkout(t, w.slug, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkout(t, w.slug, {
      ...body,
      items: [{ product_id: w.wrap.productId, quantity: 5 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Order already placed');
    expect(again.json().data).toEqual(first.json().data);
    // At the same moment.
    const racing = orderBody(w, { items: [{ product_id: w.wrap.productId, quantity: 1 }] });
    const both = await Promise.all([checkout(t, w.slug, racing), checkout(t, w.slug, racing)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().data.number).toBe(both[1]!.json().data.number);
    const rows = await t.db.selectFrom('orders').select('id').where('id', '=', racing._id).execute();
    expect(rows).toHaveLength(1);
  });

  it('the same _id twice at the same moment for the last unit is still one order, answered twice', async () => {
    const last = await addProduct(w, 'Last Wrapper', 1);
    const body = orderBody(w, { items: [{ product_id: last.productId, quantity: 1 }] });
    const both = await Promise.all([checkout(t, w.slug, body), checkout(t, w.slug, body)]);
    // The twin waits on the stock rows the first checkout locked, then finds the first's order and answers it
    // (PostgreSQL; PGlite runs one transaction at a time).
    expect(both.map((r) => r.statusCode).sort(), both.map((r) => r.body).join('\n')).toEqual([200, 201]);
    const rows = await t.db.selectFrom('orders').select('id').where('id', '=', body._id).execute();
    expect(rows).toHaveLength(1);
  });

  it('numbers orders ORD-0001, ORD-0002… per business with no gap after a refused checkout', async () => {
    const fresh = await shopWorld(t);
    const first = await placeOrder(t, fresh);
    expect(first.number).toBe('ORD-0001');
    // Refused after the number would be taken: sold out, a zone missing, an unknown product.
    const refused = await Promise.all([
      checkout(
        t,
        fresh.slug,
        orderBody(fresh, { items: [{ product_id: fresh.ankara.productId, quantity: 99 }] }),
      ),
      checkout(t, fresh.slug, orderBody(fresh, { zone_id: undefined })),
      checkout(t, fresh.slug, orderBody(fresh, { items: [{ product_id: newId(), quantity: 1 }] })),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 400, 409]);
    expect((await placeOrder(t, fresh)).number).toBe('ORD-0002');
    const many = await Promise.all(
      Array.from({ length: 3 }, () =>
        checkout(
          t,
          fresh.slug,
          orderBody(fresh, { items: [{ product_id: fresh.wrap.productId, quantity: 1 }] }),
        ),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(many.map((r) => r.json().data.number).sort()).toEqual(['ORD-0003', 'ORD-0004', 'ORD-0005']);
    // Another business counts its own.
    expect((await placeOrder(t, other)).number).toMatch(/^ORD-\d{4}$/);
    expect((await placeOrder(t, fresh)).number).toBe('ORD-0006');
  });

  it('pickup and pay on delivery only when the shop offers them', async () => {
    const fresh = await shopWorld(t);
    const pickup = await placeOrder(t, fresh, {
      fulfilment: 'pickup',
      address: undefined,
      zone_id: undefined,
      payment_method: 'on_delivery',
    });
    expect(pickup).toMatchObject({
      fulfilment: 'pickup',
      payment_method: 'on_delivery',
      delivery_address: null,
      delivery_zone: null,
      pickup: { name: 'Ikeja' },
      fees: [],
      total: 4_500,
    });
    // An address sent with a pickup is not kept, and a zone adds no fee.
    const withAddress = await placeOrder(t, fresh, { fulfilment: 'pickup' });
    expect(withAddress).toMatchObject({ delivery_address: null, delivery_zone: null, fee_total: 0 });
    const url = `/v1/online-store/businesses/${fresh.owner.businessId}`;
    await call(t, fresh.owner, 'PATCH', url, { pickup: false, pay_on_delivery: false });
    expect400(await checkout(t, fresh.slug, orderBody(fresh, { fulfilment: 'pickup' })), 'fulfilment');
    expect400(
      await checkout(t, fresh.slug, orderBody(fresh, { payment_method: 'on_delivery' })),
      'payment_method',
    );
    expect((await shopOf(t, fresh.slug)).pickup).toBeNull();
    // A delivery paid by transfer still goes through.
    await placeOrder(t, fresh);
  });

  it('a delivery needs a zone when the shop has zones; its fee becomes a fee line', async () => {
    const fresh = await shopWorld(t);
    expect400(await checkout(t, fresh.slug, orderBody(fresh, { zone_id: undefined })), 'zone_id');
    expect400(await checkout(t, fresh.slug, orderBody(fresh, { zone_id: newId() })), 'zone_id');
    expect400(await checkout(t, fresh.slug, orderBody(fresh, { zone_id: other.island._id })), 'zone_id');
    const mainland = await placeOrder(t, fresh, { zone_id: fresh.mainland._id.toUpperCase() });
    expect(mainland).toMatchObject({
      delivery_zone: 'Mainland',
      fees: [{ name: 'Delivery: Mainland', amount: 2_000 }],
      subtotal: 4_500,
      total: 6_500,
      balance: 6_500,
    });
    // A free zone adds no line; a shop with no zones asks for none.
    const url = `/v1/online-store/businesses/${fresh.owner.businessId}`;
    const free = await call(t, fresh.owner, 'PATCH', url, { delivery_zones: [{ name: 'Ikeja', fee: 0 }] });
    const freeZone = free.json().data.delivery_zones[0]._id as string;
    expect(await placeOrder(t, fresh, { zone_id: freeZone })).toMatchObject({
      delivery_zone: 'Ikeja',
      fees: [],
    });
    await call(t, fresh.owner, 'PATCH', url, { delivery_zones: [] });
    expect(await placeOrder(t, fresh, { zone_id: undefined })).toMatchObject({
      delivery_zone: null,
      fees: [],
      total: 4_500,
    });
    // The zone as it was stays on the order when the zones change.
    const order = await getOrder(t, fresh.owner, fresh.owner.businessId, mainland._id);
    expect(order).toMatchObject({ delivery_zone: 'Mainland', fee_total: 2_000 });
  });

  it('a product with varieties needs one of its own; a product without has none', async () => {
    const k = w.kaftan.productId;
    expect400(
      await checkout(t, w.slug, orderBody(w, { items: [{ product_id: k, quantity: 1 }] })),
      'items[0].variety_id',
    );
    expect400(
      await checkout(
        t,
        w.slug,
        orderBody(w, { items: [{ product_id: k, variety_id: other.kaftan.varietyIds[0], quantity: 1 }] }),
      ),
      'items[0].variety_id',
    );
    expect400(
      await checkout(
        t,
        w.slug,
        orderBody(w, {
          items: [
            { product_id: w.wrap.productId, quantity: 1 },
            { product_id: w.ankara.productId, variety_id: w.kaftan.varietyIds[0], quantity: 1 },
          ],
        }),
      ),
      'items[1].variety_id',
    );
    // Another business's product, or an unpublished one, is not sold here.
    for (const productId of [other.ankara.productId, w.secret.productId, newId()]) {
      const res = await checkout(
        t,
        w.slug,
        orderBody(w, { items: [{ product_id: productId, quantity: 1 }] }),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('items[0]');
    }
  });

  it('400 naming the field for bad input, 404 for an unknown shop, never a 500', async () => {
    const a = w.ankara.productId;
    const item = (over: Record<string, unknown>) => ({ items: [{ product_id: a, quantity: 1, ...over }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Ngozi\u0000' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: '0803123456\u0000' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a\u0000@example.ng' }, 'email'],
      [{ address: undefined }, 'address'],
      [{ address: '   ' }, 'address'],
      [{ address: 'Lagos\u0000' }, 'address'],
      [{ note: 'n\u0000' }, 'note'],
      [{ fulfilment: 'drone' }, 'fulfilment'],
      [{ payment_method: 'card' }, 'payment_method'],
      [{ zone_id: 'island' }, 'zone_id'],
      [{ _id: 'order-1' }, '_id'],
      [{ _id: undefined }, '_id'],
      [item({ quantity: 1e20 }), 'quantity'],
      [item({ quantity: -1 }), 'quantity'],
      [item({ quantity: 0 }), 'quantity'],
      [item({ quantity: 1.5 }), 'quantity'],
      [item({ quantity: '1' }), 'quantity'],
      [item({ quantity: 1000 }), 'quantity'],
      [item({ product_id: 'abc' }), 'product_id'],
      [item({ product_id: `${a}\u0000` }), 'product_id'],
      [item({ variety_id: 'S' }), 'variety_id'],
      [{ items: [] }, 'items'],
      [{ items: 'Ankara' }, 'items'],
      [{ items: Array.from({ length: 51 }, () => ({ product_id: a, quantity: 1 })) }, 'items'],
    ];
    for (const [over, field] of cases) {
      const body = { ...orderBody(w), ...over };
      for (const [k, v] of Object.entries(over))
        if (v === undefined) delete (body as Record<string, unknown>)[k];
      expect400(await checkout(t, w.slug, body), field, JSON.stringify(over).slice(0, 80));
    }
    const notJson = await t.request({
      method: 'POST',
      url: `/v1/shop/${w.slug}/orders`,
      headers: { 'content-type': 'application/json' },
      body: '{"_id":',
      remoteAddress: someAddress(),
    });
    expect(notJson.statusCode).toBe(400);
    expect((await checkout(t, 'no-such-shop', orderBody(w))).statusCode).toBe(404);
    expect400(await checkout(t, 'a'.repeat(61), orderBody(w)), 'slug');
    expect400(await checkout(t, 'ab%00c', orderBody(w)), 'slug');
    expectNo500(await checkout(t, '%F0%9F%98%80', orderBody(w)));
    // None of it placed an order or held stock.
    expect(availableIn(await shopOf(t, w.slug), w.kaftan.productId, w.kaftan.varietyIds[0])).toBe(3);
  });

  it('is limited per client address', async () => {
    const from = someAddress();
    const body = orderBody(w);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++)
      answers.push((await checkout(t, 'closed-or-unknown', body, from)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('the shopper’s order: GET /v1/shop/orders/{token}', () => {
  it('shows what was bought, where it is and what is owed; nothing of the books or of other orders', async () => {
    const mine = await placeOrder(t, w, {
      name: 'Mine Shopper',
      address: '1 My Street',
      phone: '08011112222',
    });
    const theirs = await placeOrder(t, w, {
      name: 'Their Shopper',
      address: '99 Their Road',
      phone: '08099998888',
    });
    const res = await t.request({
      method: 'GET',
      url: `/v1/shop/orders/${mine.token}`,
      remoteAddress: someAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json().data as PublicOrder;
    expect(seen).toMatchObject({
      number: mine.number,
      token: mine.token,
      shopper_name: 'Mine Shopper',
      delivery_address: '1 My Street',
      status: 'pending',
      items: [{ name: 'Ankara', quantity: 1, price: 4_500, total: 4_500 }],
      history: [{ status: 'pending', note: null, at: expect.any(String) }],
      phone: '08012345678',
    });
    for (const text of [
      'Their Shopper',
      '99 Their Road',
      '08099998888',
      theirs.token,
      theirs.number,
      '08011112222',
    ])
      expect(res.body).not.toContain(text);
    const keys = [...keysIn(res.json())];
    expect(
      keys.filter((k) => /cost|_id|email|shopper_phone|user|recorded|by_name|store_id|sale/i.test(k)),
    ).toEqual([]);
    expect(numbersIn(res.json()).filter((n) => n === 3_000)).toEqual([]);
    // A note from the merchant shows; who wrote it does not.
    await moveOrder(t, w.owner, mine._id, 'confirmed', 'Packing it today');
    const later = (
      await t.request({ method: 'GET', url: `/v1/shop/orders/${mine.token}`, remoteAddress: someAddress() })
    ).json().data as PublicOrder;
    expect(later.history.map((h) => [h.status, h.note])).toEqual([
      ['pending', null],
      ['confirmed', 'Packing it today'],
    ]);
  });

  it('404 for an unknown token, 400 naming token for a bad one, never a 500', async () => {
    const get = (token: string) =>
      t.request({ method: 'GET', url: `/v1/shop/orders/${token}`, remoteAddress: someAddress() });
    expect((await get('no-such-token')).statusCode).toBe(404);
    expect((await get(newId())).statusCode).toBe(404);
    // Longer than any token: refused by the router before anything is read.
    expect((await get('x'.repeat(101))).statusCode).toBe(414);
    expect400(await get('ab%00c'), 'token');
    for (const odd of ['%27%20OR%201%3D1--', '%25', '..%2F..']) expectNo500(await get(odd), odd);
    const pay = await t.request({
      method: 'GET',
      url: '/v1/shop/orders/no-such-token/payment/transfer',
      remoteAddress: someAddress(),
    });
    expect(pay.statusCode).toBe(404);
  });

  it('GET /v1/shop/orders/{token}/payment/transfer: the order’s own account, the same each time; 409 when nothing is owed', async () => {
    const placed = await placeOrder(t, w);
    const url = `/v1/shop/orders/${placed.token}/payment/transfer`;
    const first = await t.request({ method: 'GET', url, remoteAddress: someAddress() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      account_number: expect.stringMatching(/^\d{10}$/),
      amount: 6_000,
      reference: placed.number,
      account_name: expect.stringContaining(placed.number),
    });
    expect(Object.keys(first.json().data)).not.toContain('method');
    const twice = await Promise.all([
      t.request({ method: 'GET', url, remoteAddress: someAddress() }),
      t.request({ method: 'GET', url, remoteAddress: someAddress() }),
    ]);
    expect(twice.map((r) => r.json().data.account_number)).toEqual([
      first.json().data.account_number,
      first.json().data.account_number,
    ]);
    // The merchant's route answers the same account.
    const merchant = await call(
      t,
      w.owner,
      'GET',
      `/v1/orders/businesses/${w.owner.businessId}/${placed._id}/payment/transfer`,
    );
    expect(merchant.json().data.account_number).toBe(first.json().data.account_number);
    // Paid in full: nothing to pay.
    expect((await recordPayment(t, w.owner, placed._id, 6_000)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, remoteAddress: someAddress() })).statusCode).toBe(409);
    // Cancelled: nothing to pay.
    const cancelled = await placeOrder(t, w);
    await moveOrder(t, w.owner, cancelled._id, 'cancelled');
    const res = await t.request({
      method: 'GET',
      url: `/v1/shop/orders/${cancelled.token}/payment/transfer`,
      remoteAddress: someAddress(),
    });
    expect(res.statusCode).toBe(409);
  });
});
