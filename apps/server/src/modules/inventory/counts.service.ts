import { sql, type Updateable } from 'kysely';
import type {
  CountItemsQuery,
  CountListQuery,
  CountStatus,
  EnterCountsBody,
  StartCountBody,
  StockCount,
  StockCountDetail,
  StockCountPage,
} from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { nextNumber } from '../../lib/counters.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { assertStoreAccess } from '../stores/index.js';
import { assertId, fullName, iso, isoOf, itemLabel, pageOf, type Caller } from './inventory.shared.js';
import { moveStock } from './stock-ledger.js';

/**
 * Stock counts. Starting one snapshots the expected level of every stock-tracked item in scope
 * (one INSERT ... SELECT, whatever the catalogue size). Accepting turns counted − CURRENT level
 * into `count` movements, so sales made while counting are not undone.
 */

const REFERENCE = 'stock_count';

// ---------------------------------------------------------------------------------------------
// Reading

const countBase = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('stock_counts as c')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'c.business_id').onRef('s.id', '=', 'c.store_id'),
    )
    .where('c.business_id', '=', businessId);

const countColumns = (q: ReturnType<typeof countBase>) =>
  q
    .leftJoin('categories as cat', (j) =>
      j.onRef('cat.business_id', '=', 'c.business_id').onRef('cat.id', '=', 'c.category_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'c.business_id').onRef('u.id', '=', 'c.created_by'),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('stock_count_items as i')
          .select([
            sql<number>`count(*)::int`.as('items_count'),
            sql<number>`count(i.counted)::int`.as('counted_count'),
            sql<number>`(count(*) filter (where i.counted <> i.expected))::int`.as('difference_count'),
          ])
          .whereRef('i.business_id', '=', 'c.business_id')
          .whereRef('i.count_id', '=', 'c.id')
          .as('agg'),
      (j) => j.onTrue(),
    )
    .select([
      'c.id',
      'c.business_id',
      'c.count_number',
      'c.store_id',
      's.name as store_name',
      'c.scope',
      'c.category_id',
      'cat.name as category_name',
      'c.status',
      'c.note',
      'c.created_by',
      'u.first_name',
      'u.last_name',
      'c.submitted_at',
      'c.accepted_at',
      'c.created_at',
      'c.updated_at',
      'agg.items_count',
      'agg.counted_count',
      'agg.difference_count',
    ]);

type CountRow = Awaited<ReturnType<ReturnType<typeof countColumns>['execute']>>[number];

const toCount = (r: CountRow): StockCount => ({
  _id: r.id,
  id: r.id,
  count_number: r.count_number,
  business_id: r.business_id,
  store_id: r.store_id,
  store_name: r.store_name,
  scope: r.scope,
  category_id: r.category_id,
  category_name: r.category_name,
  status: r.status,
  note: r.note,
  items_count: r.items_count,
  counted_count: r.counted_count,
  difference_count: r.difference_count,
  created_by: r.created_by,
  created_by_name: fullName(r.first_name, r.last_name),
  submitted_at: iso(r.submitted_at),
  accepted_at: iso(r.accepted_at),
  created_at: isoOf(r.created_at),
  updated_at: isoOf(r.updated_at),
});

const headerOf = async (tx: Tx, caller: Caller, id: string): Promise<StockCount> => {
  assertId(id, 'Stock count');
  const row = await countColumns(countBase(tx, caller.businessId)).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Stock count');
  if (!caller.isAdmin && !caller.storeIds.includes(row.store_id))
    await assertStoreAccess(tx, caller, row.store_id);
  return toCount(row);
};

const detailOf = async (
  tx: Tx,
  caller: Caller,
  id: string,
  query: CountItemsQuery = { filter: 'all', page: 1, limit: 200 },
): Promise<StockCountDetail> => {
  const header = await headerOf(tx, caller, id);
  let q = tx
    .selectFrom('stock_count_items as i')
    .innerJoin('products as p', (j) =>
      j.onRef('p.business_id', '=', 'i.business_id').onRef('p.id', '=', 'i.product_id'),
    )
    .leftJoin('product_varieties as v', (j) =>
      j.onRef('v.business_id', '=', 'i.business_id').onRef('v.id', '=', 'i.variety_id'),
    )
    .where('i.business_id', '=', caller.businessId)
    .where('i.count_id', '=', id);
  if (query.filter === 'uncounted') q = q.where('i.counted', 'is', null);
  if (query.filter === 'counted') q = q.where('i.counted', 'is not', null);
  if (query.filter === 'difference')
    q = q.where('i.counted', 'is not', null).whereRef('i.counted', '<>', 'i.expected');
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', like),
        eb('v.name', 'ilike', like),
        eb('p.sku', 'ilike', like),
        eb('v.sku', 'ilike', like),
        eb('p.barcode', '=', query.search!),
        eb('v.barcode', '=', query.search!),
      ]),
    );
  }
  const { offset, limit } = pageOf(query);
  const [total, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'i.item_id',
        'i.product_id',
        'i.variety_id',
        'p.name as product_name',
        'v.name as variety_name',
        sql<string | null>`coalesce(v.sku, p.sku)`.as('sku'),
        sql<string | null>`coalesce(v.barcode, p.barcode)`.as('barcode'),
        'i.expected',
        'i.counted',
      ])
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .orderBy('v.position')
      .orderBy('i.item_id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return {
    ...header,
    items: rows.map((r) => ({
      _id: r.item_id,
      item_id: r.item_id,
      product_id: r.product_id,
      variety_id: r.variety_id,
      product_name: r.product_name,
      variety_name: r.variety_name,
      name: itemLabel(r.product_name, r.variety_name),
      sku: r.sku,
      barcode: r.barcode,
      expected: r.expected,
      counted: r.counted,
      difference: r.counted === null ? null : r.counted - r.expected,
    })),
    items_total: total.n,
    page: query.page,
    limit: query.limit,
  };
};

export const getCount = (db: Database, caller: Caller, id: string, query: CountItemsQuery) =>
  detailOf(db, caller, id, query);

export const listCounts = async (
  db: Database,
  caller: Caller,
  query: CountListQuery,
): Promise<StockCountPage> => {
  let q = countBase(db, caller.businessId);
  if (!caller.isAdmin) {
    if (caller.storeIds.length === 0) return { items: [], total: 0, page: query.page, limit: query.limit };
    q = q.where('c.store_id', 'in', [...caller.storeIds]);
  }
  if (query.status) q = q.where('c.status', '=', query.status);
  if (query.store) q = q.where('c.store_id', '=', query.store);
  const { offset, limit } = pageOf(query);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    countColumns(q)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { items: rows.map(toCount), total: count.total, page: query.page, limit: query.limit };
};

// ---------------------------------------------------------------------------------------------
// Starting

export const startCount = async (
  db: Database,
  caller: Caller,
  body: StartCountBody,
): Promise<StockCountDetail> =>
  db.transaction().execute(async (tx) => {
    await assertStoreAccess(tx, caller, body.store_id);
    const b = caller.businessId;
    let categoryIds: string[] = [];
    if (body.scope === 'category') {
      const rows = await sql<{ id: string }>`
        WITH RECURSIVE tree AS (
          SELECT id FROM categories WHERE business_id = ${b} AND id = ${body.category_id} AND deleted_at IS NULL
          UNION
          SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id
           WHERE c.business_id = ${b} AND c.deleted_at IS NULL
        )
        SELECT id FROM tree`.execute(tx);
      if (rows.rows.length === 0) throw notFound('Category');
      categoryIds = rows.rows.map((r) => r.id);
    }
    const id = newId();
    await tx
      .insertInto('stock_counts')
      .values({
        business_id: b,
        id,
        count_number: await nextNumber(tx, b, 'stock_count', 'SC'),
        store_id: body.store_id,
        scope: body.scope,
        category_id: body.scope === 'category' ? body.category_id! : null,
        status: 'in_progress',
        note: body.note || null,
        created_by: caller.userId,
      })
      .execute();
    const inScope =
      body.scope === 'category'
        ? sql`AND (p.category_id = ANY(${categoryIds}::uuid[]) OR p.subcategory_id = ANY(${categoryIds}::uuid[]))`
        : sql``;
    const inserted = await sql`
      INSERT INTO stock_count_items (business_id, count_id, item_id, product_id, variety_id, expected)
      SELECT ${b}, ${id}, items.item_id, items.product_id, items.variety_id, coalesce(l.quantity, 0)
        FROM (
          SELECT p.id AS item_id, p.id AS product_id, NULL::uuid AS variety_id
            FROM products p
           WHERE p.business_id = ${b} AND p.deleted_at IS NULL AND p.track_stock AND p.product_type = 'simple' ${inScope}
          UNION ALL
          SELECT v.id, p.id, v.id
            FROM product_varieties v
            JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id
           WHERE v.business_id = ${b} AND v.deleted_at IS NULL AND p.deleted_at IS NULL AND p.track_stock
             AND p.product_type = 'variable' ${inScope}
        ) items
        LEFT JOIN stock_levels l ON l.business_id = ${b} AND l.store_id = ${body.store_id} AND l.item_id = items.item_id
    `.execute(tx);
    if (Number(inserted.numAffectedRows ?? 0) === 0)
      throw badRequest(
        body.scope === 'category'
          ? 'category_id: this category has no products that track stock, so there is nothing to count.'
          : 'There are no products that track stock yet, so there is nothing to count.',
      );
    return detailOf(tx, caller, id);
  });

// ---------------------------------------------------------------------------------------------
// Steps

const lockCount = async (tx: Tx, caller: Caller, id: string) => {
  assertId(id, 'Stock count');
  const row = await tx
    .selectFrom('stock_counts')
    .select(['id', 'status', 'store_id'])
    .where('business_id', '=', caller.businessId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Stock count');
  if (!caller.isAdmin && !caller.storeIds.includes(row.store_id))
    await assertStoreAccess(tx, caller, row.store_id);
  return row;
};

const readOnly = (status: CountStatus): string | null =>
  status === 'completed'
    ? 'This count is completed, so it can no longer be changed.'
    : status === 'cancelled'
      ? 'This count was cancelled, so it can no longer be changed.'
      : null;

const setCount = (tx: Tx, caller: Caller, id: string, values: Updateable<DB['stock_counts']>) =>
  tx
    .updateTable('stock_counts')
    .set(values)
    .where('business_id', '=', caller.businessId)
    .where('id', '=', id)
    .execute();

/** Saves counted quantities (some or all) while the count is in progress. */
export const enterCounts = async (
  db: Database,
  caller: Caller,
  id: string,
  body: EnterCountsBody,
): Promise<StockCount> =>
  db.transaction().execute(async (tx) => {
    const c = await lockCount(tx, caller, id);
    const locked = readOnly(c.status);
    if (locked) throw conflict(locked);
    if (c.status === 'submitted')
      throw conflict('This count was submitted, so its quantities can no longer be changed.');
    const latest = new Map(body.items.map((i) => [i.item_id, i.counted]));
    const itemIds = [...latest.keys()];
    const counted = itemIds.map((k) => latest.get(k) ?? null);
    const updated = await sql<{ item_id: string }>`
      UPDATE stock_count_items i SET counted = x.counted
        FROM unnest(${itemIds}::uuid[], ${counted}::int[]) AS x(item_id, counted)
       WHERE i.business_id = ${caller.businessId} AND i.count_id = ${c.id} AND i.item_id = x.item_id
      RETURNING i.item_id`.execute(tx);
    if (updated.rows.length !== itemIds.length) {
      const found = new Set(updated.rows.map((r) => r.item_id));
      const index = body.items.findIndex((i) => !found.has(i.item_id));
      throw badRequest(`items.${index}.item_id: this item is not part of this count.`);
    }
    await setCount(
      tx,
      caller,
      c.id,
      body.note !== undefined ? { note: body.note || null } : { updated_at: new Date() },
    );
    return headerOf(tx, caller, c.id);
  });

export const submitCount = async (db: Database, caller: Caller, id: string): Promise<StockCount> =>
  db.transaction().execute(async (tx) => {
    const c = await lockCount(tx, caller, id);
    const locked = readOnly(c.status);
    if (locked) throw conflict(locked);
    if (c.status === 'submitted') throw conflict('This count was already submitted.');
    const counted = await tx
      .selectFrom('stock_count_items')
      .select(sql<number>`count(counted)::int`.as('n'))
      .where('business_id', '=', caller.businessId)
      .where('count_id', '=', c.id)
      .executeTakeFirstOrThrow();
    if (counted.n === 0) throw conflict('Enter at least one counted quantity before submitting this count.');
    await setCount(tx, caller, c.id, {
      status: 'submitted',
      submitted_at: new Date(),
      submitted_by: caller.userId,
    });
    return headerOf(tx, caller, c.id);
  });

/** Completes a submitted count: each counted item's level becomes the counted quantity. */
export const acceptCount = async (db: Database, caller: Caller, id: string): Promise<StockCount> =>
  db.transaction().execute(async (tx) => {
    const c = await lockCount(tx, caller, id);
    const locked = readOnly(c.status);
    if (locked) throw conflict(locked);
    if (c.status === 'in_progress') throw conflict('Submit this count before accepting it.');
    const items = await tx
      .selectFrom('stock_count_items')
      .select(['item_id', 'product_id', 'variety_id', 'counted'])
      .where('business_id', '=', caller.businessId)
      .where('count_id', '=', c.id)
      .where('counted', 'is not', null)
      .execute();
    // Lock the levels being corrected so a sale cannot slip in between reading and writing them.
    const current = new Map<string, number>();
    for (let i = 0; i < items.length; i += 5000) {
      const ids = items.slice(i, i + 5000).map((r) => r.item_id);
      const rows = await tx
        .selectFrom('stock_levels')
        .select(['item_id', 'quantity'])
        .where('business_id', '=', caller.businessId)
        .where('store_id', '=', c.store_id)
        .where('item_id', 'in', ids)
        .orderBy('item_id')
        .forUpdate()
        .execute();
      for (const r of rows) current.set(r.item_id, r.quantity);
    }
    await moveStock(
      tx,
      {
        businessId: caller.businessId,
        userId: caller.userId,
        reason: 'count',
        referenceType: REFERENCE,
        referenceId: c.id,
      },
      items.map((r) => ({
        productId: r.product_id,
        varietyId: r.variety_id,
        storeId: c.store_id,
        quantity: r.counted! - (current.get(r.item_id) ?? 0),
      })),
    );
    await setCount(tx, caller, c.id, {
      status: 'completed',
      accepted_at: new Date(),
      accepted_by: caller.userId,
    });
    return headerOf(tx, caller, c.id);
  });

export const cancelCount = async (db: Database, caller: Caller, id: string): Promise<StockCount> =>
  db.transaction().execute(async (tx) => {
    const c = await lockCount(tx, caller, id);
    if (c.status === 'cancelled') throw conflict('This count was already cancelled.');
    const locked = readOnly(c.status);
    if (locked) throw conflict(locked);
    await setCount(tx, caller, c.id, { status: 'cancelled' });
    return headerOf(tx, caller, c.id);
  });
