import { sql, type RawBuilder } from 'kysely';
import { daysInRange, todayIn } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessZone, dayEndIn, dayStartIn, shiftDay } from '../../lib/business-time.js';

/**
 * Sales summed per day of the business and kept (migration 0031, decision 0008 "Session 25"). A day
 * before yesterday is summed from the sales the first time a figure needs it and read from
 * `sale_days` / `sale_product_days` after that, until a change to its sales marks it stale; yesterday
 * and today are always summed from the sales. The figures read the kept part of their range here and
 * the rest as before, and add the two.
 */

/** Days of the business, both ends included (YYYY-MM-DD). */
export type DayRange = { start: string; end: string };

/** null: every store of the business; else these stores. */
export type DayStores = readonly string[] | null;

/**
 * A range split at the last kept day (the day before yesterday, in the business's zone): `kept` is read
 * from the kept sums, `recent` summed from the sales. Either may be null.
 */
export const splitDays = (
  start: string,
  end: string,
  zone: string,
  now = new Date(),
): { kept: DayRange | null; recent: DayRange | null } => {
  if (start > end) return { kept: null, recent: { start, end } };
  const lastKept = shiftDay(todayIn(zone, now), -2);
  const kept = start <= lastKept ? { start, end: end < lastKept ? end : lastKept } : null;
  const recentStart = kept ? shiftDay(kept.end, 1) : start;
  return { kept, recent: recentStart <= end ? { start: recentStart, end } : null };
};

const lockOf = (businessId: string) =>
  sql`pg_advisory_xact_lock(hashtextextended('sale_days:' || ${businessId}::text, 0))`;

/** Sums the days of `days` that are not kept yet, or stale, from the sales (in one transaction). */
const buildDays = async (db: Database, businessId: string, days: DayRange): Promise<void> => {
  const b = businessId;
  await db.transaction().execute(async (tx) => {
    await sql`SELECT ${lockOf(b)}`.execute(tx);
    // Read under the lock: a change of zone (which forgets the kept days) cannot pass a build.
    const zone = await businessZone(tx, b);
    const { rows } = await sql<{ day: string }>`
      WITH stale AS (
        DELETE FROM sale_days_stale
         WHERE business_id = ${b} AND day BETWEEN ${days.start}::date AND ${days.end}::date
        RETURNING day
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS day
        FROM generate_series(${days.start}::date, ${days.end}::date, interval '1 day') d
       WHERE d::date IN (SELECT day FROM stale)
          OR NOT EXISTS (SELECT 1 FROM sale_days_built k WHERE k.business_id = ${b} AND k.day = d::date)
       ORDER BY 1`.execute(tx);
    const todo = rows.map((r) => r.day);
    if (todo.length === 0) return;
    const from = dayStartIn(zone, todo[0]!);
    const to = dayEndIn(zone, todo[todo.length - 1]!);
    await sql`DELETE FROM sale_product_days WHERE business_id = ${b} AND day = ANY(${todo}::date[])`.execute(
      tx,
    );
    await sql`DELETE FROM sale_method_days WHERE business_id = ${b} AND day = ANY(${todo}::date[])`.execute(
      tx,
    );
    await sql`DELETE FROM sale_days WHERE business_id = ${b} AND day = ANY(${todo}::date[])`.execute(tx);
    await sql`
      INSERT INTO sale_product_days (business_id, day, store_id, product_id, variety_id, name,
                  quantity, refunded_quantity, net_kobo, refunded_kobo, cost_kobo)
      SELECT ${b}, x.day, x.store_id, l.product_id, l.variety_id, max(l.name),
             sum(l.quantity), sum(l.refunded_quantity), sum(l.net_kobo), sum(l.refunded_kobo),
             sum((l.quantity - l.refunded_quantity)::bigint * l.unit_cost_kobo)
        FROM (SELECT s.id, s.store_id, (s.sold_at AT TIME ZONE ${zone}::text)::date AS day
                FROM sales s
               WHERE s.business_id = ${b} AND s.deleted_at IS NULL AND s.sold_at >= ${from} AND s.sold_at < ${to}) x
        JOIN sale_lines l ON l.business_id = ${b} AND l.sale_id = x.id
       WHERE x.day = ANY(${todo}::date[])
       GROUP BY x.day, x.store_id, l.product_id, l.variety_id`.execute(tx);
    await sql`
      INSERT INTO sale_method_days (business_id, day, store_id, method, amount_kobo, label, label_at)
      SELECT ${b}, x.day, x.store_id, p.method, sum(p.amount_kobo),
             -- the name on the method's latest payment that has one, and when it was taken
             (array_agg(p.method_label ORDER BY p.created_at DESC, p.id DESC) FILTER (WHERE p.method_label IS NOT NULL))[1],
             max(p.created_at) FILTER (WHERE p.method_label IS NOT NULL)
        FROM (SELECT s.id, s.store_id, (s.sold_at AT TIME ZONE ${zone}::text)::date AS day
                FROM sales s
               WHERE s.business_id = ${b} AND s.deleted_at IS NULL AND s.sold_at >= ${from} AND s.sold_at < ${to}) x
        JOIN sale_payments p ON p.business_id = ${b} AND p.sale_id = x.id
       WHERE x.day = ANY(${todo}::date[])
       GROUP BY x.day, x.store_id, p.method`.execute(tx);
    await sql`
      INSERT INTO sale_days (business_id, day, store_id, sales_count, sales_kobo, refunded_kobo, paid_kobo,
                  items, units_kept, cost_kobo, refunds_count, refunds_kobo)
      WITH s AS (
        SELECT (sold_at AT TIME ZONE ${zone}::text)::date AS day, store_id,
               count(*) AS n, sum(total_kobo) AS kobo, sum(refunded_kobo) AS refunded, sum(amount_paid_kobo) AS paid
          FROM sales
         WHERE business_id = ${b} AND deleted_at IS NULL AND sold_at >= ${from} AND sold_at < ${to}
         GROUP BY 1, 2
      ), l AS (
        SELECT day, store_id, sum(quantity) AS items, sum(quantity - refunded_quantity) AS kept, sum(cost_kobo) AS cost
          FROM sale_product_days
         WHERE business_id = ${b} AND day = ANY(${todo}::date[])
         GROUP BY 1, 2
      ), r AS (
        SELECT (created_at AT TIME ZONE ${zone}::text)::date AS day, store_id, count(*) AS n, sum(amount_kobo) AS kobo
          FROM refunds
         WHERE business_id = ${b} AND created_at >= ${from} AND created_at < ${to}
         GROUP BY 1, 2
      ), k AS (
        SELECT day, store_id FROM s UNION SELECT day, store_id FROM l UNION SELECT day, store_id FROM r
      )
      SELECT ${b}, k.day, k.store_id, coalesce(s.n, 0), coalesce(s.kobo, 0), coalesce(s.refunded, 0),
             coalesce(s.paid, 0), coalesce(l.items, 0), coalesce(l.kept, 0), coalesce(l.cost, 0), coalesce(r.n, 0), coalesce(r.kobo, 0)
        FROM k
        LEFT JOIN s ON s.day = k.day AND s.store_id = k.store_id
        LEFT JOIN l ON l.day = k.day AND l.store_id = k.store_id
        LEFT JOIN r ON r.day = k.day AND r.store_id = k.store_id
       WHERE k.day = ANY(${todo}::date[])`.execute(tx);
    await sql`
      INSERT INTO sale_days_built (business_id, day)
      SELECT ${b}, d FROM unnest(${todo}::date[]) d
      ON CONFLICT DO NOTHING`.execute(tx);
  });
};

/**
 * Makes sure every day of `days` (kept days only: `splitDays`) is summed and current. One small
 * query when they are; else the missing and stale days are summed from the sales first. Days before
 * the business's first sale hold nothing and are not kept (a range from the year 1 costs nothing).
 */
export const keepSaleDays = async (db: Database, businessId: string, days: DayRange): Promise<boolean> => {
  const { rows } = await sql<{ first: string | null; built: string; stale: boolean }>`
    WITH f AS (
      SELECT greatest(${days.start}::date, (
        SELECT (s.sold_at AT TIME ZONE bz.timezone)::date
          FROM sales s JOIN businesses bz ON bz.id = s.business_id
         WHERE s.business_id = ${businessId} ORDER BY s.sold_at LIMIT 1)) AS first
    )
    SELECT to_char(f.first, 'YYYY-MM-DD') AS first,
           (SELECT count(*) FROM sale_days_built
             WHERE business_id = ${businessId} AND day BETWEEN f.first AND ${days.end}::date) AS built,
           EXISTS (SELECT 1 FROM sale_days_stale
             WHERE business_id = ${businessId} AND day BETWEEN f.first AND ${days.end}::date) AS stale
      FROM f`.execute(db);
  const r = rows[0];
  // No sale yet, or none before the range's end: nothing to keep.
  if (!r?.first || r.first > days.end) return false;
  if (Number(r.built) === daysInRange(r.first, days.end) && !r.stale) return false;
  await buildDays(db, businessId, { start: r.first, end: days.end });
  return true;
};

/** How far back the nightly keeping goes: the dashboard's year and the year before it. */
const KEEP_BACK_DAYS = 2 * 366;

/**
 * Keeps the days of every business that sold in the last two years (each in its own transaction):
 * the day that has just become a kept one, and any day a late sale or refund marked stale. So an
 * owner opening a year waits for no summing (a year of unkept days is seconds of work). A business
 * that fails is left for the next run and does not stop the others; the run then fails so the job
 * is tried again. Answers how many businesses had days summed.
 */
export const keepAllSaleDays = async (
  db: Database,
  log: { error: (obj: object, msg: string) => void },
  now = new Date(),
): Promise<number> => {
  const since = new Date(now.getTime() - (KEEP_BACK_DAYS + 1) * 86_400_000);
  const { rows } = await sql<{ id: string; timezone: string }>`
    SELECT b.id, b.timezone FROM businesses b
     WHERE EXISTS (SELECT 1 FROM sales s WHERE s.business_id = b.id AND s.sold_at >= ${since})
     ORDER BY b.id`.execute(db);
  let summed = 0;
  let failed = 0;
  for (const b of rows) {
    try {
      const today = todayIn(b.timezone, now);
      const { kept } = splitDays(shiftDay(today, -KEEP_BACK_DAYS), today, b.timezone, now);
      if (kept && (await keepSaleDays(db, b.id, kept))) summed += 1;
    } catch (error) {
      failed += 1;
      log.error({ business: b.id, error: String(error) }, 'could not keep the sales days of a business');
    }
  }
  if (failed > 0) throw new Error(`sales days not kept for ${failed} of ${rows.length} businesses`);
  return summed;
};

/** WHERE of kept rows (alias k) of the business, the days and the stores. */
export const keptIn = (businessId: string, days: DayRange, stores: DayStores): RawBuilder<unknown> =>
  sql`k.business_id = ${businessId} AND k.day BETWEEN ${days.start}::date AND ${days.end}::date
    ${stores === null ? sql`` : sql`AND k.store_id = ANY(${[...stores]}::uuid[])`}`;

/** The kept days' sums (they must be kept first: `keepSaleDays`). */
export type KeptTotals = {
  salesCount: number;
  salesKobo: number;
  refundedKobo: number;
  paidKobo: number;
  items: number;
  unitsKept: number;
  costKobo: number;
  refundsCount: number;
  refundsKobo: number;
};

const NO_KEPT_TOTALS: KeptTotals = {
  salesCount: 0,
  salesKobo: 0,
  refundedKobo: 0,
  paidKobo: 0,
  items: 0,
  unitsKept: 0,
  costKobo: 0,
  refundsCount: 0,
  refundsKobo: 0,
};

/** The sums over kept days (kept first), for the stores. A null range: nothing. */
export const keptTotals = async (
  db: Database,
  businessId: string,
  days: DayRange | null,
  stores: DayStores,
): Promise<KeptTotals> => {
  if (days === null) return NO_KEPT_TOTALS;
  await keepSaleDays(db, businessId, days);
  const { rows } = await sql<Record<string, string | null>>`
    SELECT sum(sales_count) AS sales_count, sum(sales_kobo) AS sales_kobo, sum(refunded_kobo) AS refunded_kobo,
           sum(paid_kobo) AS paid_kobo, sum(items) AS items, sum(units_kept) AS units_kept, sum(cost_kobo) AS cost_kobo,
           sum(refunds_count) AS refunds_count, sum(refunds_kobo) AS refunds_kobo
      FROM sale_days k WHERE ${keptIn(businessId, days, stores)}`.execute(db);
  const r = rows[0] ?? {};
  const n = (v: string | null | undefined) => Number(v ?? 0);
  return {
    salesCount: n(r.sales_count),
    salesKobo: n(r.sales_kobo),
    refundedKobo: n(r.refunded_kobo),
    paidKobo: n(r.paid_kobo),
    items: n(r.items),
    unitsKept: n(r.units_kept),
    costKobo: n(r.cost_kobo),
    refundsCount: n(r.refunds_count),
    refundsKobo: n(r.refunds_kobo),
  };
};
