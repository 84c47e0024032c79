import { sql, type RawBuilder } from 'kysely';
import type { ProductType } from '@ms/contracts';
import { isoTimeSql } from '../../db/iso-time.js';
import type { Database, Tx } from '../../db/database.js';
import { escapeLike } from '../../lib/like.js';

/**
 * Product records as JSON, built by PostgreSQL for a whole page at once: varieties, stock per
 * store, tags and modifier sets come from a few set-based joins (never one query per product),
 * and each row arrives as ready JSON text the routes can send without re-encoding.
 */

/**
 * Which products to build: a query yielding `id uuid, ord bigint` (a list page, one product), or
 * conditions on `products p` (a sync range: read straight off the updated_at index, in
 * (updated_at, id) order).
 */
export type PageSpec = { query: RawBuilder<unknown> } | { where: RawBuilder<unknown> };

/**
 * The JSON text of the products of a page, in page order. Stock is summed from stock_levels over
 * the business's live stores (each listed, 0 where none); a product with varieties counts only
 * its live varieties. With `storeId`, `stock` is the stock in that store. With `visibleStores`
 * (a non-admin's assigned stores), only those stores are listed and summed.
 */
export const productJson = async (
  db: Tx,
  businessId: string,
  page: PageSpec,
  storeId: string | null = null,
  visibleStores: readonly string[] | null = null,
): Promise<string[]> => {
  const stores =
    visibleStores && visibleStores.length === 0
      ? []
      : await db
          .selectFrom('stores')
          .select('id')
          .where('business_id', '=', businessId)
          .where('deleted_at', 'is', null)
          .$if(visibleStores !== null, (q) => q.where('id', 'in', [...(visibleStores ?? [])]))
          .orderBy('created_at')
          .orderBy('id')
          .execute();
  const { rows } = await productJsonQuery(
    businessId,
    page,
    stores.map((s) => s.id),
    storeId,
  ).execute(db);
  // Ordered here rather than by PostgreSQL, which would sort the wide JSON rows.
  return rows.sort((a, b) => Number(a.ord) - Number(b.ord)).map((r) => r.json);
};

/**
 * One statement for the whole page. Stock levels of the page are read once (an index probe per
 * product) and pivoted into one column per store, so store_stock is built without sorting or
 * aggregating JSON per product.
 */
export const productJsonQuery = (
  businessId: string,
  page: PageSpec,
  storeIds: readonly string[],
  storeId: string | null,
) => {
  const b = sql`${businessId}::uuid`;
  const products =
    'where' in page
      ? sql`
    p AS MATERIALIZED (
      SELECT p.*, row_number() OVER (ORDER BY p.updated_at, p.id) AS ord FROM products p WHERE ${page.where}
    ),`
      : sql`
    p AS MATERIALIZED (
      SELECT p.*, pg.ord FROM (${page.query}) pg JOIN products p ON p.business_id = ${b} AND p.id = pg.id
    ),`;
  const col = (i: number) => sql.raw(`q${i}`);
  // sum(quantity) per store, one column each: q0, q1, ... (store ids are uuids from our own table).
  const perStore = storeIds.length
    ? sql.join(
        storeIds.map((id, i) => sql`sum(l.quantity) FILTER (WHERE l.store_id = ${id}::uuid) AS ${col(i)}`),
        sql`, `,
      )
    : sql`NULL::bigint AS q_none`;
  const storeStock = (alias: string) =>
    storeIds.length
      ? sql`array_to_json(ARRAY[${sql.join(
          storeIds.map(
            (id, i) =>
              sql`json_build_object('store_id', ${id}::uuid, 'stock', coalesce(${sql.raw(alias)}.${col(i)}, 0))`,
          ),
          sql`, `,
        )}])`
      : sql`'[]'::json`;
  const stock = (alias: string) => {
    const a = sql.raw(alias);
    if (storeId) {
      const i = storeIds.indexOf(storeId);
      return i < 0 ? sql`0` : sql`coalesce(${a}.${col(i)}, 0)`;
    }
    return storeIds.length
      ? sql.join(
          storeIds.map((_, i) => sql`coalesce(${a}.${col(i)}, 0)`),
          sql` + `,
        )
      : sql`0`;
  };
  return sql<{ ord: number; json: string }>`
    WITH ${products}
    v AS MATERIALIZED (
      SELECT v.* FROM product_varieties v
      WHERE v.business_id = ${b} AND v.product_id IN (SELECT id FROM p WHERE product_type = 'variable')
        AND v.deleted_at IS NULL
    ),
    lv AS MATERIALIZED (
      SELECT sl.product_id, sl.variety_id, sl.store_id, sl.quantity FROM stock_levels sl
      WHERE sl.business_id = ${b} AND sl.product_id IN (SELECT id FROM p)
    ),
    va AS (
      SELECT l.variety_id, ${perStore} FROM lv l WHERE l.variety_id IS NOT NULL GROUP BY l.variety_id
    ),
    vj AS (
      SELECT x.product_id, json_agg(x.js) AS js FROM (
        SELECT v.product_id, json_build_object(
          '_id', v.id, 'name', v.name, 'option_values', v.option_values, 'sku', v.sku,
          'barcode', v.barcode, 'cost_price', v.cost_price::float8 / 100,
          'selling_price', v.selling_price::float8 / 100,
          'stock', ${stock('va')}, 'store_stock', ${storeStock('va')}
        ) AS js
        FROM v LEFT JOIN va ON va.variety_id = v.id
        ORDER BY v.product_id, v.position, v.id
      ) x GROUP BY x.product_id
    ),
    pa AS (
      SELECT l.product_id, ${perStore}
      FROM lv l JOIN p ON p.id = l.product_id
      WHERE CASE WHEN p.product_type = 'variable'
        THEN l.variety_id IN (SELECT id FROM v)
        ELSE l.variety_id IS NULL END
      GROUP BY l.product_id
    ),
    tg AS (
      SELECT x.product_id, json_agg(x.js) AS js FROM (
        SELECT p.id AS product_id, json_build_object('_id', t.id, 'tagName', t.label) AS js
        FROM p JOIN tags t ON t.business_id = ${b} AND t.id = ANY (p.tag_ids) AND t.deleted_at IS NULL
        ORDER BY p.id, array_position(p.tag_ids, t.id)
      ) x GROUP BY x.product_id
    ),
    md AS (
      SELECT x.product_id, json_agg(x.id) AS js FROM (
        SELECT p.id AS product_id, m.id
        FROM p JOIN modifier_sets m
          ON m.business_id = ${b} AND m.id = ANY (p.modifier_set_ids) AND m.deleted_at IS NULL
        ORDER BY p.id, array_position(p.modifier_set_ids, m.id)
      ) x GROUP BY x.product_id
    )
    SELECT p.ord, json_build_object(
      '_id', p.id, 'id', p.id, 'business_id', p.business_id, 'name', p.name, 'sku', p.sku,
      'barcode', p.barcode, 'description', p.description, 'images', p.images,
      'product_type', p.product_type, 'variation', p.product_type = 'variable',
      'cost_price', p.cost_price::float8 / 100, 'selling_price', p.selling_price::float8 / 100,
      'category_id', p.category_id, 'subcategory_id', p.subcategory_id,
      'tags', coalesce(tg.js, '[]'::json), 'modifiers', coalesce(md.js, '[]'::json),
      'options', p.options, 'varieties', coalesce(vj.js, '[]'::json),
      'track_stock', p.track_stock, 'low_stock_threshold', p.low_stock_threshold,
      'stock', ${stock('pa')}, 'store_stock', ${storeStock('pa')},
      'wc_sync_status', p.wc_sync_status,
      'created_at', ${sql.raw(isoTimeSql('p.created_at'))}, 'updated_at', ${sql.raw(isoTimeSql('p.updated_at'))}
    )::text AS json
    FROM p
    LEFT JOIN pa ON pa.product_id = p.id
    LEFT JOIN vj ON vj.product_id = p.id
    LEFT JOIN tg ON tg.product_id = p.id
    LEFT JOIN md ON md.product_id = p.id
  `;
};

// ---------------------------------------------------------------------------------------------
// List

export type ListFilter = {
  businessId: string;
  search?: string;
  category?: string;
  subcategory?: string;
  tag?: string;
  store?: string;
  /** The stores the caller may see (null: all, for an admin): stock is summed over these only. */
  visibleStores?: readonly string[] | null;
  productTypes?: readonly ProductType[];
  stock?: 'low' | 'out' | 'in';
  sort: 'name' | 'newest' | 'price' | 'stock';
};

/**
 * Stock of each product (in one store, or over the live stores): a product's own level, or the
 * sum of its live varieties' levels. Joined only when the list filters or sorts by stock.
 */
const stockJoin = (f: ListFilter) => sql`
  LEFT JOIN (
    SELECT sl.product_id,
      sum(sl.quantity) FILTER (WHERE sl.variety_id IS NULL) AS own,
      sum(sl.quantity) FILTER (WHERE sl.variety_id IS NOT NULL AND v.deleted_at IS NULL) AS varieties
    FROM stock_levels sl
    LEFT JOIN product_varieties v ON v.business_id = sl.business_id AND v.id = sl.variety_id
    WHERE sl.business_id = ${f.businessId}::uuid
      AND ${
        f.store
          ? sql`sl.store_id = ${f.store}::uuid`
          : f.visibleStores
            ? f.visibleStores.length
              ? sql`sl.store_id IN (${sql.join(f.visibleStores.map((id) => sql`${id}::uuid`))})`
              : sql`false`
            : sql`sl.store_id IN (SELECT s.id FROM stores s WHERE s.business_id = ${f.businessId}::uuid AND s.deleted_at IS NULL)`
      }
    GROUP BY sl.product_id
  ) sq ON sq.product_id = p.id`;

const stockExpr = sql`coalesce(CASE WHEN p.product_type = 'variable' THEN sq.varieties ELSE sq.own END, 0)`;

const needsStock = (f: ListFilter) => f.stock !== undefined || f.sort === 'stock';

const whereOf = (f: ListFilter): RawBuilder<unknown> => {
  const b = sql`${f.businessId}::uuid`;
  const conditions: RawBuilder<unknown>[] = [sql`p.business_id = ${b}`, sql`p.deleted_at IS NULL`];
  if (f.search) {
    const term = f.search;
    const lower = term.toLowerCase();
    // Each arm can use its own index (trigram on lower(name), sku, barcode, id), so PostgreSQL
    // may combine them; variety matches are found once, first.
    conditions.push(sql`(
      lower(p.name) LIKE ${`%${escapeLike(lower)}%`}
      OR lower(p.sku) = ${lower}
      OR p.barcode = ${term}
      OR p.id = ANY (ARRAY(
        SELECT v.product_id FROM product_varieties v
        WHERE v.business_id = ${b} AND v.deleted_at IS NULL AND (lower(v.sku) = ${lower} OR v.barcode = ${term})
      ))
    )`);
  }
  if (f.category) conditions.push(sql`p.category_id = ${f.category}::uuid`);
  if (f.subcategory) conditions.push(sql`p.subcategory_id = ${f.subcategory}::uuid`);
  if (f.tag) conditions.push(sql`p.tag_ids @> ARRAY[${f.tag}::uuid]`);
  if (f.productTypes?.length) conditions.push(sql`p.product_type = ANY (${[...f.productTypes]}::text[])`);
  if (f.stock) {
    const tracked = sql`p.product_type <> 'service' AND p.track_stock`;
    if (f.stock === 'out') conditions.push(sql`${tracked} AND ${stockExpr} <= 0`);
    if (f.stock === 'in') conditions.push(sql`${tracked} AND ${stockExpr} > 0`);
    if (f.stock === 'low')
      conditions.push(sql`${tracked} AND ${stockExpr} > 0 AND ${stockExpr} <= p.low_stock_threshold`);
  }
  return sql.join(conditions, sql` AND `);
};

const orderOf = (f: ListFilter): RawBuilder<unknown> => {
  switch (f.sort) {
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    case 'price':
      return sql`p.selling_price, lower(p.name), p.id`;
    case 'stock':
      return sql`${stockExpr}, lower(p.name), p.id`;
    default:
      return sql`lower(p.name), p.id`;
  }
};

export const countProducts = async (db: Tx, f: ListFilter): Promise<number> => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM products p ${needsStock(f) ? stockJoin(f) : sql``} WHERE ${whereOf(f)}
  `.execute(db);
  return rows[0]?.n ?? 0;
};

/** One page of the list as JSON rows, in the list's order. */
export const pageProducts = (db: Tx, f: ListFilter, page: { offset: number; limit: number }) => {
  const order = orderOf(f);
  const ids = sql`
    SELECT p.id, row_number() OVER (ORDER BY ${order}) AS ord
    FROM products p ${needsStock(f) ? stockJoin(f) : sql``}
    WHERE ${whereOf(f)}
    ORDER BY ${order}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
  return productJson(db, f.businessId, { query: ids }, f.store ?? null, f.visibleStores ?? null);
};

// ---------------------------------------------------------------------------------------------
// Incremental sync

export type SyncPage = {
  /** Live products of the page as JSON text, in (updated_at, id) order. */
  items: string[];
  removed: string[];
  /** Epoch ms just past the page's last change (every row of that ms is in the page). */
  lastUpdate: number | null;
  hasMore: boolean;
};

/**
 * Rows changed at or after `since` (only live ones without it), in (updated_at, id) order, about
 * `limit` of them: a page that has to be cut ends after every row of its last millisecond, so
 * asking again from lastUpdate (that ms + 1) neither skips nor repeats a row.
 */
export const syncPage = async (
  db: Database,
  businessId: string,
  since: Date | null,
  limit: number,
): Promise<SyncPage> => {
  const b = sql`${businessId}::uuid`;
  const scope = sql`p.business_id = ${b} AND ${
    since ? sql`p.updated_at >= ${since}::timestamptz` : sql`p.deleted_at IS NULL`
  }`;
  // Where the page ends, first: PostgreSQL then plans the page with a known range and reads only
  // that slice of the updated_at index.
  const cut = await sql<{ upto_ms: number | null }>`
    SELECT CASE WHEN count(*) >= ${limit}
      THEN (floor(extract(epoch FROM max(head.updated_at)) * 1000) + 1)::float8 END AS upto_ms
    FROM (SELECT p.updated_at FROM products p WHERE ${scope} ORDER BY p.updated_at LIMIT ${limit}) head
  `.execute(db);
  const uptoMs = cut.rows[0]?.upto_ms ?? null;
  const upto = uptoMs === null ? null : new Date(uptoMs);
  const range = sql`${scope} ${upto ? sql`AND p.updated_at < ${upto}::timestamptz` : sql``}`;
  const [items, meta] = await Promise.all([
    productJson(db, businessId, { where: sql`${range} AND p.deleted_at IS NULL` }),
    sql<{ last_ms: number | null; has_more: boolean; removed: string[] }>`
      SELECT
        (SELECT (floor(extract(epoch FROM max(p.updated_at)) * 1000) + 1)::float8
          FROM products p WHERE ${range}) AS last_ms,
        ${
          upto
            ? sql`EXISTS (SELECT 1 FROM products p WHERE ${scope} AND p.updated_at >= ${upto}::timestamptz)`
            : sql`false`
        } AS has_more,
        ${
          since
            ? sql`ARRAY(SELECT p.id::text FROM products p WHERE ${range} AND p.deleted_at IS NOT NULL
                ORDER BY p.updated_at, p.id)`
            : sql`'{}'::text[]`
        } AS removed
    `.execute(db),
  ]);
  const m = meta.rows[0];
  return { items, removed: m?.removed ?? [], lastUpdate: m?.last_ms ?? null, hasMore: m?.has_more ?? false };
};

/** Just past the newest change to the business's products (tombstones included), in whole ms. */
export const lastProductChange = async (db: Tx, businessId: string): Promise<number | null> => {
  const { rows } = await sql<{ last: number | null }>`
    SELECT (floor(extract(epoch FROM max(updated_at)) * 1000) + 1)::float8 AS last
    FROM products WHERE business_id = ${businessId}::uuid
  `.execute(db);
  return rows[0]?.last ?? null;
};
