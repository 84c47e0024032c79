import { sql, type RawBuilder } from 'kysely';
import {
  COST_PERMISSION,
  fromKobo,
  todayIn,
  toCsv,
  type CustomerSales,
  type CustomerSalesReport,
  type DailySalesRow,
  type EmployeeSalesReport,
  type EmployeeSummary,
  type ProductSalesReport,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessZone, dayEndIn, dayOf, dayStartIn } from '../../lib/business-time.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { keepSaleDays, keptIn, methodLabel, splitDays } from '../sales/index.js';

/**
 * Sales reports: aggregates in SQL over integer kobo, naira out. A sale belongs to the day, in the
 * business's time zone, it was made (`sold_at`: an offline sale's time on the device); its refunds
 * count against it. Cost is the unit cost each line was sold at.
 */

type Range = { startdate?: string | undefined; enddate?: string | undefined };
export type Scope = {
  b: string;
  from: RawBuilder<Date>;
  to: RawBuilder<Date>;
  startdate: string;
  enddate: string;
  stores: string[] | null;
  zone: string;
};

const n = (v: unknown): number => Number(v ?? 0);
const naira = (kobo: unknown): number => fromKobo(n(kobo));

/** The report's days and stores: store_ids must be this business's; a non-admin sees only their stores. */
export const reportScope = async (
  db: Database,
  auth: AuthContext,
  range: Range,
  storeIds: string[] | undefined,
): Promise<Scope> => {
  const zone = await businessZone(db, auth.businessId);
  const today = todayIn(zone);
  const startdate = range.startdate ?? (range.enddate && range.enddate < today ? range.enddate : today);
  const enddate = range.enddate ?? (startdate > today ? startdate : today);
  if (enddate < startdate) throw badRequest('enddate must be on or after startdate');
  const b = auth.businessId;
  let stores: string[] | null = null;
  if (storeIds && storeIds.length) {
    const unique = [...new Set(storeIds)];
    const found = await db
      .selectFrom('stores')
      .select('id')
      .where('business_id', '=', b)
      .where('id', 'in', unique)
      .where('deleted_at', 'is', null)
      .execute();
    if (found.length !== unique.length) throw notFound('Store');
    if (!auth.isAdmin && unique.some((s) => !auth.storeIds.includes(s)))
      throw forbidden('You are not assigned to this store.');
    stores = unique;
  } else if (!auth.isAdmin) stores = [...auth.storeIds];
  return {
    b,
    from: dayStartIn(zone, startdate),
    to: dayEndIn(zone, enddate),
    startdate,
    enddate,
    stores,
    zone,
  };
};

/** WHERE of the sales in scope (alias s). */
const salesIn = (sc: Scope): RawBuilder<unknown> => {
  const stores =
    sc.stores === null
      ? sql``
      : sc.stores.length
        ? sql`AND s.store_id IN (${sql.join(sc.stores)})`
        : sql`AND false`;
  return sql`s.business_id = ${sc.b} AND s.deleted_at IS NULL AND s.sold_at >= ${sc.from} AND s.sold_at < ${sc.to} ${stores}`;
};

const figures = (count: unknown, totalKobo: unknown, refundsKobo: unknown) => {
  const c = n(count);
  const net = n(totalKobo) - n(refundsKobo);
  return {
    sales_count: c,
    total: naira(totalKobo),
    refunds: naira(refundsKobo),
    net_total: fromKobo(net),
    average_sale: c ? fromKobo(Math.round(net / c)) : 0,
  };
};

// ------------------------------------------------------------------------------------------------
// By product

export const salesByProduct = async (db: Database, sc: Scope): Promise<ProductSalesReport> => {
  const { kept, recent } = splitDays(sc.startdate, sc.enddate, sc.zone);
  if (kept) await keepSaleDays(db, sc.b, kept);
  const { rows } = await sql<{
    product_id: string;
    variety_id: string | null;
    name: string;
    variety_name: string | null;
    qty: string;
    rq: string;
    gross: string;
    refunds: string;
    cost: string;
  }>`
    WITH u AS (
      -- the recent days' lines, and the kept days' sums per product and variety
      SELECT l.product_id, l.variety_id, l.name, l.quantity::bigint AS qty, l.refunded_quantity::bigint AS rq,
        l.net_kobo::bigint AS gross, l.refunded_kobo::bigint AS refunds,
        (l.quantity - l.refunded_quantity)::bigint * l.unit_cost_kobo AS cost
      FROM sale_lines l
      JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
      WHERE ${recent ? salesIn({ ...sc, from: dayStartIn(sc.zone, recent.start), to: dayEndIn(sc.zone, recent.end) }) : sql`false`}
        AND l.business_id = ${sc.b}
      UNION ALL
      SELECT k.product_id, k.variety_id, k.name, k.quantity, k.refunded_quantity, k.net_kobo, k.refunded_kobo, k.cost_kobo
      FROM sale_product_days k
      WHERE ${kept ? keptIn(sc.b, kept, sc.stores) : sql`false`}
    ), a AS (
      -- summed per product and variety first, names looked up once per row of the report
      SELECT product_id, variety_id, max(name) AS line_name,
        sum(qty)::bigint AS qty, sum(rq)::bigint AS rq, sum(gross)::bigint AS gross,
        sum(refunds)::bigint AS refunds, sum(cost)::bigint AS cost
      FROM u
      GROUP BY product_id, variety_id
    )
    SELECT a.product_id, a.variety_id, coalesce(p.name, a.line_name) AS name, v.name AS variety_name,
      a.qty, a.rq, a.gross, a.refunds, a.cost
    FROM a
    LEFT JOIN products p ON p.business_id = ${sc.b} AND p.id = a.product_id
    LEFT JOIN product_varieties v ON v.business_id = ${sc.b} AND v.id = a.variety_id
    ORDER BY a.gross - a.refunds DESC, 3, 4`.execute(db);
  const t = { qty: 0, rq: 0, gross: 0, refunds: 0, cost: 0 };
  const out = rows.map((r) => {
    const [qty, rq, gross, refunds, cost] = [n(r.qty), n(r.rq), n(r.gross), n(r.refunds), n(r.cost)];
    t.qty += qty;
    t.rq += rq;
    t.gross += gross;
    t.refunds += refunds;
    t.cost += cost;
    return {
      product_id: r.product_id,
      variety_id: r.variety_id,
      name: r.name,
      variety_name: r.variety_name,
      quantity_sold: qty,
      quantity_refunded: rq,
      net_quantity: qty - rq,
      gross_sales: fromKobo(gross),
      refunds: fromKobo(refunds),
      net_sales: fromKobo(gross - refunds),
      cost: fromKobo(cost),
      profit: fromKobo(gross - refunds - cost),
    };
  });
  return {
    startdate: sc.startdate,
    enddate: sc.enddate,
    store_ids: sc.stores,
    rows: out,
    totals: {
      quantity_sold: t.qty,
      quantity_refunded: t.rq,
      net_quantity: t.qty - t.rq,
      gross_sales: fromKobo(t.gross),
      refunds: fromKobo(t.refunds),
      net_sales: fromKobo(t.gross - t.refunds),
      cost: fromKobo(t.cost),
      profit: fromKobo(t.gross - t.refunds - t.cost),
    },
  };
};

/** Cost and profit are the owner's: admin, or a role holding COST_PERMISSION. */
export const seesCost = (auth: AuthContext): boolean => auth.isAdmin || auth.permissions.has(COST_PERMISSION);

/** The report without cost and profit (every row and the totals), for a role that may not see them. */
export const withoutCost = (r: ProductSalesReport): ProductSalesReport => {
  const strip = <T extends { cost?: number; profit?: number }>({ cost: _c, profit: _p, ...rest }: T) => rest;
  return { ...r, rows: r.rows.map(strip), totals: strip(r.totals) };
};

/** CSV of the report; Cost and Profit columns only when the report holds them. */
export const productCsv = (r: ProductSalesReport): string => {
  const withCost = r.totals.cost !== undefined;
  const costCells = (x: { cost?: number; profit?: number }) =>
    withCost ? [(x.cost ?? 0).toFixed(2), (x.profit ?? 0).toFixed(2)] : [];
  return toCsv(
    [
      'Product',
      'Variety',
      'Quantity sold',
      'Quantity refunded',
      'Net quantity',
      'Gross sales',
      'Refunds',
      'Net sales',
      ...(withCost ? ['Cost', 'Profit'] : []),
    ],
    [
      ...r.rows.map((x) => [
        x.name,
        x.variety_name,
        x.quantity_sold,
        x.quantity_refunded,
        x.net_quantity,
        x.gross_sales.toFixed(2),
        x.refunds.toFixed(2),
        x.net_sales.toFixed(2),
        ...costCells(x),
      ]),
      [
        'Total',
        '',
        r.totals.quantity_sold,
        r.totals.quantity_refunded,
        r.totals.net_quantity,
        r.totals.gross_sales.toFixed(2),
        r.totals.refunds.toFixed(2),
        r.totals.net_sales.toFixed(2),
        ...costCells(r.totals),
      ],
    ],
  );
};

// ------------------------------------------------------------------------------------------------
// By employee

const assertEmployee = async (db: Database, b: string, employeeId: string) => {
  const u = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('business_id', '=', b)
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!u) throw notFound('Employee');
  return u;
};

const dailyTotals = async (db: Database, sc: Scope, employeeId: string): Promise<DailySalesRow[]> => {
  const day = dayOf(sc.b, sql`s.sold_at`);
  const { rows } = await sql<{ day: string; c: string; total: string; refunds: string }>`
    SELECT ${day} AS day, count(*) AS c, sum(s.total_kobo)::bigint AS total, sum(s.refunded_kobo)::bigint AS refunds
    FROM sales s WHERE ${salesIn(sc)} AND s.user_id = ${employeeId}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows.map((r) => ({ date: r.day, ...figures(r.c, r.total, r.refunds) }));
};

export const salesByEmployee = async (
  db: Database,
  sc: Scope,
  employeeId: string | undefined,
): Promise<EmployeeSalesReport> => {
  if (employeeId) await assertEmployee(db, sc.b, employeeId);
  const { rows } = await sql<{
    user_id: string | null;
    name: string | null;
    c: string;
    total: string;
    refunds: string;
  }>`
    WITH a AS (
      -- summed per employee first, names looked up once per row of the report
      SELECT s.user_id, count(*) AS c, sum(s.total_kobo)::bigint AS total, sum(s.refunded_kobo)::bigint AS refunds
      FROM sales s
      WHERE ${salesIn(sc)} ${employeeId ? sql`AND s.user_id = ${employeeId}` : sql``}
      GROUP BY s.user_id
    )
    SELECT a.user_id, trim(u.first_name || ' ' || coalesce(u.last_name, '')) AS name, a.c, a.total, a.refunds
    FROM a LEFT JOIN users u ON u.business_id = ${sc.b} AND u.id = a.user_id
    ORDER BY a.total - a.refunds DESC, 2`.execute(db);
  const t = { c: 0, total: 0, refunds: 0 };
  const out = rows.map((r) => {
    t.c += n(r.c);
    t.total += n(r.total);
    t.refunds += n(r.refunds);
    return { employee_id: r.user_id ?? '', name: r.name || 'Unknown', ...figures(r.c, r.total, r.refunds) };
  });
  return {
    startdate: sc.startdate,
    enddate: sc.enddate,
    store_ids: sc.stores,
    rows: out,
    totals: figures(t.c, t.total, t.refunds),
    days: employeeId ? await dailyTotals(db, sc, employeeId) : null,
  };
};

const figureCells = (x: ReturnType<typeof figures>) => [
  x.sales_count,
  x.total.toFixed(2),
  x.refunds.toFixed(2),
  x.net_total.toFixed(2),
  x.average_sale.toFixed(2),
];
const FIGURE_HEADERS = ['Number of sales', 'Total sales', 'Refunds', 'Net sales', 'Average sale'];

export const employeeCsv = (r: EmployeeSalesReport): string =>
  r.days
    ? toCsv(
        ['Date', ...FIGURE_HEADERS],
        [...r.days.map((d) => [d.date, ...figureCells(d)]), ['Total', ...figureCells(r.totals)]],
      )
    : toCsv(
        ['Employee', ...FIGURE_HEADERS],
        [...r.rows.map((x) => [x.name, ...figureCells(x)]), ['Total', ...figureCells(r.totals)]],
      );

export const employeeSummary = async (
  db: Database,
  auth: AuthContext,
  sc: Scope,
  employeeId: string,
): Promise<EmployeeSummary> => {
  if (employeeId !== auth.userId && !auth.isAdmin && !auth.permissions.has('sales_history.view'))
    throw forbidden('Your role does not have permission to do this.');
  const u = await assertEmployee(db, sc.b, employeeId);
  const [head, items, pays] = await Promise.all([
    sql<{ c: string; total: string; refunds: string }>`
      SELECT count(*) AS c, coalesce(sum(s.total_kobo), 0)::bigint AS total, coalesce(sum(s.refunded_kobo), 0)::bigint AS refunds
      FROM sales s WHERE ${salesIn(sc)} AND s.user_id = ${employeeId}`.execute(db),
    sql<{ q: string }>`
      SELECT coalesce(sum(l.quantity - l.refunded_quantity), 0)::bigint AS q
      FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
      WHERE ${salesIn(sc)} AND s.user_id = ${employeeId}`.execute(db),
    sql<{ method: string; label: string | null; amount: string }>`
      SELECT p.method, sum(p.amount_kobo)::bigint AS amount,
        -- the name on its latest payment (a custom option may have been renamed since)
        (array_agg(p.method_label ORDER BY p.created_at DESC, p.id DESC) FILTER (WHERE p.method_label IS NOT NULL))[1] AS label
      FROM sale_payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
      WHERE ${salesIn(sc)} AND s.user_id = ${employeeId}
      GROUP BY p.method ORDER BY 2 DESC, 1`.execute(db),
  ]);
  const h = head.rows[0];
  return {
    startdate: sc.startdate,
    enddate: sc.enddate,
    employee_id: u.id,
    name: `${u.first_name} ${u.last_name ?? ''}`.trim(),
    ...figures(h?.c, h?.total, h?.refunds),
    items_sold: n(items.rows[0]?.q),
    payments: pays.rows.map((p) => ({
      method: p.method,
      method_label: p.label ?? methodLabel(p.method),
      amount: naira(p.amount),
    })),
  };
};

export const employeeSummaryCsv = (s: EmployeeSummary): string =>
  toCsv(
    ['Employee', 'From', 'To', ...FIGURE_HEADERS, 'Items sold'],
    [[s.name, s.startdate, s.enddate, ...figureCells(s), s.items_sold]],
  );

// ------------------------------------------------------------------------------------------------
// By customer

const customerName = sql<string>`trim(c.first_name || ' ' || coalesce(c.last_name, ''))`;

export const salesByCustomerReport = async (db: Database, sc: Scope): Promise<CustomerSalesReport> => {
  const { rows } = await sql<{
    id: string;
    name: string;
    phone: string | null;
    email: string | null;
    c: string;
    total: string;
    refunds: string;
    last: Date | string;
  }>`
    WITH a AS (
      -- summed per customer first, customers looked up once per row of the report
      SELECT s.customer_id, count(*) AS c, sum(s.total_kobo)::bigint AS total,
        sum(s.refunded_kobo)::bigint AS refunds, max(s.sold_at) AS last
      FROM sales s
      WHERE ${salesIn(sc)} AND s.customer_id IS NOT NULL
      GROUP BY s.customer_id
    )
    SELECT c.id, ${customerName} AS name, c.phone, c.email, a.c, a.total, a.refunds, a.last
    FROM a JOIN customers c ON c.business_id = ${sc.b} AND c.id = a.customer_id
    ORDER BY a.total - a.refunds DESC, 2`.execute(db);
  const t = { c: 0, total: 0, refunds: 0 };
  const out = rows.map((r) => {
    t.c += n(r.c);
    t.total += n(r.total);
    t.refunds += n(r.refunds);
    return {
      customer_id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      ...figures(r.c, r.total, r.refunds),
      last_purchase: new Date(r.last).toISOString(),
    };
  });
  return {
    startdate: sc.startdate,
    enddate: sc.enddate,
    store_ids: sc.stores,
    rows: out,
    totals: figures(t.c, t.total, t.refunds),
  };
};

export const customerReportCsv = (r: CustomerSalesReport): string =>
  toCsv(
    ['Customer', 'Phone', 'Email', ...FIGURE_HEADERS, 'Last purchase'],
    [
      ...r.rows.map((x) => [x.name, x.phone, x.email, ...figureCells(x), x.last_purchase]),
      ['Total', '', '', ...figureCells(r.totals), ''],
    ],
  );

/** One customer's sales (all time, the stores the caller may see); the list holds the latest 200. */
export const salesOfCustomer = async (
  db: Database,
  auth: AuthContext,
  customerId: string,
): Promise<CustomerSales> => {
  const b = auth.businessId;
  const c = await db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'phone', 'email'])
    .where('business_id', '=', b)
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!c) throw notFound('Customer');
  const storeFilter = auth.isAdmin
    ? sql``
    : auth.storeIds.length
      ? sql`AND s.store_id IN (${sql.join([...auth.storeIds])})`
      : sql`AND false`;
  const where = sql`s.business_id = ${b} AND s.deleted_at IS NULL AND s.customer_id = ${customerId} ${storeFilter}`;
  const [head, list] = await Promise.all([
    sql<{ c: string; total: string; refunds: string; last: Date | string | null }>`
      SELECT count(*) AS c, coalesce(sum(s.total_kobo), 0)::bigint AS total,
        coalesce(sum(s.refunded_kobo), 0)::bigint AS refunds, max(s.sold_at) AS last
      FROM sales s WHERE ${where}`.execute(db),
    sql<{
      id: string;
      receipt_number: string;
      store_id: string;
      status: string;
      total_kobo: string;
      refunded_kobo: string;
      created_at: Date | string;
    }>`
      SELECT s.id, s.receipt_number, s.store_id, s.status, s.total_kobo, s.refunded_kobo, s.sold_at AS created_at
      FROM sales s WHERE ${where} ORDER BY s.sold_at DESC, s.id DESC LIMIT 200`.execute(db),
  ]);
  const h = head.rows[0];
  return {
    customer_id: c.id,
    name: `${c.first_name} ${c.last_name ?? ''}`.trim(),
    phone: c.phone,
    email: c.email,
    ...figures(h?.c, h?.total, h?.refunds),
    last_purchase: h?.last ? new Date(h.last).toISOString() : null,
    sales: list.rows.map((s) => ({
      id: s.id,
      receipt_number: s.receipt_number,
      store_id: s.store_id,
      status: s.status,
      total: naira(s.total_kobo),
      refunded: naira(s.refunded_kobo),
      created_at: new Date(s.created_at).toISOString(),
    })),
  };
};

export const customerSalesCsv = (r: CustomerSales): string =>
  toCsv(
    ['Receipt', 'Date', 'Status', 'Total', 'Refunded'],
    r.sales.map((s) => [s.receipt_number, s.created_at, s.status, s.total.toFixed(2), s.refunded.toFixed(2)]),
  );
