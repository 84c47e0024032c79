import { sql, type RawBuilder } from 'kysely';
import {
  fromKobo,
  type Category,
  type CategoryProduct,
  type CategoryV1,
  type Subcategory,
} from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { escapeLike } from '../../lib/like.js';

export type CategoryRow = {
  id: string;
  business_id: string;
  name: string;
  parent_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
};

const COLUMNS = ['id', 'business_id', 'name', 'parent_id', 'created_at', 'updated_at', 'deleted_at'] as const;

/* -------------------------------------------------------------- shapes -------- */

export type Counts = { top: Map<string, number>; sub: Map<string, number> };

export const toSubcategory = (r: CategoryRow, counts: Counts): Subcategory => ({
  _id: r.id,
  id: r.id,
  business_id: r.business_id,
  category_id: r.parent_id ?? '',
  name: r.name,
  product_count: counts.sub.get(r.id) ?? 0,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const toCategory = (r: CategoryRow, subs: CategoryRow[], counts: Counts): Category => ({
  _id: r.id,
  id: r.id,
  business_id: r.business_id,
  name: r.name,
  product_count: counts.top.get(r.id) ?? 0,
  subcategories: subs.map((s) => toSubcategory(s, counts)),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const toCategoryV1 = (r: CategoryRow, counts: Counts): CategoryV1 => ({
  _id: r.id,
  name: r.name,
  count: (r.parent_id ? counts.sub.get(r.id) : counts.top.get(r.id)) ?? 0,
  business_id: r.business_id,
  parent: r.parent_id,
  qb_id: null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  wc_category_id: null,
  wc_category_sync_status: null,
});

/* -------------------------------------------------------------- reads --------- */

/** Live categories and subcategories of the business, by name. */
export const liveCategories = (db: Tx, businessId: string) =>
  db
    .selectFrom('categories')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

/** Every category row touched at or after `since`, tombstones included. */
export const categoriesChangedSince = (db: Database, businessId: string, since: Date) =>
  db
    .selectFrom('categories')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('updated_at', '>=', since)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

/** Just past the newest change, in whole ms (see stores' storesChangedSince). */
export const lastCategoryChange = async (db: Database, businessId: string): Promise<number | null> => {
  const row = await db
    .selectFrom('categories')
    .select(sql<number | null>`(floor(extract(epoch from max(updated_at)) * 1000) + 1)::float8`.as('last'))
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row?.last ?? null;
};

/** A live category (top-level or sub) by id; undefined when none (or not an id). */
export const findCategory = (db: Tx, businessId: string, id: string, opts: { lock?: boolean } = {}) => {
  let q = db
    .selectFrom('categories')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
};

/** Live categories named `name` (any case), top-level ones first. */
export const findByName = (db: Tx, businessId: string, name: string) =>
  db
    .selectFrom('categories')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .orderBy(sql`parent_id is not null`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const searchByName = (db: Database, businessId: string, name: string) =>
  db
    .selectFrom('categories')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('name', 'ilike', `%${escapeLike(name)}%`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

/** The live subcategories of these top-level categories. */
export const subcategoriesOf = (db: Tx, businessId: string, parentIds: readonly string[]) =>
  parentIds.length
    ? db
        .selectFrom('categories')
        .select(COLUMNS)
        .where('business_id', '=', businessId)
        .where('parent_id', 'in', [...parentIds])
        .where('deleted_at', 'is', null)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute()
    : Promise.resolve([] as CategoryRow[]);

/**
 * Live products per top-level category (a product filed under a subcategory counts for its parent
 * too) and per subcategory; `topId` limits the count to one category.
 */
export const productCounts = async (db: Tx, businessId: string, topId?: string): Promise<Counts> => {
  const rows = await sql<{ top: string | null; sub: string | null; n: number }>`
    select coalesce(s.parent_id, p.category_id) as top, p.subcategory_id as sub, count(*)::int as n
    from products p
    left join categories s on s.business_id = p.business_id and s.id = p.subcategory_id
    where p.business_id = ${businessId} and p.deleted_at is null
      and (p.category_id is not null or p.subcategory_id is not null)
      ${topId ? sql`and (p.category_id = ${topId} or s.parent_id = ${topId})` : sql``}
    group by 1, 2`.execute(db);
  const counts: Counts = { top: new Map(), sub: new Map() };
  for (const r of rows.rows) {
    if (r.top) counts.top.set(r.top, (counts.top.get(r.top) ?? 0) + r.n);
    if (r.sub) counts.sub.set(r.sub, (counts.sub.get(r.sub) ?? 0) + r.n);
  }
  return counts;
};

/** A top-level category with its live subcategories and counts. */
export const loadCategory = async (db: Tx, businessId: string, top: CategoryRow): Promise<Category> => {
  const [subs, counts] = await Promise.all([
    subcategoriesOf(db, businessId, [top.id]),
    productCounts(db, businessId, top.id),
  ]);
  return toCategory(top, subs, counts);
};

/** The where-clause of "live products filed under this category (or only this subcategory)". */
const inCategory = (businessId: string, topId: string | RawBuilder<unknown>, subId?: string) =>
  subId
    ? sql`p.business_id = ${businessId} and p.deleted_at is null and p.subcategory_id = ${subId}`
    : sql`p.business_id = ${businessId} and p.deleted_at is null and (p.category_id = ${topId}
        or p.subcategory_id in (select c.id from categories c
          where c.business_id = ${businessId} and c.parent_id = ${topId}))`;

/** Live products filed under the category or one of its subcategories (or only under `subId`). */
export const countProductsIn = async (db: Tx, businessId: string, topId: string, subId?: string) => {
  const r = await sql<{ n: number }>`select count(*)::int as n from products p
    where ${inCategory(businessId, topId, subId)}`.execute(db);
  return r.rows[0]?.n ?? 0;
};

type ProductRow = {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  images: string[];
  product_type: 'simple' | 'variable' | 'service';
  selling_price: number;
  stock: number;
  category_id: string | null;
  subcategory_id: string | null;
  updated_at: Date;
  top?: string;
};

export const toCategoryProduct = (p: ProductRow): CategoryProduct => ({
  _id: p.id,
  id: p.id,
  name: p.name,
  sku: p.sku,
  barcode: p.barcode,
  images: p.images,
  product_type: p.product_type,
  selling_price: fromKobo(p.selling_price),
  stock: p.stock,
  category_id: p.category_id,
  subcategory_id: p.subcategory_id,
  updated_at: new Date(p.updated_at).toISOString(),
});

const PRODUCT_FIELDS = sql`p.id, p.name, p.sku, p.barcode, p.images, p.product_type, p.selling_price,
  p.category_id, p.subcategory_id, p.updated_at,
  (select coalesce(sum(sl.quantity), 0)::int from stock_levels sl
    where sl.business_id = p.business_id and sl.product_id = p.id) as stock`;

/** A page of the category's products by name, with their total stock. */
export const pageProductsIn = async (
  db: Database,
  businessId: string,
  f: { topId: string; subId?: string; search?: string; offset: number; limit: number },
) => {
  const search = f.search ? sql`and p.name ilike ${`%${escapeLike(f.search)}%`}` : sql``;
  const where = sql`${inCategory(businessId, f.topId, f.subId)} ${search}`;
  const [total, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from products p where ${where}`.execute(db),
    sql<ProductRow>`select ${PRODUCT_FIELDS} from products p where ${where}
      order by lower(p.name), p.id offset ${f.offset} limit ${f.limit}`.execute(db),
  ]);
  return { total: total.rows[0]?.n ?? 0, rows: rows.rows };
};

/** The first `perCategory` products (by name) of each of these top-level categories. */
export const firstProductsOf = async (
  db: Database,
  businessId: string,
  topIds: readonly string[],
  perCategory: number,
) => {
  if (!topIds.length) return [] as (ProductRow & { top: string })[];
  const r = await sql<ProductRow & { top: string }>`
    select t.id as top, x.* from categories t
    cross join lateral (
      select ${PRODUCT_FIELDS} from products p
      where ${inCategory(businessId, sql`t.id`)}
      order by lower(p.name), p.id limit ${perCategory}
    ) x
    where t.business_id = ${businessId} and t.id in (${sql.join(topIds)})`.execute(db);
  return r.rows;
};

/* -------------------------------------------------------------- writes -------- */

export const insertCategory = (
  db: Tx,
  c: { businessId: string; id: string; name: string; parentId: string | null },
) =>
  db
    .insertInto('categories')
    .values({ business_id: c.businessId, id: c.id, name: c.name, parent_id: c.parentId })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const updateCategory = (
  db: Tx,
  businessId: string,
  id: string,
  patch: { name?: string; parent_id?: string },
) =>
  db
    .updateTable('categories')
    .set(Object.keys(patch).length ? patch : { name: sql`name` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();

/** Tombstones a category and its subcategories. */
export const tombstoneCategory = (db: Tx, businessId: string, id: string) =>
  db
    .updateTable('categories')
    .set({ deleted_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .execute();

/** Files the subcategory's live products under its new parent (a moved subcategory). */
export const refileSubcategoryProducts = (db: Tx, businessId: string, subId: string, topId: string) =>
  db
    .updateTable('products')
    .set({ category_id: topId })
    .where('business_id', '=', businessId)
    .where('subcategory_id', '=', subId)
    .where('deleted_at', 'is', null)
    .execute();

/**
 * Files live products under a category: a subcategory sets both ids; a top-level category keeps a
 * product's subcategory only when it belongs to that category. Returns the ids updated.
 */
export const fileProducts = async (
  db: Tx,
  businessId: string,
  target: CategoryRow,
  productIds: readonly string[],
) => {
  const topId = target.parent_id ?? target.id;
  const sub = target.parent_id
    ? sql<string | null>`${target.id}::uuid`
    : sql<string | null>`case when subcategory_id in (select c.id from categories c
        where c.business_id = ${businessId} and c.parent_id = ${target.id} and c.deleted_at is null)
        then subcategory_id else null end`;
  const rows = await db
    .updateTable('products')
    .set({ category_id: topId, subcategory_id: sub })
    .where('business_id', '=', businessId)
    .where('id', 'in', [...productIds])
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
};
