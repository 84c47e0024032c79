import { sql, type RawBuilder } from 'kysely';
import {
  fromKobo,
  type AdjustmentBody,
  type AdjustmentReason,
  type AdjustmentResult,
  type MovementKind,
  type StockAlertItem,
  type StockLogEntry,
  type StockLogPage,
  type StockLogQuery,
  type StockSummary,
} from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { dayEnd, dayStart } from '../../lib/business-time.js';
import { assertStoreAccess, visibleStoreIds } from '../stores/index.js';
import { fullName, isoOf, itemLabel, pageOf, type Caller } from './inventory.shared.js';
import { moveStock, resolveItems } from './stock-ledger.js';

// ---------------------------------------------------------------------------------------------
// Adjustments

/** Adds or removes stock by hand in one store; all items or none. */
export const adjustStock = async (
  db: Database,
  caller: Caller,
  body: AdjustmentBody,
): Promise<AdjustmentResult> =>
  db.transaction().execute(async (tx) => {
    await assertStoreAccess(tx, caller, body.store_id);
    const items = await resolveItems(tx, caller.businessId, body.items);
    const sign = body.type === 'add' ? 1 : -1;
    const rows = await moveStock(
      tx,
      {
        businessId: caller.businessId,
        userId: caller.userId,
        reason: body.type === 'add' ? 'adjustment_add' : 'adjustment_remove',
        adjustmentReason: body.reason,
        note: body.note || null,
        refuseNegative: body.type === 'remove',
      },
      items.map((item, i) => ({ ...item, storeId: body.store_id, quantity: sign * body.items[i]!.quantity })),
    );
    return {
      items: await logEntriesByIds(
        tx,
        caller.businessId,
        rows.map((r) => r.id),
      ),
    };
  });

// ---------------------------------------------------------------------------------------------
// Stock log

const logBase = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('stock_movements as m')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'm.business_id').onRef('s.id', '=', 'm.store_id'),
    )
    .innerJoin('products as p', (j) =>
      j.onRef('p.business_id', '=', 'm.business_id').onRef('p.id', '=', 'm.product_id'),
    )
    .where('m.business_id', '=', businessId);

const logColumns = (q: ReturnType<typeof logBase>) =>
  q
    .leftJoin('product_varieties as v', (j) =>
      j.onRef('v.business_id', '=', 'm.business_id').onRef('v.id', '=', 'm.variety_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'm.business_id').onRef('u.id', '=', 'm.user_id'),
    )
    .leftJoin('transfers as t', (j) =>
      j
        .onRef('t.business_id', '=', 'm.business_id')
        .onRef('t.id', '=', 'm.reference_id')
        .on('m.reference_type', '=', 'transfer'),
    )
    .leftJoin('stock_counts as c', (j) =>
      j
        .onRef('c.business_id', '=', 'm.business_id')
        .onRef('c.id', '=', 'm.reference_id')
        .on('m.reference_type', '=', 'stock_count'),
    )
    .select([
      'm.id',
      'm.store_id',
      's.name as store_name',
      'm.product_id',
      'm.variety_id',
      'p.name as product_name',
      'v.name as variety_name',
      'm.reason',
      'm.adjustment_reason',
      'm.note',
      'm.quantity',
      'm.balance_after',
      'm.user_id',
      'u.first_name',
      'u.last_name',
      'm.reference_type',
      'm.reference_id',
      sql<string | null>`coalesce(t.transfer_number, c.count_number)`.as('reference_number'),
      'm.created_at',
    ]);

type LogRow = Awaited<ReturnType<ReturnType<typeof logColumns>['execute']>>[number];

const toLogEntry = (r: LogRow): StockLogEntry => ({
  _id: r.id,
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  product_id: r.product_id,
  variety_id: r.variety_id,
  product_name: r.product_name,
  variety_name: r.variety_name,
  name: itemLabel(r.product_name, r.variety_name),
  kind: r.reason as MovementKind,
  reason: (r.adjustment_reason as AdjustmentReason | null) ?? null,
  note: r.note,
  quantity: r.quantity,
  balance_after: r.balance_after,
  user_id: r.user_id,
  user_name: fullName(r.first_name, r.last_name),
  reference_type: r.reference_type,
  reference_id: r.reference_id,
  reference_number: r.reference_number,
  created_at: isoOf(r.created_at),
});

const logEntriesByIds = async (tx: Tx, businessId: string, ids: string[]): Promise<StockLogEntry[]> => {
  if (ids.length === 0) return [];
  const rows = await logColumns(logBase(tx, businessId))
    .where('m.id', 'in', ids)
    .orderBy('p.name')
    .orderBy('v.position')
    .execute();
  return rows.map(toLogEntry);
};

/** Movements newest first, with names; a non-admin sees only their stores. */
export const listStockLog = async (
  db: Database,
  caller: Caller,
  query: StockLogQuery,
): Promise<StockLogPage> => {
  let q = logBase(db, caller.businessId);
  if (!caller.isAdmin) {
    if (caller.storeIds.length === 0) return { items: [], total: 0, page: query.page, limit: query.limit };
    q = q.where('m.store_id', 'in', [...caller.storeIds]);
  }
  if (query.store) q = q.where('m.store_id', '=', query.store);
  if (query.product) q = q.where('m.product_id', '=', query.product);
  if (query.variety) q = q.where('m.variety_id', '=', query.variety);
  if (query.kind?.length) q = q.where('m.reason', 'in', query.kind);
  if (query.reason?.length) q = q.where('m.adjustment_reason', 'in', query.reason);
  if (query.from) q = q.where('m.created_at', '>=', dayStart(caller.businessId, query.from));
  if (query.to) q = q.where('m.created_at', '<', dayEnd(caller.businessId, query.to));
  const { offset, limit } = pageOf(query);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    logColumns(q)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { items: rows.map(toLogEntry), total: count.total, page: query.page, limit: query.limit };
};

// ---------------------------------------------------------------------------------------------
// Stock dashboard

/**
 * Stock-tracked items (simple products, and varieties of variable products) with their quantity
 * summed over the stores in scope. Two queries whatever the catalogue size: totals and the two
 * short lists from one scan, and per-store totals from a second.
 */
export const stockSummary = async (
  db: Database,
  caller: Caller,
  query: { store?: string },
): Promise<StockSummary> => {
  let storeIds: string[];
  if (query.store) {
    await assertStoreAccess(db, caller, query.store);
    storeIds = [query.store];
  } else storeIds = await visibleStoreIds(db, caller);
  const scope = await summaryScope(db, caller.businessId, storeIds);
  if (scope === null) return stockSummaryByScan(db, caller.businessId, query.store ?? null, storeIds);
  return stockSummaryFromTotals(db, caller.businessId, query.store ?? null, storeIds, scope);
};

/**
 * The scope whose totals the triggers keep (migration 0012): one store, or the business (all its
 * live stores). Null for a subset of two or more stores (a staff member on some of the stores).
 */
const summaryScope = async (db: Database, businessId: string, storeIds: string[]): Promise<string | null> => {
  if (storeIds.length === 1) return storeIds[0]!;
  if (storeIds.length === 0) return null;
  const live = await db
    .selectFrom('stores')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return live.n === new Set(storeIds).size ? businessId : null;
};

type TotalsRow = {
  scope_id: string;
  value_cost: string;
  value_retail: string;
  units_in_stock: string;
  items_in_stock: number;
  products_in_stock: number;
  low_count: number;
  tracked_items: number;
};

/** The summary read from the maintained totals: a few index lookups, whatever the catalogue size. */
const stockSummaryFromTotals = async (
  db: Database,
  b: string,
  store: string | null,
  storeIds: string[],
  scope: string,
): Promise<StockSummary> => {
  const scopes = [...new Set([scope, b, ...storeIds])];
  const totalsQuery = sql<TotalsRow>`
    SELECT scope_id, sum(value_cost)::bigint AS value_cost, sum(value_retail)::bigint AS value_retail,
           sum(units_in_stock)::bigint AS units_in_stock, sum(items_in_stock)::int AS items_in_stock,
           sum(products_in_stock)::int AS products_in_stock, sum(low_count)::int AS low_count,
           sum(tracked_items)::int AS tracked_items
      FROM stock_totals
     WHERE business_id = ${b} AND scope_id = ANY(${scopes}::uuid[])
     GROUP BY scope_id`.execute(db);
  const storesQuery = db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('business_id', '=', b)
    .where('id', 'in', storeIds)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const [totals, stores] = await Promise.all([totalsQuery, storesQuery]);
  const byScope = new Map(totals.rows.map((r) => [r.scope_id, r]));
  const t = byScope.get(scope);
  const tracked = byScope.get(b)?.tracked_items ?? 0;
  const inStock = t?.items_in_stock ?? 0;
  const [low, out] = await Promise.all([
    alertList(db, b, scope, 'low', { count: t?.low_count ?? 0, tracked }),
    alertList(db, b, scope, 'out', {
      count: tracked - inStock,
      tracked,
      // A store's totals rows are the products stocked there at some time; the rest were never.
      neverStocked: scope === b ? 0 : tracked - (t?.tracked_items ?? 0),
    }),
  ]);
  return {
    store_id: store,
    stock_value_cost: fromKobo(t?.value_cost ?? 0),
    stock_value_retail: fromKobo(t?.value_retail ?? 0),
    products_in_stock: t?.products_in_stock ?? 0,
    items_in_stock: inStock,
    units_in_stock: Number(t?.units_in_stock ?? 0),
    tracked_items: tracked,
    low_stock_count: t?.low_count ?? 0,
    out_of_stock_count: tracked - inStock,
    low_stock: low,
    out_of_stock: out,
    stores: stores.map((s) => {
      const r = byScope.get(s.id);
      return {
        store_id: s.id,
        store_name: s.name,
        stock_value_cost: fromKobo(r?.value_cost ?? 0),
        stock_value_retail: fromKobo(r?.value_retail ?? 0),
        items_in_stock: r?.items_in_stock ?? 0,
        units_in_stock: Number(r?.units_in_stock ?? 0),
      };
    }),
  };
};

/** A store's out list with products never stocked there is read by key up to this share of the tracked items. */
const KEYED_LIST_SHARE = 0.1;

type AlertListOptions = {
  /** How many items are on the list (the totals say): none, no query. */
  count: number;
  /** The business's tracked items. */
  tracked: number;
  /**
   * In a store: its tracked items that have never had stock there (no totals row), which the out
   * list must look for among the business's products; unknown (null) looks.
   */
  neverStocked?: number | null;
  /** Tests run both ways on the same data. */
  way?: 'auto' | 'keyed' | 'joined';
};

/**
 * The first ten low (lowest quantity first, then name) or out-of-stock (by name; an item never
 * stocked counts) items of a scope, from the maintained totals.
 *
 * It starts from the products the totals mark and looks each one's items and quantity up by key,
 * instead of joining every item (~150 ms at 100,000 items). The candidates are the first ten products
 * in the list's order of their own first item (migration 0019), and any product tied with the tenth:
 * no later product can have one of the ten items. Only the out list of a store with products never
 * stocked there (no totals row) takes every product with an item out, and the business's products
 * without a row in the store; when that is many (a new store), the whole scope is joined once and
 * the first ten kept. The candidates go through `unnest(ARRAY(...))` so the planner counts on a few
 * rows: it keeps the key lookups and does not JIT-compile the query (~400 ms here, on an estimate of
 * a third of the table).
 */
export const alertList = async (
  db: Database,
  b: string,
  scope: string,
  kind: 'low' | 'out',
  { count, tracked, neverStocked = null, way = 'auto' }: AlertListOptions,
): Promise<StockAlertItem[]> => {
  if (count <= 0 && way === 'auto') return [];
  const levels =
    scope === b
      ? sql`SELECT item_id, quantity FROM stock_item_totals WHERE business_id = ${b}`
      : sql`SELECT item_id, quantity FROM stock_levels WHERE business_id = ${b} AND store_id = ${scope}`;
  const keep =
    kind === 'low'
      ? sql`l.quantity > 0 AND l.quantity <= i.low_stock_threshold ORDER BY l.quantity, i.name`
      : sql`coalesce(l.quantity, 0) <= 0 ORDER BY i.name, i.item_id`;
  const columns = sql`i.product_id, i.variety_id, i.name, coalesce(l.quantity, 0)::int AS quantity, i.low_stock_threshold`;
  // By key, a list reads ten products (and ties) however long it is, except the out list of a store
  // with products never stocked there, which reads every product with an item out.
  const long = kind === 'out' && neverStocked !== 0 && scope !== b && count > tracked * KEYED_LIST_SHARE;
  if (way === 'joined' || (way === 'auto' && long)) {
    const { rows } = await sql<StockAlertItem>`
      SELECT ${columns}
        FROM (${trackedItems(b, sql`true`)}) i
        LEFT JOIN (${levels}) l ON l.item_id = i.item_id
       WHERE ${keep}
       LIMIT 10`.execute(db);
    return rows;
  }
  const marked = kind === 'low' ? lowCandidates(b, scope) : outCandidates(b, scope, neverStocked);
  const { rows } = await sql<StockAlertItem>`
    SELECT ${columns}
      FROM unnest(ARRAY(${marked})) AS c(product_id)
      CROSS JOIN LATERAL (${trackedItems(b, sql`p.id = c.product_id`)}) i
      LEFT JOIN LATERAL (SELECT s.quantity FROM (${levels}) s WHERE s.item_id = i.item_id) l ON true
     WHERE ${keep}
     LIMIT 10`.execute(db);
  return rows;
};

/**
 * The products that can hold a scope's first ten items of a list: the first ten products in the
 * list's order of their own first item (`order`, an index of migration 0019 under `where`), and any
 * product tied with the tenth.
 */
const firstTen = (b: string, scope: string, where: RawBuilder<unknown>, order: string[]) => {
  const asc = sql.join(order.map((c) => sql.ref(c)));
  const desc = sql.join(order.map((c) => sql`${sql.ref(c)} DESC`));
  const tied = sql.join(
    order.map((c) => sql`${sql.ref(`t.${c}`)} = ${sql.ref(`tenth.${c}`)}`),
    sql` AND `,
  );
  return sql`
    WITH first AS (
      SELECT product_id, ${asc} FROM stock_product_totals t
       WHERE business_id = ${b} AND scope_id = ${scope} AND ${where}
       ORDER BY ${asc}
       LIMIT 10
    )
    SELECT product_id FROM first
    UNION
    SELECT t.product_id
      FROM (SELECT ${asc} FROM first ORDER BY ${desc} LIMIT 1) tenth
      JOIN stock_product_totals t ON t.business_id = ${b} AND t.scope_id = ${scope} AND ${where} AND ${tied}`;
};

/** The products that can hold the scope's ten lowest items. */
const lowCandidates = (b: string, scope: string) =>
  firstTen(b, scope, sql`t.low_count > 0`, ['low_min', 'low_min_name']);

/**
 * The products that can hold the scope's first ten items out. In a store, products never stocked
 * there have no totals row: when there are some, every product with an item out is a candidate, and
 * the business's products without a row in the store too.
 */
const outCandidates = (b: string, scope: string, neverStocked: number | null) => {
  const out = sql`t.items_in_stock < t.tracked_items`;
  if (scope === b || neverStocked === 0) return firstTen(b, scope, out, ['out_min_name']);
  return sql`
    SELECT product_id FROM stock_product_totals t WHERE business_id = ${b} AND scope_id = ${scope} AND ${out}
    UNION ALL
    SELECT t.product_id FROM stock_product_totals t
     WHERE t.business_id = ${b} AND t.scope_id = ${b} AND t.tracked_items > 0
       AND NOT EXISTS (SELECT 1 FROM stock_product_totals st
                        WHERE st.business_id = ${b} AND st.scope_id = ${scope} AND st.product_id = t.product_id)`;
};

/** The stock-tracked items (simple products, varieties of variable ones) of products matching `where`. */
const trackedItems = (b: string, where: RawBuilder<unknown>) => sql`
  SELECT p.id AS product_id, NULL::uuid AS variety_id, p.id AS item_id, p.name AS name, p.low_stock_threshold
    FROM products p
   WHERE p.business_id = ${b} AND ${where} AND p.deleted_at IS NULL AND p.track_stock AND p.product_type = 'simple'
  UNION ALL
  SELECT p.id, v.id, v.id, p.name || ' (' || v.name || ')', p.low_stock_threshold
    FROM products p
    JOIN product_varieties v ON v.business_id = p.business_id AND v.product_id = p.id
   WHERE p.business_id = ${b} AND ${where} AND p.deleted_at IS NULL AND p.track_stock
     AND p.product_type = 'variable' AND v.deleted_at IS NULL`;

/**
 * The summary computed from every item (the full recomputation the maintained totals must equal);
 * used for a subset of several stores, which no maintained scope covers.
 */
export const stockSummaryByScan = async (
  db: Database,
  b: string,
  store: string | null,
  storeIds: string[],
): Promise<StockSummary> => {
  const totals = await sql<{
    value_cost: string | null;
    value_retail: string | null;
    products_in_stock: number;
    items_in_stock: number;
    units_in_stock: string | null;
    tracked_items: number;
    low_count: number;
    out_count: number;
    low_list: StockAlertItem[] | null;
    out_list: StockAlertItem[] | null;
  }>`
    WITH items AS (
      SELECT p.id AS product_id, NULL::uuid AS variety_id, p.id AS item_id, p.name AS name,
             p.cost_price, p.selling_price, p.low_stock_threshold
        FROM products p
       WHERE p.business_id = ${b} AND p.deleted_at IS NULL AND p.track_stock AND p.product_type = 'simple'
      UNION ALL
      SELECT p.id, v.id, v.id, p.name || ' (' || v.name || ')', v.cost_price, v.selling_price, p.low_stock_threshold
        FROM product_varieties v
        JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id
       WHERE v.business_id = ${b} AND v.deleted_at IS NULL AND p.deleted_at IS NULL AND p.track_stock
         AND p.product_type = 'variable'
    ),
    levels AS (
      SELECT item_id, sum(quantity)::bigint AS q
        FROM stock_levels
       WHERE business_id = ${b} AND store_id = ANY(${storeIds}::uuid[])
       GROUP BY item_id
    ),
    joined AS MATERIALIZED (
      SELECT i.*, coalesce(l.q, 0)::bigint AS q FROM items i LEFT JOIN levels l ON l.item_id = i.item_id
    )
    SELECT
      sum(greatest(q, 0) * cost_price)::bigint AS value_cost,
      sum(greatest(q, 0) * selling_price)::bigint AS value_retail,
      (count(*) FILTER (WHERE q > 0 AND variety_id IS NULL)
        + count(DISTINCT product_id) FILTER (WHERE q > 0 AND variety_id IS NOT NULL))::int AS products_in_stock,
      count(*) FILTER (WHERE q > 0)::int AS items_in_stock,
      sum(greatest(q, 0))::bigint AS units_in_stock,
      count(*)::int AS tracked_items,
      count(*) FILTER (WHERE q > 0 AND q <= low_stock_threshold)::int AS low_count,
      count(*) FILTER (WHERE q <= 0)::int AS out_count,
      (SELECT json_agg(x) FROM (
         SELECT product_id, variety_id, name, q::int AS quantity, low_stock_threshold FROM joined
          WHERE q > 0 AND q <= low_stock_threshold ORDER BY q, name LIMIT 10) x) AS low_list,
      (SELECT json_agg(x) FROM (
         SELECT product_id, variety_id, name, q::int AS quantity, low_stock_threshold FROM joined
          WHERE q <= 0 ORDER BY name, item_id LIMIT 10) x) AS out_list
    FROM joined
  `.execute(db);

  const perStore = await sql<{
    store_id: string;
    store_name: string;
    value_cost: string | null;
    value_retail: string | null;
    items_in_stock: number;
    units_in_stock: string | null;
  }>`
    SELECT s.id AS store_id, s.name AS store_name,
           coalesce(sum(greatest(l.quantity, 0)::bigint * coalesce(v.cost_price, p.cost_price)), 0)::bigint AS value_cost,
           coalesce(sum(greatest(l.quantity, 0)::bigint * coalesce(v.selling_price, p.selling_price)), 0)::bigint AS value_retail,
           count(l.item_id) FILTER (WHERE l.quantity > 0)::int AS items_in_stock,
           coalesce(sum(greatest(l.quantity, 0)), 0)::bigint AS units_in_stock
      FROM stores s
      LEFT JOIN (stock_levels l
        JOIN products p ON p.business_id = l.business_id AND p.id = l.product_id
             AND p.deleted_at IS NULL AND p.track_stock AND p.product_type <> 'service'
        LEFT JOIN product_varieties v ON v.business_id = l.business_id AND v.id = l.variety_id)
        ON l.business_id = s.business_id AND l.store_id = s.id
           AND (l.variety_id IS NULL AND p.product_type = 'simple'
                OR l.variety_id IS NOT NULL AND v.deleted_at IS NULL AND p.product_type = 'variable')
     WHERE s.business_id = ${b} AND s.id = ANY(${storeIds}::uuid[])
     GROUP BY s.id, s.name
     ORDER BY lower(s.name), s.id
  `.execute(db);

  const t = totals.rows[0]!;
  return {
    store_id: store,
    stock_value_cost: fromKobo(t.value_cost ?? 0),
    stock_value_retail: fromKobo(t.value_retail ?? 0),
    products_in_stock: t.products_in_stock,
    items_in_stock: t.items_in_stock,
    units_in_stock: Number(t.units_in_stock ?? 0),
    tracked_items: t.tracked_items,
    low_stock_count: t.low_count,
    out_of_stock_count: t.out_count,
    low_stock: t.low_list ?? [],
    out_of_stock: t.out_list ?? [],
    stores: perStore.rows.map((r) => ({
      store_id: r.store_id,
      store_name: r.store_name,
      stock_value_cost: fromKobo(r.value_cost ?? 0),
      stock_value_retail: fromKobo(r.value_retail ?? 0),
      items_in_stock: r.items_in_stock,
      units_in_stock: Number(r.units_in_stock ?? 0),
    })),
  };
};
