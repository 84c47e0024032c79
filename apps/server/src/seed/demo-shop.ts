import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OnlineCatalogueItem, PublicOrder } from '@ms/contracts';
import { login } from './demo-api.js';

/**
 * The demo's online store (issue 15), made through the product's own API in process: turned on at
 * `/shop/demo-shop` with delivery areas, a dozen products published, and four orders a shopper placed
 * on the storefront — delivered (paid by transfer to its own account), confirmed and paid, a pickup to
 * pay on collection, and one waiting for its transfer.
 */

export const DEMO_SHOP_SLUG = 'demo-shop';

/** What the demo's shop holds: products published, orders placed, sales they became, transfers paid. */
export type DemoShopSummary = { published: number; orders: number; sales: number; transfers: number };

export const seedDemoShop = async (input: {
  app: FastifyInstance;
  businessId: string;
  admin: { email: string; password: string };
}): Promise<DemoShopSummary> => {
  const { app, businessId: b } = input;
  const call = await login(app, input.admin);
  await call('POST', `/v1/stores/onlinestore/${b}/toggle`);
  await call('PATCH', `/v1/online-store/businesses/${b}`, {
    slug: DEMO_SHOP_SLUG,
    about:
      'Groceries, drinks and home essentials from our Lekki store. Order by 2pm for same-day delivery in Lagos.',
    pickup: true,
    pay_on_delivery: true,
    delivery_zones: [
      { name: 'Lekki / Ajah', fee: 1500 },
      { name: 'Victoria Island / Ikoyi', fee: 2500 },
      { name: 'Lagos Mainland', fee: 3500 },
    ],
  });
  const { items } = await call<{ items: OnlineCatalogueItem[] }>(
    'GET',
    `/v1/online-store/businesses/${b}/products?limit=200`,
  );
  // Goods kept in stock (a service such as home delivery is not sold in the shop).
  const sellable = items.filter((p) => p.available !== null && p.available >= 3).slice(0, 12);
  await call('PATCH', `/v1/online-store/businesses/${b}/products`, {
    items: sellable.map((p, i) => ({
      product_id: p.product_id,
      published: true,
      // Two products cheaper online, as shops do.
      ...(i < 2 ? { online_price: Math.max(1, Math.round(p.selling_price * 0.95)) } : {}),
    })),
  });

  const shop = async <T>(method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await app.inject({ method, url, ...(body ? { payload: body } : {}) });
    if (res.statusCode >= 300)
      throw new Error(`demo: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as T;
  };
  const simple = sellable.filter((p) => !p.variation);
  const pick = (i: number) => simple[i % simple.length]!;
  const place = (body: object) =>
    shop<PublicOrder>('POST', `/v1/shop/${DEMO_SHOP_SLUG}/orders`, { _id: randomUUID(), ...body });
  const pay = async (order: PublicOrder, payer: string) => {
    const how = await shop<{ account_number: string; amount: number }>(
      'GET',
      `/v1/shop/orders/${order.token}/payment/transfer`,
    );
    await shop('POST', '/v1/sandbox/banking/payer-transfers', {
      account_number: how.account_number,
      amount: how.amount,
      payer_name: payer,
    });
  };
  const orderId = async (order: PublicOrder) =>
    (
      await call<{ items: { _id: string; number: string }[] }>(
        'GET',
        `/v1/orders/businesses/${b}?search=${encodeURIComponent(order.number)}`,
      )
    ).items[0]!._id;
  const step = async (order: PublicOrder, status: string, note?: string) =>
    call('PATCH', '/v1/orders/update/', {
      order_id: await orderId(order),
      status,
      ...(note ? { note } : {}),
    });

  const lekki = await call<{ delivery_zones: { _id: string }[] }>('GET', `/v1/online-store/businesses/${b}`);
  const zone = (i: number) => lekki.delivery_zones[i]!._id;
  if (simple.length === 0) return { published: sellable.length, orders: 0, sales: 0, transfers: 0 };

  // Delivered: paid by transfer, confirmed, shipped, delivered (a sale now).
  const delivered = await place({
    name: 'Adaeze Nwosu',
    phone: '08091230011',
    email: 'adaeze.nwosu@example.ng',
    fulfilment: 'delivery',
    address: '14 Admiralty Way, Lekki Phase 1',
    zone_id: zone(0),
    payment_method: 'transfer',
    items: [
      { product_id: pick(0).product_id, quantity: 2 },
      { product_id: pick(1).product_id, quantity: 1 },
    ],
  });
  await pay(delivered, 'ADAEZE NWOSU');
  await step(delivered, 'confirmed');
  await step(delivered, 'shipped', 'With our rider, Musa (0803 555 0101).');
  await step(delivered, 'delivered');

  // Paid by transfer and confirmed: to pack.
  const confirmed = await place({
    name: 'Tunde Bakare',
    phone: '08091230012',
    email: 'tunde.bakare@example.ng',
    fulfilment: 'delivery',
    address: '3 Akin Adesola Street, Victoria Island',
    zone_id: zone(1),
    payment_method: 'transfer',
    items: [{ product_id: pick(2).product_id, quantity: 3 }],
  });
  await pay(confirmed, 'TUNDE BAKARE');
  await step(confirmed, 'confirmed');

  // A pickup, paid when collected.
  await place({
    name: 'Halima Yusuf',
    phone: '08091230013',
    fulfilment: 'pickup',
    payment_method: 'on_delivery',
    note: 'I will come by after 5pm.',
    items: [
      { product_id: pick(3).product_id, quantity: 1 },
      { product_id: pick(4).product_id, quantity: 2 },
    ],
  });

  // Just placed, waiting for the shopper's transfer.
  await place({
    name: 'Kelechi Eze',
    phone: '08091230014',
    email: 'kelechi.eze@example.ng',
    fulfilment: 'delivery',
    address: '22 Ikorodu Road, Yaba',
    zone_id: zone(2),
    payment_method: 'transfer',
    items: [{ product_id: pick(5).product_id, quantity: 1 }],
  });
  return { published: sellable.length, orders: 4, sales: 1, transfers: 2 };
};
