import { sql, type RawBuilder } from 'kysely';
import {
  DEFAULT_TIME_ZONE,
  daysInRange,
  todayIn,
  fromKobo,
  type CustomerAnalytics,
  type GraphPoint,
  type InventoryRevenue,
  type SalesPeriod,
  type SalesRevenue,
  type TransactionAnalytics,
  type TransactionAnalyticsV2,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessZone, dayEndIn, dayStartIn, shiftDay } from '../../lib/business-time.js';
import type { AuthContext } from '../../plugins/auth.js';
import { keepSaleDays, keptIn, keptTotals, splitDays } from '../sales/index.js';
import { assertStoreAccess } from '../stores/index.js';

/**
 * Home page figures (spec 000 §7.3). Every figure is summed in SQL over integer kobo and turned into
 * naira at the end. A day is a day of the business's time zone (default Africa/Lagos); a sale's
 * time is when it was made (`sold_at`: an offline sale's time on the device). Sales of every status count (unpaid ones
 * too: the goods left the shop); refunds are counted on the day they were given.
 */

/** null = every store of the business (admin); else only these stores. */
type Scope = readonly string[] | null;

/**
 * The stores a figure covers: "all" = the caller's stores (every store for an admin); a store id
 * must be a live store of the business the caller works in, else 404.
 */
export const storeScope = async (db: Database, auth: AuthContext, storeIdOrAll: string): Promise<Scope> => {
  if (storeIdOrAll === 'all') return auth.isAdmin ? null : auth.storeIds;
  const storeId = storeIdOrAll.toLowerCase();
  // Another store's figures are not the caller's to know: 404, as for a store of another business.
  await assertStoreAccess(db, auth, storeId, { unassigned: 'hidden' });
  return [storeId];
};

/** Stores given as a list (v2): each must be the caller's, none = all the caller's stores. */
export const storesScope = async (
  db: Database,
  auth: AuthContext,
  ids: readonly string[],
): Promise<Scope> => {
  if (ids.length === 0) return auth.isAdmin ? null : auth.storeIds;
  const wanted = [...new Set(ids.map((s) => s.toLowerCase()))];
  for (const id of wanted) await storeScope(db, auth, id);
  return wanted;
};

const inStores = (column: string, scope: Scope): RawBuilder<unknown> =>
  scope === null ? sql`` : sql`AND ${sql.ref(column)} = ANY(${[...scope]}::uuid[])`;

const saleTime = sql`s.sold_at`;
/** `zone`: the business's zone, read once per request (`businessZone`) and sent as a parameter. */
const inDays = (zone: string, time: RawBuilder<unknown>, start: string, end: string) =>
  sql`${time} >= ${dayStartIn(zone, start)} AND ${time} < ${dayEndIn(zone, end)}`;

const num = (v: unknown): number => Number(v ?? 0);
const money = (kobo: unknown): number => fromKobo(num(kobo));

/** Today in Lagos, YYYY-MM-DD (a business's own day: `businessToday`). */
export const lagosToday = (now = new Date()): string => todayIn(DEFAULT_TIME_ZONE, now);

/** Sales brought by these sales agents (their codes); none: every sale. */
const byAgents = (codes: readonly string[]) =>
  codes.length > 0 ? sql`AND s.sales_agent_code = ANY(${codes.map((c) => c.toUpperCase())}::text[])` : sql``;

/**
 * Sales (their value, count and items) and refunds of a range of days summed from the sales, in one
 * statement (one round trip: "today" is mostly fixed cost). `salesOnly`: items and refunds are not summed.
 */
const recentTotals = async (
  db: Database,
  businessId: string,
  scope: Scope,
  { start, end }: { start: string; end: string },
  zone: string,
  { agentCodes, salesOnly }: { agentCodes: readonly string[]; salesOnly: boolean },
) => {
  const agents = byAgents(agentCodes);
  const items = salesOnly
    ? sql`0`
    : sql`coalesce((SELECT sum(l.quantity) FROM sale_lines l
        JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
        WHERE l.business_id = ${businessId} AND s.deleted_at IS NULL
          AND ${inDays(zone, saleTime, start, end)} ${inStores('s.store_id', scope)} ${agents}), 0)`;
  const byAgentsOfSale =
    agentCodes.length > 0
      ? sql`AND EXISTS (SELECT 1 FROM sales s WHERE s.business_id = r.business_id AND s.id = r.sale_id ${agents})`
      : sql``;
  const refunds = salesOnly
    ? sql`0`
    : sql`(SELECT coalesce(sum(r.amount_kobo), 0) FROM refunds r
        WHERE r.business_id = ${businessId} AND ${inDays(zone, sql`r.created_at`, start, end)}
          ${inStores('r.store_id', scope)} ${byAgentsOfSale})`;
  const { rows } = await sql<{ total: string; n: string; items: string; refunds: string }>`
    SELECT coalesce(sum(s.total_kobo), 0) AS total, count(*) AS n, ${items} AS items, ${refunds} AS refunds
    FROM sales s
    WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL
      AND ${inDays(zone, saleTime, start, end)} ${inStores('s.store_id', scope)} ${agents}`.execute(db);
  const r = rows[0];
  return { totalKobo: num(r?.total), count: num(r?.n), items: num(r?.items), refundKobo: num(r?.refunds) };
};

/**
 * Sales and refunds of a range of days: the kept days (before yesterday) from their kept sums, the rest
 * from the sales. Sales of given agents are all summed from the sales (the kept sums are per store).
 * `salesOnly`: the sales' count and value are all the caller shows (items and refunds are not summed).
 */
const periodTotals = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
  zone: string,
  { agentCodes = [], salesOnly = false }: { agentCodes?: readonly string[]; salesOnly?: boolean } = {},
) => {
  const { kept, recent } =
    agentCodes.length > 0 ? { kept: null, recent: { start, end } } : splitDays(start, end, zone);
  const [k, r] = await Promise.all([
    keptTotals(db, businessId, kept, scope),
    recent
      ? recentTotals(db, businessId, scope, recent, zone, { agentCodes, salesOnly })
      : { totalKobo: 0, count: 0, items: 0, refundKobo: 0 },
  ]);
  return {
    totalKobo: k.salesKobo + r.totalKobo,
    count: k.salesCount + r.count,
    items: k.items + r.items,
    refundKobo: k.refundsKobo + r.refundKobo,
  };
};

const salesPeriod = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
  zone: string,
): Promise<SalesPeriod> => {
  const p = await periodTotals(db, businessId, scope, start, end, zone);
  return {
    start,
    end,
    totalSales: fromKobo(p.totalKobo),
    numberOfSales: p.count,
    itemsSold: p.items,
    refunds: fromKobo(p.refundKobo),
    net: fromKobo(p.totalKobo - p.refundKobo),
    averageSale: p.count === 0 ? 0 : fromKobo(Math.round(p.totalKobo / p.count)),
  };
};

/** Sales in the range and in the period of the same length just before it. */
export const salesRevenue = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
): Promise<SalesRevenue> => {
  const length = daysInRange(start, end);
  const prevEnd = shiftDay(start, -1);
  const zone = await businessZone(db, businessId);
  const [current, previous] = await Promise.all([
    salesPeriod(db, businessId, scope, start, end, zone),
    salesPeriod(db, businessId, scope, shiftDay(prevEnd, -(length - 1)), prevEnd, zone),
  ]);
  return { ...current, previous };
};

/** Stock value now (at cost and at selling price) and units sold / cost of goods sold in the range. */
export const inventoryRevenue = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
): Promise<InventoryRevenue> => {
  const zone = await businessZone(db, businessId);
  const stock = sql<{ cost: string; retail: string; units: string }>`
    SELECT coalesce(sum(greatest(sl.quantity, 0) * coalesce(v.cost_price, p.cost_price)), 0) AS cost,
      coalesce(sum(greatest(sl.quantity, 0) * coalesce(v.selling_price, p.selling_price)), 0) AS retail,
      coalesce(sum(greatest(sl.quantity, 0)), 0) AS units
    FROM stock_levels sl
    JOIN products p ON p.business_id = sl.business_id AND p.id = sl.product_id
    LEFT JOIN product_varieties v ON v.business_id = sl.business_id AND v.id = sl.variety_id
    WHERE sl.business_id = ${businessId} AND p.deleted_at IS NULL AND p.track_stock
      AND (sl.variety_id IS NULL OR v.deleted_at IS NULL) ${inStores('sl.store_id', scope)}`.execute(db);
  const { kept, recent } = splitDays(start, end, zone);
  const sold = recent
    ? sql<{ units: string; cogs: string }>`
      SELECT coalesce(sum(l.quantity - l.refunded_quantity), 0) AS units,
        coalesce(sum((l.quantity - l.refunded_quantity) * l.unit_cost_kobo), 0) AS cogs
      FROM sale_lines l
      JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
      WHERE l.business_id = ${businessId} AND s.deleted_at IS NULL
        AND ${inDays(zone, saleTime, recent.start, recent.end)} ${inStores('s.store_id', scope)}`
        .execute(db)
        .then((r) => ({ units: num(r.rows[0]?.units), cogs: num(r.rows[0]?.cogs) }))
    : { units: 0, cogs: 0 };
  const [st, so, k] = await Promise.all([stock, sold, keptTotals(db, businessId, kept, scope)]);
  return {
    start,
    end,
    stockValueAtCost: money(st.rows[0]?.cost),
    stockValueAtRetail: money(st.rows[0]?.retail),
    unitsInStock: num(st.rows[0]?.units),
    unitsSold: so.units + k.unitsKept,
    costOfGoodsSold: fromKobo(so.cogs + k.costKobo),
  };
};

/**
 * Who bought in the range: customers, new customers, customers' vs walk-ins' money, top 5. The range's
 * sales are read once, grouped by customer (walk-ins are the group without one); the totals are window
 * sums over those groups, so they come with the top rows (and with none when nobody bought).
 */
export const customerAnalytics = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
): Promise<CustomerAnalytics> => {
  const zone = await businessZone(db, businessId);
  const buyers = sql<{
    id: string | null;
    first_name: string | null;
    last_name: string | null;
    total: string;
    n: string;
    buyers: string;
    from_customers: string | null;
    walk_ins: string | null;
  }>`
    WITH per AS (
      SELECT s.customer_id, sum(s.total_kobo) AS total, count(*) AS n
      FROM sales s
      WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL
        AND ${inDays(zone, saleTime, start, end)} ${inStores('s.store_id', scope)}
      GROUP BY s.customer_id
    )
    SELECT c.id, c.first_name, c.last_name, p.total, p.n,
      count(p.customer_id) OVER () AS buyers,
      sum(p.total) FILTER (WHERE p.customer_id IS NOT NULL) OVER () AS from_customers,
      sum(p.total) FILTER (WHERE p.customer_id IS NULL) OVER () AS walk_ins
    FROM per p LEFT JOIN customers c ON c.business_id = ${businessId} AND c.id = p.customer_id
    ORDER BY p.customer_id IS NULL, p.total DESC, p.customer_id
    LIMIT 6`.execute(db);
  const fresh = sql<{ n: string }>`
    SELECT count(*) AS n FROM customers c
    WHERE c.business_id = ${businessId} AND c.deleted_at IS NULL
      AND ${inDays(zone, sql`c.created_at`, start, end)}`.execute(db);
  const [b, f] = await Promise.all([buyers, fresh]);
  const t = b.rows[0];
  return {
    start,
    end,
    customersWhoBought: num(t?.buyers),
    newCustomers: num(f.rows[0]?.n),
    revenueFromCustomers: money(t?.from_customers),
    revenueFromWalkIns: money(t?.walk_ins),
    topCustomers: b.rows
      .filter((r): r is typeof r & { id: string } => r.id !== null)
      .slice(0, 5)
      .map((r) => ({
        id: r.id,
        name: [r.first_name, r.last_name].filter(Boolean).join(' '),
        totalSpent: money(r.total),
        numberOfSales: num(r.n),
      })),
  };
};

const totalsOf = async (
  db: Database,
  businessId: string,
  scope: Scope,
  start: string,
  end: string,
  zone: string,
) => {
  const p = await periodTotals(db, businessId, scope, start, end, zone, { salesOnly: true });
  return { totalValue: fromKobo(p.totalKobo), totalTransactions: p.count };
};

/** Sales today, this week (from Monday) and this month, in the business's zone. */
export const transactionAnalytics = async (
  db: Database,
  businessId: string,
  scope: Scope,
  now = new Date(),
): Promise<TransactionAnalytics> => {
  const zone = await businessZone(db, businessId);
  const today = todayIn(zone, now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const [t, w, m] = await Promise.all([
    totalsOf(db, businessId, scope, today, today, zone),
    totalsOf(db, businessId, scope, shiftDay(today, -weekday), today, zone),
    totalsOf(db, businessId, scope, `${today.slice(0, 8)}01`, today, zone),
  ]);
  return { today: t, thisWeek: w, thisMonth: m };
};

/** Sales between two days of the business (both default to today). */
export const transactionAnalyticsV2 = async (
  db: Database,
  businessId: string,
  scope: Scope,
  startdate: string | undefined,
  enddate: string | undefined,
  agentCodes: readonly string[] = [],
): Promise<TransactionAnalyticsV2> => {
  const zone = await businessZone(db, businessId);
  const today = todayIn(zone);
  const start = startdate ?? enddate ?? today;
  const end = enddate ?? (startdate && startdate > today ? startdate : today);
  const p = await periodTotals(db, businessId, scope, start, end, zone, { agentCodes });
  return {
    startdate: start,
    enddate: end,
    totalValue: fromKobo(p.totalKobo),
    totalTransactions: p.count,
    totalItemsSold: p.items,
    refunds: fromKobo(p.refundKobo),
  };
};

/**
 * One point per day of the business, the last `days` days up to today, days without sales as zeros.
 * totalSales / totalSalesValue: the day's sales and their value; totalTransactions / totalValue:
 * sales and refunds together, the value net of refunds.
 */
export const graph = async (
  db: Database,
  businessId: string,
  scope: Scope,
  days: number,
): Promise<GraphPoint[]> => {
  const zone = await businessZone(db, businessId);
  const end = todayIn(zone);
  const start = shiftDay(end, -(days - 1));
  const { kept, recent } = splitDays(start, end, zone);
  if (kept) await keepSaleDays(db, businessId, kept);
  const inRecent = (time: RawBuilder<unknown>) =>
    recent ? inDays(zone, time, recent.start, recent.end) : sql`false`;
  const { rows } = await sql<{
    day: string;
    sales: string;
    sales_kobo: string;
    refunds: string;
    refund_kobo: string;
  }>`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${start}::date, ${end}::date, interval '1 day') d
    ), k AS (
      SELECT k.day, sum(k.sales_count) AS n, sum(k.sales_kobo) AS kobo,
        sum(k.refunds_count) AS rn, sum(k.refunds_kobo) AS rkobo
      FROM sale_days k
      WHERE ${kept ? keptIn(businessId, kept, scope) : sql`false`}
      GROUP BY k.day
    ), s AS (
      SELECT (${saleTime} AT TIME ZONE ${zone}::text)::date AS day, count(*) AS n, sum(s.total_kobo) AS kobo
      FROM sales s
      WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL
        AND ${inRecent(saleTime)} ${inStores('s.store_id', scope)}
      GROUP BY 1
    ), r AS (
      SELECT (r.created_at AT TIME ZONE ${zone}::text)::date AS day, count(*) AS n, sum(r.amount_kobo) AS kobo
      FROM refunds r
      WHERE r.business_id = ${businessId} AND ${inRecent(sql`r.created_at`)}
        ${inStores('r.store_id', scope)}
      GROUP BY 1
    )
    -- kept days and recent days do not overlap: each day has its figures from one of them
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(k.n, s.n, 0) AS sales,
      coalesce(k.kobo, s.kobo, 0) AS sales_kobo, coalesce(k.rn, r.n, 0) AS refunds,
      coalesce(k.rkobo, r.kobo, 0) AS refund_kobo
    FROM days LEFT JOIN k ON k.day = days.day LEFT JOIN s ON s.day = days.day LEFT JOIN r ON r.day = days.day
    ORDER BY days.day`.execute(db);
  return rows.map((r) => ({
    date: r.day,
    totalValue: fromKobo(num(r.sales_kobo) - num(r.refund_kobo)),
    totalTransactions: num(r.sales) + num(r.refunds),
    totalSales: num(r.sales),
    totalSalesValue: money(r.sales_kobo),
  }));
};
