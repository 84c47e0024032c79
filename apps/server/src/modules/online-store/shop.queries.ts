import { fromKobo, type Shop, type ShopProduct } from '@ms/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import { deliveryZonesOf, onlineStoreBySlug, type OnlineStoreRow } from './online-store.repository.js';
import { availableAt } from './stock-available.js';

/**
 * The storefront's read (issue 15): an open shop by its address, with only what it publishes —
 * names, online prices, descriptions, images, categories and what is available. Never cost prices,
 * other stores, customers or staff.
 */

/** Most products one shop page lists (a small business's shop; search and categories work within). */
export const SHOP_PRODUCT_LIMIT = 1000;

/** The open shop at this address (a shop turned off is not there). */
export const openShopBySlug = async (db: Tx, slug: string): Promise<OnlineStoreRow | undefined> => {
  const row = await onlineStoreBySlug(db, slug);
  return row?.enabled ? row : undefined;
};

export const loadShop = async (db: Tx, slug: string): Promise<Shop | undefined> => {
  const shop = await openShopBySlug(db, slug);
  if (!shop) return undefined;
  const b = shop.business_id;
  const products = await db
    .selectFrom('products as p')
    .innerJoin('online_products as op', (j) =>
      j.onRef('op.business_id', '=', 'p.business_id').onRef('op.product_id', '=', 'p.id'),
    )
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.images',
      'p.category_id',
      'p.selling_price',
      'p.track_stock',
      'op.online_price_kobo',
      'op.online_description',
    ])
    .where('p.business_id', '=', b)
    .where('op.published', '=', true)
    .where('p.deleted_at', 'is', null)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(SHOP_PRODUCT_LIMIT)
    .execute();
  const ids = products.map((p) => p.id);
  const varieties = ids.length
    ? await db
        .selectFrom('product_varieties')
        .select(['id', 'product_id', 'name', 'selling_price'])
        .where('business_id', '=', b)
        .where('product_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const available = await availableAt(db, b, shop.store_id, [...ids, ...varieties.map((v) => v.id)]);
  const categoryIds = [...new Set(products.map((p) => p.category_id).filter((c): c is string => !!c))];
  const categories = categoryIds.length
    ? await db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('business_id', '=', b)
        .where('id', 'in', categoryIds)
        .where('deleted_at', 'is', null)
        .orderBy(sql`lower(name)`)
        .execute()
    : [];
  const shown = new Set(categories.map((c) => c.id));
  const zones = await deliveryZonesOf(db, b);
  const availableOf = (tracked: boolean, itemId: string) =>
    tracked ? Math.max(0, available.get(itemId) ?? 0) : null;
  return {
    slug: shop.slug,
    name: shop.name,
    about: shop.about,
    logo: shop.logo_url,
    categories: categories.map((c) => ({ _id: c.id, name: c.name })),
    products: products.map((p): ShopProduct => {
      const own = varieties.filter((v) => v.product_id === p.id);
      const priceOf = (kobo: number) => fromKobo(p.online_price_kobo ?? kobo);
      const shopVarieties = own.map((v) => ({
        _id: v.id,
        name: v.name,
        price: priceOf(v.selling_price),
        available: availableOf(p.track_stock, v.id),
      }));
      return {
        _id: p.id,
        name: p.name,
        description: p.online_description ?? p.description,
        images: p.images,
        category_id: p.category_id && shown.has(p.category_id) ? p.category_id : null,
        price: shopVarieties.length
          ? Math.min(...shopVarieties.map((v) => v.price))
          : priceOf(p.selling_price),
        available: shopVarieties.length
          ? p.track_stock
            ? shopVarieties.reduce((sum, v) => sum + (v.available ?? 0), 0)
            : null
          : availableOf(p.track_stock, p.id),
        varieties: shopVarieties,
      };
    }),
    delivery_zones: zones.map((z) => ({ _id: z.id, name: z.name, fee: fromKobo(z.fee_kobo) })),
    pickup: shop.pickup ? { name: shop.store_name, address: shop.store_address } : null,
    pay_on_delivery: shop.pay_on_delivery,
    phone: shop.store_phone ?? shop.business_phone,
    timezone: shop.timezone,
  };
};
