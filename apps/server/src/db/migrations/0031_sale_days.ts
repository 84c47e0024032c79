import { sql, type Kysely } from 'kysely';
import { statementTriggerSql } from './statement-triggers.js';

/**
 * Sales summed per day, kept (issue 13; decision 0008 "Session 25"): the figures of a day that is over
 * are summed once and read from here, so a year's report adds up ~365 small rows instead of a year of
 * sale lines.
 *
 * - `sale_days`: per business, day of the business's zone and store: the sales made that day (count,
 *   total, paid and refunded on them since), their lines' units, units kept (less refunded) and the cost of
 *   those, and the refunds given that day (count, amount).
 * - `sale_product_days`: the same day's lines per product and variety (the by-product report).
 * - `sale_method_days`: the payments on that day's sales per method, with the name the method had on
 *   its latest payment (the sales history's totals).
 * - `sale_days_built`: the days summed. Only days before yesterday are built (by the first read that
 *   needs them: `modules/sales/sale-days.ts`); yesterday and today are always summed from the sales.
 * - `sale_days_stale`: days whose sales changed after their day (an offline sale uploaded late, a
 *   refund of an old sale, a sale's time corrected). Statement-level triggers on `sales`,
 *   `sale_lines` and `refunds` mark them in the writer's transaction; the next read of such a day sums
 *   it again. Nothing is written in the sale path for today's sales, so concurrent sales never queue on
 *   a summary row. A change of the business's time zone forgets every built day.
 *
 * Why the marks are safe: a writer marks every day before its own today; a reader builds only days
 * before its yesterday, so a change a reader could miss would need a transaction open across a whole
 * day. A build takes the business's advisory lock and deletes the marks it answers in the same
 * transaction; a mark committed after the build's statements stays and brings the day back next time.
 * A writer adds no mark where one is already (it holds that one with a shared lock until it commits,
 * so a build deleting it waits for the writer and then sums its change).
 */
/** The columns of a sale's lines and payments that the kept sums hold. */
const SUMMED = {
  sale_lines: [
    'sale_id',
    'product_id',
    'variety_id',
    'name',
    'quantity',
    'refunded_quantity',
    'net_kobo',
    'refunded_kobo',
    'unit_cost_kobo',
  ],
  sale_payments: ['sale_id', 'method', 'amount_kobo', 'method_label', 'created_at'],
};

const row = (alias: string, table: keyof typeof SUMMED) =>
  SUMMED[table].map((c) => `${alias}.${c}`).join(', ');

const statements = [
  `CREATE TABLE sale_days (
     business_id uuid NOT NULL,
     day date NOT NULL,
     store_id uuid NOT NULL,
     sales_count int NOT NULL DEFAULT 0,
     sales_kobo bigint NOT NULL DEFAULT 0,
     refunded_kobo bigint NOT NULL DEFAULT 0,
     paid_kobo bigint NOT NULL DEFAULT 0,
     items bigint NOT NULL DEFAULT 0,
     units_kept bigint NOT NULL DEFAULT 0,
     cost_kobo bigint NOT NULL DEFAULT 0,
     refunds_count int NOT NULL DEFAULT 0,
     refunds_kobo bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (business_id, day, store_id)
   )`,
  `CREATE TABLE sale_product_days (
     business_id uuid NOT NULL,
     day date NOT NULL,
     store_id uuid NOT NULL,
     product_id uuid NOT NULL,
     variety_id uuid,
     name text NOT NULL,
     quantity bigint NOT NULL,
     refunded_quantity bigint NOT NULL,
     net_kobo bigint NOT NULL,
     refunded_kobo bigint NOT NULL,
     cost_kobo bigint NOT NULL
   )`,
  `CREATE INDEX sale_product_days_day_idx ON sale_product_days (business_id, day)`,
  `CREATE TABLE sale_method_days (
     business_id uuid NOT NULL,
     day date NOT NULL,
     store_id uuid NOT NULL,
     method text NOT NULL,
     amount_kobo bigint NOT NULL,
     label text,
     label_at timestamptz,
     PRIMARY KEY (business_id, day, store_id, method)
   )`,
  `CREATE TABLE sale_days_built (business_id uuid NOT NULL, day date NOT NULL, PRIMARY KEY (business_id, day))`,
  // No key: a writer only inserts, so concurrent writers marking the same days never wait on each other.
  `CREATE TABLE sale_days_stale (business_id uuid NOT NULL, day date NOT NULL)`,
  `CREATE INDEX sale_days_stale_day_idx ON sale_days_stale (business_id, day)`,

  // Marks the days (of each business's zone) of these instants that are before the business's today.
  `CREATE FUNCTION sale_days_mark(kb uuid[], kt timestamptz[]) RETURNS void
     LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
   BEGIN
     INSERT INTO sale_days_stale (business_id, day)
     SELECT DISTINCT x.b, (x.t AT TIME ZONE bz.timezone)::date
       FROM unnest(kb, kt) AS x(b, t)
       JOIN businesses bz ON bz.id = x.b
      WHERE x.t IS NOT NULL
        AND (x.t AT TIME ZONE bz.timezone)::date < (clock_timestamp() AT TIME ZONE bz.timezone)::date
        -- One mark a day is enough, so days nobody reads do not pile them up. The mark found is locked
        -- (shared) until this transaction ends, so a build deleting it waits and then sees this change;
        -- a mark a build is deleting already is skipped, and this writer adds its own.
        AND NOT EXISTS (SELECT 1 FROM sale_days_stale m
                         WHERE m.business_id = x.b AND m.day = (x.t AT TIME ZONE bz.timezone)::date
                         FOR SHARE SKIP LOCKED);
   END
   $fn$`,
  // sales: a new or removed sale, or a change to what a day sums (its time, store, total, refunds, deletion).
  `CREATE FUNCTION sale_days_sales() RETURNS trigger
     LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
   DECLARE kb uuid[]; kt timestamptz[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(sold_at) INTO kb, kt FROM new_rows;
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(business_id), array_agg(sold_at) INTO kb, kt FROM old_rows;
     ELSE
       SELECT array_agg(x.b), array_agg(x.t) INTO kb, kt
         FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
        CROSS JOIN LATERAL (VALUES (o.business_id, o.sold_at), (n.business_id, n.sold_at)) AS x(b, t)
        WHERE (n.sold_at, n.store_id, n.total_kobo, n.amount_paid_kobo, n.refunded_kobo, n.deleted_at)
              IS DISTINCT FROM (o.sold_at, o.store_id, o.total_kobo, o.amount_paid_kobo, o.refunded_kobo, o.deleted_at);
     END IF;
     IF kb IS NOT NULL THEN PERFORM sale_days_mark(kb, kt); END IF;
     RETURN NULL;
   END
   $fn$`,
  // sale_lines and sale_payments: the day of the sale they belong to.
  ...(['sale_lines', 'sale_payments'] as const).map(
    (table) => `CREATE FUNCTION sale_days_${table}() RETURNS trigger
     LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
   DECLARE kb uuid[]; kt timestamptz[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(s.business_id), array_agg(s.sold_at) INTO kb, kt
         FROM (SELECT DISTINCT business_id, sale_id FROM new_rows) l
         JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id;
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(s.business_id), array_agg(s.sold_at) INTO kb, kt
         FROM (SELECT DISTINCT business_id, sale_id FROM old_rows) l
         JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id;
     ELSE
       SELECT array_agg(s.business_id), array_agg(s.sold_at) INTO kb, kt
         FROM (SELECT DISTINCT x.business_id, x.sale_id
                 FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
                CROSS JOIN LATERAL (VALUES (o.business_id, o.sale_id), (n.business_id, n.sale_id)) AS x(business_id, sale_id)
                WHERE (${row('n', table)}) IS DISTINCT FROM (${row('o', table)})) l
         JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id;
     END IF;
     IF kb IS NOT NULL THEN PERFORM sale_days_mark(kb, kt); END IF;
     RETURN NULL;
   END
   $fn$`,
  ),
  // refunds: the day each was given.
  `CREATE FUNCTION sale_days_refunds() RETURNS trigger
     LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
   DECLARE kb uuid[]; kt timestamptz[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(created_at) INTO kb, kt FROM new_rows;
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(business_id), array_agg(created_at) INTO kb, kt FROM old_rows;
     ELSE
       SELECT array_agg(x.b), array_agg(x.t) INTO kb, kt
         FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
        CROSS JOIN LATERAL (VALUES (o.business_id, o.created_at), (n.business_id, n.created_at)) AS x(b, t)
        WHERE (n.created_at, n.store_id, n.amount_kobo) IS DISTINCT FROM (o.created_at, o.store_id, o.amount_kobo);
     END IF;
     IF kb IS NOT NULL THEN PERFORM sale_days_mark(kb, kt); END IF;
     RETURN NULL;
   END
   $fn$`,
  // A new time zone moves every sale's day: forget the built days (under the lock a build takes).
  `CREATE FUNCTION sale_days_zone() RETURNS trigger LANGUAGE plpgsql AS $fn$
   BEGIN
     PERFORM pg_advisory_xact_lock(hashtextextended('sale_days:' || NEW.id::text, 0));
     DELETE FROM sale_days_built WHERE business_id = NEW.id;
     DELETE FROM sale_days WHERE business_id = NEW.id;
     DELETE FROM sale_product_days WHERE business_id = NEW.id;
     DELETE FROM sale_method_days WHERE business_id = NEW.id;
     RETURN NULL;
   END
   $fn$`,
  `CREATE TRIGGER businesses_sale_days_zone AFTER UPDATE OF timezone ON businesses
     FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION sale_days_zone()`,
];

const triggers = [
  ['sales', 'sale_days_sales'],
  ['sale_lines', 'sale_days_sale_lines'],
  ['sale_payments', 'sale_days_sale_payments'],
  ['refunds', 'sale_days_refunds'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const [table, fn] of triggers)
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const)
      await sql.raw(statementTriggerSql(table, 'sale_days', fn, event)).execute(db);
}
