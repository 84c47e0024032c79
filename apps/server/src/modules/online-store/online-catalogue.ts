import {
  fromKobo,
  toKobo,
  type OnlineCatalogueItem,
  type onlineCatalogueQuery,
  type updateOnlineCatalogueBody,
} from '@ms/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database.js';
import { publishChange } from '../changes/index.js';
import { notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/like.js';
import { ensureOnlineStore } from './online-store.repository.js';
import { availableAt } from './stock-available.js';

/**
 * The online catalogue (spec 001 tab-online-catalogue; issue 15): which products the shop publishes,
 * at what online price and with what description. A product not listed in `online_products` is not
 * published. Prices are kobo inside; null online price: the shop sells at the selling price.
 */

type ProductRow = {
  id: string;
  name: string;
  images: string[];
  category_name: string | null;
  selling_price: number;
  track_stock: boolean;
  online_price_kobo: number | null;
  online_description: string | null;
  published: boolean | null;
};

const catalogueRows = (db: Tx, businessId: string) =>
  db
    .selectFrom('products as p')
    .leftJoin('online_products as op', (j) =>
      j.onRef('op.business_id', '=', 'p.business_id').onRef('op.product_id', '=', 'p.id'),
    )
    .leftJoin('categories as c', (j) =>
      j.onRef('c.business_id', '=', 'p.business_id').onRef('c.id', '=', 'p.category_id'),
    )
    .where('p.business_id', '=', businessId)
    .where('p.deleted_at', 'is', null);

const itemsOf = async (
  db: Tx,
  businessId: string,
  storeId: string,
  rows: ProductRow[],
): Promise<OnlineCatalogueItem[]> => {
  const ids = rows.map((r) => r.id);
  const varieties = ids.length
    ? await db
        .selectFrom('product_varieties')
        .select(['id', 'product_id'])
        .where('business_id', '=', businessId)
        .where('product_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const byProduct = new Map<string, string[]>();
  for (const v of varieties) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v.id]);
  const available = await availableAt(db, businessId, storeId, [...ids, ...varieties.map((v) => v.id)]);
  return rows.map((r) => {
    const items = byProduct.get(r.id) ?? [r.id];
    return {
      product_id: r.id,
      name: r.name,
      image: r.images[0] ?? null,
      category_name: r.category_name,
      variation: byProduct.has(r.id),
      selling_price: fromKobo(r.selling_price),
      online_price: r.online_price_kobo === null ? null : fromKobo(r.online_price_kobo),
      online_description: r.online_description,
      published: r.published ?? false,
      available: r.track_stock
        ? items.reduce((sum, item) => sum + Math.max(0, available.get(item) ?? 0), 0)
        : null,
    };
  });
};

const columns = [
  'p.id',
  'p.name',
  'p.images',
  'c.name as category_name',
  'p.selling_price',
  'p.track_stock',
  'op.online_price_kobo',
  'op.online_description',
  'op.published',
] as const;

/** GET /v1/online-store/businesses/{b}/products: every product, published or not, with its online terms. */
export const listCatalogue = async (
  db: Database,
  businessId: string,
  query: z.output<typeof onlineCatalogueQuery>,
) => {
  const shop = await ensureOnlineStore(db, businessId);
  let base = catalogueRows(db, businessId);
  if (query.search) base = base.where('p.name', 'ilike', `%${escapeLike(query.search)}%`);
  if (query.published === 'true') base = base.where('op.published', '=', true);
  if (query.published === 'false')
    base = base.where((eb) => eb.or([eb('op.published', 'is', null), eb('op.published', '=', false)]));
  const [{ n }] = (await base.select((eb) => eb.fn.countAll<number>().as('n')).execute()) as [{ n: number }];
  const rows = await base
    .select(columns)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: await itemsOf(db, businessId, shop.store_id, rows),
    total: Number(n),
    page: query.page,
    limit: query.limit,
  };
};

/** PATCH /v1/online-store/businesses/{b}/products: publish, unpublish, price or describe some products. */
export const updateCatalogue = async (
  db: Database,
  businessId: string,
  body: z.output<typeof updateOnlineCatalogueBody>,
): Promise<{ items: OnlineCatalogueItem[] }> => {
  const shop = await ensureOnlineStore(db, businessId);
  const ids = [...new Set(body.items.map((i) => i.product_id.toLowerCase()))];
  const rows = await db.transaction().execute(async (tx) => {
    const known = await tx
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    if (known.length !== ids.length) throw notFound('Product');
    for (const item of body.items) {
      const productId = item.product_id.toLowerCase();
      const set = {
        ...(item.published !== undefined ? { published: item.published } : {}),
        ...(item.online_price !== undefined
          ? { online_price_kobo: item.online_price === null ? null : toKobo(item.online_price) }
          : {}),
        ...(item.online_description !== undefined
          ? { online_description: item.online_description || null }
          : {}),
      };
      await tx
        .insertInto('online_products')
        .values({ business_id: businessId, product_id: productId, ...set })
        .onConflict((oc) =>
          oc
            .columns(['business_id', 'product_id'])
            .doUpdateSet({ ...set, updated_at: sql`clock_timestamp()` }),
        )
        .execute();
    }
    await publishChange(tx, businessId, { topic: 'orders' });
    return catalogueRows(tx, businessId)
      .select(columns)
      .where('p.id', 'in', ids)
      .orderBy(sql`lower(p.name)`)
      .execute();
  });
  return { items: await itemsOf(db, businessId, shop.store_id, rows) };
};
