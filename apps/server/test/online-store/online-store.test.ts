import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnlineCatalogueItem, OnlineStore, Shop } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { seedProduct } from '../catalogue/fixtures.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import {
  BANK_SECRET,
  availableIn,
  call,
  checkout,
  employeeWith,
  expect400,
  expectNo500,
  freshSlug,
  keysIn,
  numbersIn,
  orderBody,
  placeOrder,
  shopOf,
  shopWorld,
  someAddress,
  type ShopWorld,
} from './shop-helper.js';

/**
 * The online store as the merchant runs it and as a shopper sees it (issue 15): its settings and
 * delivery fees, the catalogue (publish, online price), the toggle, the public shop read (only what
 * is published, never a cost price or another business's products) and the shop's HTML page.
 */

/** A shop page template like the storefront build's (apps/web/shop.html), in a web build of its own. */
const webDist = mkdtempSync(join(tmpdir(), 'ms-shop-web-'));
mkdirSync(join(webDist, 'shop', 'shop-assets'), { recursive: true });
writeFileSync(
  join(webDist, 'shop', 'shop.html'),
  '<!doctype html><html><head><meta charset="UTF-8" /><!--shop-head--></head><body><div id="shop"></div><!--shop-data--></body></html>',
);
writeFileSync(join(webDist, 'shop', 'shop-assets', 'shop-abc123.js'), 'console.log("shop")');

const realDist = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../web/dist');
const hasRealShopPage = existsSync(join(realDist, 'shop', 'shop.html'));

let t: TestApp;
let w: ShopWorld;
let other: ShopWorld;
let b: string;
let catalogue: { token: string };
let fees: { token: string };
let viewer: { token: string };
let manager: { token: string };
let nobody: { token: string };

beforeAll(async () => {
  t = await createTestApp({ webDist, bankingWebhookSecret: BANK_SECRET });
  w = await shopWorld(t);
  other = await shopWorld(t, { businessName: 'Other Ventures' });
  b = w.owner.businessId;
  [catalogue, fees, viewer, manager, nobody] = await Promise.all([
    employeeWith(t, w.owner, ['online_store.catalogue']),
    employeeWith(t, w.owner, ['online_store.shipping_fees']),
    employeeWith(t, w.owner, ['online_store.view_orders']),
    employeeWith(t, w.owner, ['online_store.manage_orders']),
    employeeWith(t, w.owner, ['customers.view']),
  ]);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const storeUrl = (businessId = b) => `/v1/online-store/businesses/${businessId}`;
const productsUrl = (businessId = b, query = '') =>
  `/v1/online-store/businesses/${businessId}/products${query}`;

describe('GET /v1/online-store/businesses/{b}', () => {
  it('answers the open shop: its address, store, zones and how many products it publishes', async () => {
    const res = await call(t, w.owner, 'GET', storeUrl());
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as OnlineStore;
    expect(s).toMatchObject({
      enabled: true,
      slug: w.slug,
      name: 'Ada Fabrics Online',
      store_id: w.owner.storeId,
      store_name: 'Ikeja',
      pickup: true,
      pay_on_delivery: true,
      link: `/shop/${w.slug}`,
      published_count: 3,
    });
    expect(s.delivery_zones.map((z) => [z.name, z.fee])).toEqual([
      ['Island', 1_500],
      ['Mainland', 2_000],
    ]);
  });

  it('a business that never opened its shop gets one, closed, at an address made from its name', async () => {
    const first = await signUp(t, { business_name: "Bola's Fabrics & Co." });
    const second = await signUp(t, { business_name: "Bola's Fabrics & Co." });
    const a = (await call(t, first, 'GET', storeUrl(first.businessId))).json().data as OnlineStore;
    const c = (await call(t, second, 'GET', storeUrl(second.businessId))).json().data as OnlineStore;
    expect(a).toMatchObject({
      enabled: false,
      slug: 'bolas-fabrics-co',
      published_count: 0,
      delivery_zones: [],
    });
    expect(c.slug).toBe('bolas-fabrics-co-2');
    // Closed: nobody can see it.
    const closed = await t.request({
      method: 'GET',
      url: `/v1/shop/${a.slug}`,
      remoteAddress: someAddress(),
    });
    expect(closed.statusCode).toBe(404);
  });

  it('any online-store permission may read it; 401, 403 and 404 otherwise', async () => {
    for (const who of [catalogue, fees, viewer, manager])
      expect((await call(t, who, 'GET', storeUrl())).statusCode).toBe(200);
    expect((await call(t, nobody, 'GET', storeUrl())).statusCode).toBe(403);
    expect((await call(t, null, 'GET', storeUrl())).statusCode).toBe(401);
    expect((await call(t, other.owner, 'GET', storeUrl())).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', storeUrl(newId()))).statusCode).toBe(404);
    expect400(await call(t, w.owner, 'GET', storeUrl('a%00b')), 'businessId');
  });
});

describe('PATCH /v1/online-store/businesses/{b}', () => {
  it("changes the shop's details and replaces its zones", async () => {
    const fresh = await shopWorld(t);
    const url = storeUrl(fresh.owner.businessId);
    const res = await call(t, fresh.owner, 'PATCH', url, {
      about: 'Fabrics from Aba',
      pickup: false,
      pay_on_delivery: false,
      delivery_zones: [
        { _id: fresh.island._id, name: 'Island', fee: 1_750.5 },
        { name: 'Lekki', fee: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as OnlineStore;
    expect(s).toMatchObject({
      about: 'Fabrics from Aba',
      pickup: false,
      pay_on_delivery: false,
      slug: fresh.slug,
    });
    expect(s.delivery_zones).toEqual([
      { _id: fresh.island._id, name: 'Island', fee: 1_750.5 },
      { _id: expect.any(String), name: 'Lekki', fee: 0 },
    ]);
    const shop = await shopOf(t, fresh.slug);
    expect(shop).toMatchObject({ about: 'Fabrics from Aba', pickup: null, pay_on_delivery: false });
    // The address is kept lower case.
    const upper = freshSlug('UPPER').toUpperCase();
    const renamed = await call(t, fresh.owner, 'PATCH', url, { slug: upper });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.slug).toBe(upper.toLowerCase());
    expect((await shopOf(t, upper.toLowerCase())).name).toBe('Ada Fabrics Online');
    // The old address is free again, and no longer answers.
    const old = await t.request({
      method: 'GET',
      url: `/v1/shop/${fresh.slug}`,
      remoteAddress: someAddress(),
    });
    expect(old.statusCode).toBe(404);
  });

  it("refuses another shop's address with a 400 naming slug, whatever its case", async () => {
    expect400(
      await call(t, other.owner, 'PATCH', storeUrl(other.owner.businessId), { slug: w.slug }),
      'slug',
    );
    expect400(
      await call(t, other.owner, 'PATCH', storeUrl(other.owner.businessId), { slug: w.slug.toUpperCase() }),
      'slug',
    );
    // Its own address again is fine.
    const same = await call(t, w.owner, 'PATCH', storeUrl(), { slug: w.slug });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('400 naming the field for bad input, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'ab' }, 'slug'],
      [{ slug: '-abc' }, 'slug'],
      [{ slug: 'has space' }, 'slug'],
      [{ slug: 'shop\u0000x' }, 'slug'],
      [{ slug: 'x'.repeat(41) }, 'slug'],
      [{ slug: 42 }, 'slug'],
      [{ name: 'Ada\u0000' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ about: 'a\u0000b' }, 'about'],
      [{ store_id: 'not-a-uuid' }, 'store_id'],
      [{ pickup: 'yes' }, 'pickup'],
      [{ pay_on_delivery: 1 }, 'pay_on_delivery'],
      [{ delivery_zones: 'Island' }, 'delivery_zones'],
      [{ delivery_zones: [{ name: 'Island', fee: 1e20 }] }, 'delivery_zones fee'],
      [{ delivery_zones: [{ name: 'Island', fee: -1 }] }, 'delivery_zones fee'],
      [{ delivery_zones: [{ name: 'Island', fee: 1.234 }] }, 'delivery_zones fee'],
      [{ delivery_zones: [{ name: 'Is\u0000land', fee: 1 }] }, 'delivery_zones name'],
      [{ delivery_zones: [{ name: '', fee: 1 }] }, 'delivery_zones name'],
      [{ delivery_zones: [{ _id: 'zone-1', name: 'Island', fee: 1 }] }, 'delivery_zones _id'],
      [
        {
          delivery_zones: [
            { name: 'Island', fee: 1 },
            { name: 'island ', fee: 2 },
          ],
        },
        'delivery_zones name',
      ],
      [
        {
          delivery_zones: [
            { _id: w.island._id, name: 'Island', fee: 1 },
            { _id: w.island._id, name: 'Lekki', fee: 2 },
          ],
        },
        'delivery_zones _id',
      ],
      [
        { delivery_zones: Array.from({ length: 31 }, (_, i) => ({ name: `Zone ${i}`, fee: 1 })) },
        'delivery_zones',
      ],
      [{}, 'at least one field'],
    ];
    for (const [body, field] of cases)
      expect400(await call(t, w.owner, 'PATCH', storeUrl(), body), field, JSON.stringify(body));
    // Nothing changed.
    const s = (await call(t, w.owner, 'GET', storeUrl())).json().data as OnlineStore;
    expect(s.slug).toBe(w.slug);
    expect(s.delivery_zones.map((z) => z.fee)).toEqual([1_500, 2_000]);
    // A store of another business is not found.
    const res = await call(t, w.owner, 'PATCH', storeUrl(), { store_id: other.owner.storeId });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('catalogue may change the details, shipping fees the zones; neither the other; 401, 404', async () => {
    const zones = [
      { _id: w.island._id, name: 'Island', fee: 1_500 },
      { _id: w.mainland._id, name: 'Mainland', fee: 2_000 },
    ];
    expect((await call(t, catalogue, 'PATCH', storeUrl(), { about: 'By catalogue' })).statusCode).toBe(200);
    expect((await call(t, catalogue, 'PATCH', storeUrl(), { delivery_zones: zones })).statusCode).toBe(403);
    expect((await call(t, fees, 'PATCH', storeUrl(), { delivery_zones: zones })).statusCode).toBe(200);
    expect((await call(t, fees, 'PATCH', storeUrl(), { about: 'By fees' })).statusCode).toBe(403);
    expect(
      (await call(t, fees, 'PATCH', storeUrl(), { about: 'By fees', delivery_zones: zones })).statusCode,
    ).toBe(403);
    for (const who of [viewer, manager, nobody])
      expect((await call(t, who, 'PATCH', storeUrl(), { about: 'No' })).statusCode).toBe(403);
    expect((await call(t, null, 'PATCH', storeUrl(), { about: 'No' })).statusCode).toBe(401);
    expect((await call(t, other.owner, 'PATCH', storeUrl(), { about: 'No' })).statusCode).toBe(404);
    const s = (await call(t, w.owner, 'GET', storeUrl())).json().data as OnlineStore;
    expect(s.about).toBe('By catalogue');
    expect(s.delivery_zones.map((z) => z._id)).toEqual([w.island._id, w.mainland._id]);
  });
});

describe('the online catalogue: GET/PATCH /v1/online-store/businesses/{b}/products', () => {
  it('lists every product with its online terms and what the shop can sell, and no cost price', async () => {
    const res = await call(t, w.owner, 'GET', productsUrl());
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as OnlineCatalogueItem[];
    const byName = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(byName.Ankara).toMatchObject({
      published: true,
      selling_price: 5_000,
      online_price: 4_500,
      variation: false,
      available: 5,
    });
    expect(byName.Kaftan).toMatchObject({
      published: true,
      online_price: null,
      variation: true,
      available: 6,
    });
    expect(byName['Gift wrap']).toMatchObject({ published: true, available: null });
    expect(byName.Secret).toMatchObject({ published: false, online_price: null, available: 10 });
    expect([...keysIn(res.json())].filter((k) => /cost/i.test(k))).toEqual([]);
    // Filters and paging.
    const only = async (query: string) =>
      ((await call(t, w.owner, 'GET', productsUrl(b, query))).json().data.items as OnlineCatalogueItem[]).map(
        (i) => i.name,
      );
    expect(await only('?published=false')).toEqual(['Secret']);
    expect(await only('?published=true')).toEqual(['Ankara', 'Gift wrap', 'Kaftan']);
    expect(await only('?search=kaf')).toEqual(['Kaftan']);
    const page = (await call(t, w.owner, 'GET', productsUrl(b, '?limit=2&page=2'))).json().data;
    expect(page).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page.items).toHaveLength(2);
    // Never another business's products.
    expect(items.map((i) => i.product_id)).not.toContain(other.ankara.productId);
  });

  it('publishes, prices, describes and unpublishes; the shop follows', async () => {
    const url = productsUrl();
    const res = await call(t, w.owner, 'PATCH', url, {
      items: [
        {
          product_id: w.secret.productId,
          published: true,
          online_price: 7_500.25,
          online_description: 'Rare',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({
        name: 'Secret',
        published: true,
        online_price: 7_500.25,
        online_description: 'Rare',
      }),
    ]);
    let shop = await shopOf(t, w.slug);
    expect(shop.products.find((p) => p._id === w.secret.productId)).toMatchObject({
      price: 7_500.25,
      description: 'Rare',
      available: 10,
    });
    // Back to the selling price, then hidden again.
    await call(t, w.owner, 'PATCH', url, { items: [{ product_id: w.secret.productId, online_price: null }] });
    shop = await shopOf(t, w.slug);
    expect(shop.products.find((p) => p._id === w.secret.productId)?.price).toBe(9_999);
    const hidden = await call(t, w.owner, 'PATCH', url, {
      items: [{ product_id: w.secret.productId.toUpperCase(), published: false }],
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    shop = await shopOf(t, w.slug);
    expect(shop.products.map((p) => p._id)).not.toContain(w.secret.productId);
    // An unpublished product cannot be ordered either.
    const refused = await checkout(
      t,
      w.slug,
      orderBody(w, { items: [{ product_id: w.secret.productId, quantity: 1 }] }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('items[0]');
  });

  it('400 naming the field, 404 for a product of another business, never a 500', async () => {
    const p = w.ankara.productId;
    const cases: [unknown, string][] = [
      [{ items: [{ product_id: p, online_price: 1e20 }] }, 'online_price'],
      [{ items: [{ product_id: p, online_price: -5 }] }, 'online_price'],
      [{ items: [{ product_id: p, online_price: 0 }] }, 'online_price'],
      [{ items: [{ product_id: p, online_price: '5' }] }, 'online_price'],
      [{ items: [{ product_id: p, online_description: 'a\u0000' }] }, 'online_description'],
      [{ items: [{ product_id: p, online_description: 'x'.repeat(2001) }] }, 'online_description'],
      [{ items: [{ product_id: p, published: 'yes' }] }, 'published'],
      [{ items: [{ product_id: 'abc', published: true }] }, 'product_id'],
      [{ items: [{ product_id: p }] }, 'published, online_price or online_description'],
      [{ items: [] }, 'items'],
      [{ items: 'all' }, 'items'],
      [{}, 'items'],
    ];
    for (const [body, field] of cases)
      expect400(await call(t, w.owner, 'PATCH', productsUrl(), body), field, JSON.stringify(body));
    for (const q of ['?published=maybe', '?limit=100000', '?page=0', '?search=a%00b']) {
      const res = await call(t, w.owner, 'GET', productsUrl(b, q));
      expect(res.statusCode, q).toBe(400);
    }
    const foreign = await call(t, w.owner, 'PATCH', productsUrl(), {
      items: [{ product_id: other.ankara.productId, published: true }],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    // Nothing of it was published here.
    expect((await shopOf(t, w.slug)).products.map((x) => x._id)).not.toContain(other.ankara.productId);
  });

  it('only catalogue may read or change it; 401 and 404 otherwise', async () => {
    const body = { items: [{ product_id: w.wrap.productId, published: true }] };
    expect((await call(t, catalogue, 'GET', productsUrl())).statusCode).toBe(200);
    expect((await call(t, catalogue, 'PATCH', productsUrl(), body)).statusCode).toBe(200);
    for (const who of [fees, viewer, manager, nobody]) {
      expect((await call(t, who, 'GET', productsUrl())).statusCode).toBe(403);
      expect((await call(t, who, 'PATCH', productsUrl(), body)).statusCode).toBe(403);
    }
    expect((await call(t, null, 'GET', productsUrl())).statusCode).toBe(401);
    expect((await call(t, null, 'PATCH', productsUrl(), body)).statusCode).toBe(401);
    expect((await call(t, other.owner, 'GET', productsUrl())).statusCode).toBe(404);
    expect((await call(t, other.owner, 'PATCH', productsUrl(), body)).statusCode).toBe(404);
  });
});

describe('POST /v1/stores/onlinestore/{b}/toggle', () => {
  it('turns the shop off (404 to shoppers, checkouts refused) and on again; admin only', async () => {
    const fresh = await shopWorld(t);
    const url = `/v1/stores/onlinestore/${fresh.owner.businessId}/toggle`;
    const off = await call(t, fresh.owner, 'POST', url);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Online store turned off',
      data: { online_store_enabled: false },
    });
    const shop = await t.request({
      method: 'GET',
      url: `/v1/shop/${fresh.slug}`,
      remoteAddress: someAddress(),
    });
    expect(shop.statusCode).toBe(404);
    const refused = await checkout(t, fresh.slug, orderBody(fresh));
    expect(refused.statusCode, refused.body).toBe(404);
    expect(
      ((await call(t, fresh.owner, 'GET', storeUrl(fresh.owner.businessId))).json().data as OnlineStore)
        .enabled,
    ).toBe(false);
    const on = await call(t, fresh.owner, 'POST', url);
    expect(on.json().data.online_store_enabled).toBe(true);
    expect((await shopOf(t, fresh.slug)).products).toHaveLength(3);
    // Admin only.
    for (const who of [catalogue, fees, viewer, manager, nobody])
      expect((await call(t, who, 'POST', `/v1/stores/onlinestore/${b}/toggle`)).statusCode).toBe(403);
    expect((await call(t, null, 'POST', url)).statusCode).toBe(401);
    expect((await call(t, other.owner, 'POST', url)).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', storeUrl())).json().data.enabled).toBe(true);
  });
});

describe('GET /v1/shop/{slug}', () => {
  it('shows only published products at their online price, with what is available; no cost price', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/v1/shop/${w.slug.toUpperCase()}`,
      remoteAddress: someAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const shop = res.json().data as Shop;
    expect(shop).toMatchObject({
      slug: w.slug,
      name: 'Ada Fabrics Online',
      pay_on_delivery: true,
      pickup: { name: 'Ikeja' },
      // The storefront shows times in the business's zone.
      timezone: 'Africa/Lagos',
    });
    const names = shop.products.map((p) => p.name);
    expect(names).toContain('Ankara');
    expect(names).toContain('Kaftan');
    expect(names).toContain('Gift wrap');
    expect(names).not.toContain('Secret');
    expect(shop.products.find((p) => p.name === 'Ankara')).toMatchObject({
      price: 4_500,
      available: 5,
      varieties: [],
    });
    const kaftan = shop.products.find((p) => p.name === 'Kaftan')!;
    expect(kaftan).toMatchObject({ price: 8_000, available: 6 });
    expect(kaftan.varieties.map((v) => [v.name, v.price, v.available])).toEqual([
      ['S', 8_000, 3],
      ['M', 8_000, 3],
    ]);
    expect(availableIn(shop, w.wrap.productId)).toBeNull();
    // Nothing of the business's books: no cost, no stock of other stores, no staff.
    const keys = [...keysIn(res.json())];
    expect(keys.filter((k) => /cost|store_id|user|email|published/i.test(k))).toEqual([]);
    // No number in it is a cost price (₦3,000, ₦4,000, ₦100, ₦1,234).
    expect(numbersIn(res.json()).filter((n) => [3_000, 4_000, 100, 1_234].includes(n))).toEqual([]);
    // Never another business's products, in either shop.
    const ids = shop.products.map((p) => p._id);
    for (const p of [other.ankara, other.kaftan, other.wrap, other.secret])
      expect(ids).not.toContain(p.productId);
    const theirs = await shopOf(t, other.slug);
    for (const p of [w.ankara, w.kaftan, w.wrap, w.secret])
      expect(theirs.products.map((x) => x._id)).not.toContain(p.productId);
  });

  it('a deleted product disappears; a category shows only when a published product is in it', async () => {
    const fresh = await shopWorld(t);
    const categoryId = newId();
    await t.db
      .insertInto('categories')
      .values({ business_id: fresh.owner.businessId, id: categoryId, name: 'Fabrics' })
      .execute();
    await t.db
      .updateTable('products')
      .set({ category_id: categoryId })
      .where('id', '=', fresh.ankara.productId)
      .execute();
    let shop = await shopOf(t, fresh.slug);
    expect(shop.categories).toEqual([{ _id: categoryId, name: 'Fabrics' }]);
    expect(shop.products.find((p) => p._id === fresh.ankara.productId)?.category_id).toBe(categoryId);
    await t.db
      .updateTable('products')
      .set({ deleted_at: new Date() })
      .where('id', '=', fresh.ankara.productId)
      .execute();
    shop = await shopOf(t, fresh.slug);
    expect(shop.products.map((p) => p._id)).not.toContain(fresh.ankara.productId);
    expect(shop.categories).toEqual([]);
  });

  it('404 for an unknown or closed shop, 400 naming slug for a bad one, never a 500', async () => {
    const get = (slug: string) =>
      t.request({ method: 'GET', url: `/v1/shop/${slug}`, remoteAddress: someAddress() });
    expect((await get('no-such-shop')).statusCode).toBe(404);
    expect((await get('x')).statusCode).toBe(404);
    expect400(await get('a'.repeat(61)), 'slug');
    expect400(await get('ab%00cd'), 'slug');
    for (const odd of ['%27%3B--', '%F0%9F%98%80', '..%2F..', 'a%20b']) expectNo500(await get(odd), odd);
  });
});

describe('the shop page: GET /shop/{slug}', () => {
  it('is the storefront with the shop inlined (with < escaped) and its title in meta tags', async () => {
    const sneaky = await seedProduct(t, b, {
      name: '</script><script>alert(1)</script>',
      stock: { [w.owner.storeId]: 1 },
    });
    await call(t, w.owner, 'PATCH', productsUrl(), {
      items: [{ product_id: sneaky.productId, published: true }],
    });
    const res = await t.request({ method: 'GET', url: `/shop/${w.slug}`, remoteAddress: someAddress() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta property="og:title" content="Ada Fabrics Online">');
    const inlined = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(
      res.body,
    )?.[1];
    expect(inlined).toBeDefined();
    expect(inlined).not.toContain('<');
    expect(inlined).toContain('\\u003c/script\\u003e');
    const data = JSON.parse(inlined!) as Shop;
    expect(data.products.map((p) => p.name)).toContain('</script><script>alert(1)</script>');
    expect(data.products.map((p) => p.name)).not.toContain('Secret');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    // A product's own page carries its price.
    const product = await t.request({
      method: 'GET',
      url: `/shop/${w.slug}/p/${w.ankara.productId}`,
      remoteAddress: someAddress(),
    });
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain(
      '<meta property="og:title" content="Ankara — ₦4,500.00 | Ada Fabrics Online">',
    );
    expect(product.body).toContain('<meta property="product:price:amount" content="4500.00">');
    // An order's page by its token, only under its own shop's address.
    const placed = await placeOrder(t, w);
    const page = await t.request({
      method: 'GET',
      url: `/shop/${w.slug}/order/${placed.token}`,
      remoteAddress: someAddress(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="order-data"');
    expect(page.body).toContain(placed.number);
    const elsewhere = await t.request({
      method: 'GET',
      url: `/shop/${other.slug}/order/${placed.token}`,
      remoteAddress: someAddress(),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(placed.number);
    const unknown = await t.request({
      method: 'GET',
      url: '/shop/no-such-shop',
      remoteAddress: someAddress(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('shop-data');
    await call(t, w.owner, 'PATCH', productsUrl(), {
      items: [{ product_id: sneaky.productId, published: false }],
    });
  });

  it('odd addresses are a 404 page, never a 500', async () => {
    for (const path of [
      `/shop/${w.slug}/p/ab%00cd`,
      `/shop/${'x'.repeat(500)}`,
      `/shop/${w.slug}/order/${'y'.repeat(500)}`,
      '/shop/%F0%9F%98%80',
      '/shop/',
    ]) {
      const res = await t.request({ method: 'GET', url: path, remoteAddress: someAddress() });
      expectNo500(res, path);
    }
    // The product page of a product the shop does not publish is the shop's own page.
    const hidden = await t.request({
      method: 'GET',
      url: `/shop/${w.slug}/p/${w.secret.productId}`,
      remoteAddress: someAddress(),
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).toContain('<meta property="og:title" content="Ada Fabrics Online">');
    expect(hidden.body).not.toContain('Secret');
  });

  it('a slug or token with a NUL character is a 404 page, never a 500', async () => {
    for (const path of ['/shop/ab%00cd', `/shop/${w.slug}/order/ab%00cd`]) {
      const res = await t.request({ method: 'GET', url: path, remoteAddress: someAddress() });
      // PostgreSQL text cannot hold U+0000: the page answers its 404 before any query.
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
    }
  });

  it.skipIf(!hasRealShopPage)(
    'the built storefront page has og:title and the escaped inlined shop',
    async () => {
      const real = await createTestApp({ webDist: realDist });
      try {
        const world = await shopWorld(real);
        const sneaky = await seedProduct(real, world.owner.businessId, { name: 'Cap <b>bold</b>' });
        await call(
          real,
          world.owner,
          'PATCH',
          `/v1/online-store/businesses/${world.owner.businessId}/products`,
          {
            items: [{ product_id: sneaky.productId, published: true }],
          },
        );
        const res = await real.request({ method: 'GET', url: `/shop/${world.slug}` });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toContain('property="og:title"');
        const inlined = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(
          res.body,
        )?.[1];
        expect(inlined).toBeDefined();
        expect(inlined).not.toContain('<');
        expect(inlined).toContain('Cap \\u003cb\\u003ebold\\u003c/b\\u003e');
      } finally {
        await real.close();
      }
    },
  );
});
