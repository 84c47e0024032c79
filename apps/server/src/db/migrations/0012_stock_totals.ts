import { sql, type Kysely } from 'kysely';
import { statementTriggerSql, type RowEvent } from './statement-triggers.js';

/**
 * The stock summary kept current (issue 13): reading it no longer scans every item.
 *
 * - `stock_item_totals`: each item's quantity summed over the business's live stores (the
 *   "all stores" view of the summary), kept by triggers on `stock_levels` and `stores`.
 * - `stock_product_totals`: one row per (business, scope, product) with that product's share of the
 *   summary figures; a scope is a store (its levels) or the business itself (all live stores, from
 *   `stock_item_totals`). Rebuilt for just the products a statement touched.
 * - `stock_totals`: the sum of those rows per (business, scope), in a few shards per scope (picked
 *   by the connection) so concurrent sales in one business do not queue on one row; a read sums
 *   the shards.
 *
 * Everything is maintained by statement-level triggers with transition tables, so any writer — the
 * stock ledger, a set-based import, a price edit, a delete — keeps the figures right, and a
 * statement that touches many rows does one set-based refresh. The refresh is one SQL function
 * (`stock_totals_refresh`) that recomputes the touched (business, scope, product) rows from the
 * current levels and prices and adds the difference to `stock_totals`.
 *
 * The functions run with `enable_seqscan = off`: every lookup is by key, and during a bulk load the
 * statistics still describe the tables as they were before it (a table of 11 rows that now holds
 * 20,000), which made the planner scan the table once per key.
 */
const statements = [
  `CREATE TABLE stock_item_totals (
     business_id uuid NOT NULL,
     item_id uuid NOT NULL,
     product_id uuid NOT NULL,
     quantity bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (business_id, item_id)
   )`,
  `CREATE INDEX stock_item_totals_product_idx ON stock_item_totals (business_id, product_id)`,

  `CREATE TABLE stock_product_totals (
     business_id uuid NOT NULL,
     scope_id uuid NOT NULL,
     product_id uuid NOT NULL,
     value_cost bigint NOT NULL DEFAULT 0,
     value_retail bigint NOT NULL DEFAULT 0,
     units_in_stock bigint NOT NULL DEFAULT 0,
     items_in_stock int NOT NULL DEFAULT 0,
     products_in_stock int NOT NULL DEFAULT 0,
     low_count int NOT NULL DEFAULT 0,
     tracked_items int NOT NULL DEFAULT 0,
     PRIMARY KEY (business_id, scope_id, product_id)
   )`,
  // The low-stock list starts from the products that have a low item in the scope.
  `CREATE INDEX stock_product_totals_low_idx ON stock_product_totals (business_id, scope_id) WHERE low_count > 0`,

  `CREATE TABLE stock_totals (
     business_id uuid NOT NULL,
     scope_id uuid NOT NULL,
     shard smallint NOT NULL,
     value_cost bigint NOT NULL DEFAULT 0,
     value_retail bigint NOT NULL DEFAULT 0,
     units_in_stock bigint NOT NULL DEFAULT 0,
     items_in_stock int NOT NULL DEFAULT 0,
     products_in_stock int NOT NULL DEFAULT 0,
     low_count int NOT NULL DEFAULT 0,
     tracked_items int NOT NULL DEFAULT 0,
     PRIMARY KEY (business_id, scope_id, shard)
   )`,

  // Recomputes the given (business, scope, product) rows and adds the change to stock_totals.
  // A scope equal to the business is "all live stores"; any other scope is a store.
  `CREATE FUNCTION stock_totals_refresh(kb uuid[], ks uuid[], kp uuid[]) RETURNS void LANGUAGE sql SET enable_seqscan = off AS $fn$
     WITH k AS (
       SELECT DISTINCT b, s, p FROM unnest(kb, ks, kp) AS x(b, s, p)
     ),
     -- Per key, index lookups only (the planner cannot know how many keys there are).
     fresh AS (
       SELECT k.b, k.s, k.p, f.*, o.value_cost AS o_value_cost, o.value_retail AS o_value_retail,
              o.units_in_stock AS o_units_in_stock, o.items_in_stock AS o_items_in_stock,
              o.products_in_stock AS o_products_in_stock, o.low_count AS o_low_count, o.tracked_items AS o_tracked_items
         FROM k
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(greatest(q.q, 0) * q.cost), 0)::bigint AS value_cost,
                  coalesce(sum(greatest(q.q, 0) * q.price), 0)::bigint AS value_retail,
                  coalesce(sum(greatest(q.q, 0)), 0)::bigint AS units_in_stock,
                  count(*) FILTER (WHERE q.q > 0)::int AS items_in_stock,
                  (count(*) FILTER (WHERE q.q > 0) > 0)::int AS products_in_stock,
                  count(*) FILTER (WHERE q.q > 0 AND q.q <= q.thr)::int AS low_count,
                  count(*)::int AS tracked_items
             FROM (
               SELECT i.cost, i.price, i.thr,
                      coalesce(lq.q, 0)::bigint AS q
                 FROM (
                   -- OFFSET 0 keeps the filters out of the lookups, so only the key's unique index fits
                   -- (with stale statistics a partial index on business_id alone looked as cheap).
                   SELECT pr.id AS item_id, pr.cost_price AS cost, pr.selling_price AS price, pr.low_stock_threshold AS thr
                     FROM (SELECT * FROM products WHERE id = k.p OFFSET 0) pr
                    WHERE pr.business_id = k.b
                      AND pr.deleted_at IS NULL AND pr.track_stock AND pr.product_type = 'simple'
                   UNION ALL
                   SELECT v.id, v.cost_price, v.selling_price, pr.low_stock_threshold
                     FROM (SELECT * FROM products WHERE id = k.p OFFSET 0) pr
                     CROSS JOIN LATERAL (
                       SELECT * FROM product_varieties WHERE business_id = k.b AND product_id = k.p OFFSET 0
                     ) v
                    WHERE pr.business_id = k.b
                      AND pr.deleted_at IS NULL AND pr.track_stock AND pr.product_type = 'variable' AND v.deleted_at IS NULL
                 ) i
                 CROSS JOIN LATERAL (
                   SELECT CASE WHEN k.s = k.b
                     THEN (SELECT t.quantity FROM stock_item_totals t WHERE t.business_id = k.b AND t.item_id = i.item_id)
                     ELSE (SELECT l.quantity FROM stock_levels l
                            WHERE l.business_id = k.b AND l.store_id = k.s AND l.item_id = i.item_id)
                   END AS q
                 ) lq
             ) q
         ) f
         LEFT JOIN LATERAL (
           SELECT * FROM stock_product_totals o WHERE o.business_id = k.b AND o.scope_id = k.s AND o.product_id = k.p
         ) o ON true
     ),
     saved AS (
       INSERT INTO stock_product_totals AS t (business_id, scope_id, product_id, value_cost, value_retail,
                   units_in_stock, items_in_stock, products_in_stock, low_count, tracked_items)
       SELECT b, s, p, value_cost, value_retail, units_in_stock, items_in_stock, products_in_stock, low_count, tracked_items
         FROM fresh ORDER BY b, s, p
       ON CONFLICT (business_id, scope_id, product_id) DO UPDATE SET
         value_cost = excluded.value_cost, value_retail = excluded.value_retail,
         units_in_stock = excluded.units_in_stock, items_in_stock = excluded.items_in_stock,
         products_in_stock = excluded.products_in_stock, low_count = excluded.low_count,
         tracked_items = excluded.tracked_items
     ),
     delta AS (
       SELECT b, s,
              sum(value_cost - coalesce(o_value_cost, 0))::bigint AS value_cost,
              sum(value_retail - coalesce(o_value_retail, 0))::bigint AS value_retail,
              sum(units_in_stock - coalesce(o_units_in_stock, 0))::bigint AS units_in_stock,
              sum(items_in_stock - coalesce(o_items_in_stock, 0))::int AS items_in_stock,
              sum(products_in_stock - coalesce(o_products_in_stock, 0))::int AS products_in_stock,
              sum(low_count - coalesce(o_low_count, 0))::int AS low_count,
              sum(tracked_items - coalesce(o_tracked_items, 0))::int AS tracked_items
         FROM fresh
        GROUP BY b, s
     )
     INSERT INTO stock_totals AS t (business_id, scope_id, shard, value_cost, value_retail, units_in_stock,
                 items_in_stock, products_in_stock, low_count, tracked_items)
     SELECT b, s, (pg_backend_pid() % 8)::smallint, value_cost, value_retail, units_in_stock, items_in_stock,
            products_in_stock, low_count, tracked_items
       FROM delta
      WHERE (value_cost, value_retail, units_in_stock, items_in_stock, products_in_stock, low_count, tracked_items)
            <> (0, 0, 0, 0, 0, 0, 0)
      ORDER BY b, s
     ON CONFLICT (business_id, scope_id, shard) DO UPDATE SET
       value_cost = t.value_cost + excluded.value_cost,
       value_retail = t.value_retail + excluded.value_retail,
       units_in_stock = t.units_in_stock + excluded.units_in_stock,
       items_in_stock = t.items_in_stock + excluded.items_in_stock,
       products_in_stock = t.products_in_stock + excluded.products_in_stock,
       low_count = t.low_count + excluded.low_count,
       tracked_items = t.tracked_items + excluded.tracked_items
   $fn$`,

  // stock_levels → the store's rows, and the items' all-stores quantity (live stores only).
  `CREATE FUNCTION stock_levels_totals() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   DECLARE ab uuid[]; ast uuid[]; ai uuid[]; ap uuid[]; ad bigint[]; kb uuid[]; ks uuid[]; kp uuid[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(store_id), array_agg(item_id), array_agg(product_id), array_agg(quantity::bigint)
         INTO ab, ast, ai, ap, ad FROM new_rows WHERE quantity <> 0;
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(business_id), array_agg(store_id), array_agg(item_id), array_agg(product_id), array_agg(-quantity::bigint)
         INTO ab, ast, ai, ap, ad FROM old_rows WHERE quantity <> 0;
     ELSE
       SELECT array_agg(n.business_id), array_agg(n.store_id), array_agg(n.item_id), array_agg(n.product_id), array_agg((n.quantity - o.quantity)::bigint)
         INTO ab, ast, ai, ap, ad
         FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.store_id = n.store_id AND o.item_id = n.item_id
        WHERE n.quantity <> o.quantity;
     END IF;
     IF ab IS NULL THEN RETURN NULL; END IF;
     INSERT INTO stock_item_totals AS t (business_id, item_id, product_id, quantity)
     SELECT ch.b, ch.i, min(ch.p::text)::uuid, sum(ch.d)
       FROM unnest(ab, ast, ai, ap, ad) AS ch(b, s, i, p, d)
       JOIN stores s ON s.business_id = ch.b AND s.id = ch.s AND s.deleted_at IS NULL
      GROUP BY ch.b, ch.i
     HAVING sum(ch.d) <> 0
      ORDER BY ch.b, ch.i
     ON CONFLICT (business_id, item_id) DO UPDATE SET quantity = t.quantity + excluded.quantity;
     SELECT array_agg(b), array_agg(s), array_agg(p) INTO kb, ks, kp
       FROM (SELECT DISTINCT b, s, p FROM unnest(ab, ast, ap) AS x(b, s, p)) x;
     PERFORM stock_totals_refresh(kb, ks, kp);
     RETURN NULL;
   END
   $fn$`,
  // stock_item_totals → the all-stores rows.
  `CREATE FUNCTION stock_item_totals_totals() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   DECLARE kb uuid[]; kp uuid[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(product_id) INTO kb, kp
         FROM (SELECT DISTINCT business_id, product_id FROM new_rows) x;
     ELSE
       SELECT array_agg(business_id), array_agg(product_id) INTO kb, kp FROM (
         SELECT DISTINCT n.business_id, n.product_id
           FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.item_id = n.item_id
          WHERE o.quantity <> n.quantity) x;
     END IF;
     IF kb IS NOT NULL THEN PERFORM stock_totals_refresh(kb, kb, kp); END IF;
     RETURN NULL;
   END
   $fn$`,
  // products and varieties → the all-stores scope and every store the product has stock in.
  `CREATE FUNCTION stock_refresh_products(cb uuid[], cp uuid[]) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   DECLARE kb uuid[]; ks uuid[]; kp uuid[];
   BEGIN
     IF cb IS NULL THEN RETURN; END IF;
     WITH changed AS (SELECT DISTINCT b, p FROM unnest(cb, cp) AS x(b, p)),
     keys AS (
       SELECT b, b AS s, p FROM changed
       UNION
       SELECT c.b, x.store_id, c.p
         FROM changed c
         CROSS JOIN LATERAL (SELECT l.store_id FROM stock_levels l WHERE l.business_id = c.b AND l.product_id = c.p) x
     )
     SELECT array_agg(b), array_agg(s), array_agg(p) INTO kb, ks, kp FROM keys;
     PERFORM stock_totals_refresh(kb, ks, kp);
   END
   $fn$`,
  `CREATE FUNCTION stock_products_totals() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   DECLARE cb uuid[]; cp uuid[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(id) INTO cb, cp FROM new_rows WHERE product_type <> 'service';
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(business_id), array_agg(id) INTO cb, cp FROM old_rows;
     ELSE
       SELECT array_agg(n.business_id), array_agg(n.id) INTO cb, cp
         FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
        WHERE (n.cost_price, n.selling_price, n.low_stock_threshold, n.deleted_at, n.track_stock, n.product_type)
              IS DISTINCT FROM (o.cost_price, o.selling_price, o.low_stock_threshold, o.deleted_at, o.track_stock, o.product_type);
     END IF;
     PERFORM stock_refresh_products(cb, cp);
     RETURN NULL;
   END
   $fn$`,
  `CREATE FUNCTION stock_varieties_totals() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   DECLARE cb uuid[]; cp uuid[];
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT array_agg(business_id), array_agg(product_id) INTO cb, cp FROM new_rows;
     ELSIF TG_OP = 'DELETE' THEN
       SELECT array_agg(business_id), array_agg(product_id) INTO cb, cp FROM old_rows;
     ELSE
       SELECT array_agg(x.b), array_agg(x.p) INTO cb, cp
         FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.business_id, n.product_id), (o.business_id, o.product_id)) AS x(b, p)
        WHERE (n.cost_price, n.selling_price, n.deleted_at, n.product_id)
              IS DISTINCT FROM (o.cost_price, o.selling_price, o.deleted_at, o.product_id);
     END IF;
     PERFORM stock_refresh_products(cb, cp);
     RETURN NULL;
   END
   $fn$`,
  // A store deleted (or brought back) leaves (or rejoins) the all-stores quantities.
  `CREATE FUNCTION stock_stores_totals() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
   BEGIN
     INSERT INTO stock_item_totals AS t (business_id, item_id, product_id, quantity)
     SELECT l.business_id, l.item_id, min(l.product_id::text)::uuid,
            sum(CASE WHEN n.deleted_at IS NULL THEN l.quantity ELSE -l.quantity END)
       FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
       JOIN stock_levels l ON l.business_id = n.business_id AND l.store_id = n.id
      WHERE (n.deleted_at IS NULL) <> (o.deleted_at IS NULL)
      GROUP BY l.business_id, l.item_id
     HAVING sum(CASE WHEN n.deleted_at IS NULL THEN l.quantity ELSE -l.quantity END) <> 0
      ORDER BY l.business_id, l.item_id
     ON CONFLICT (business_id, item_id) DO UPDATE SET quantity = t.quantity + excluded.quantity;
     RETURN NULL;
   END
   $fn$`,
];

const triggers: [table: string, fn: string, events: RowEvent[]][] = [
  ['stock_levels', 'stock_levels_totals', ['INSERT', 'UPDATE', 'DELETE']],
  ['stock_item_totals', 'stock_item_totals_totals', ['INSERT', 'UPDATE']],
  ['products', 'stock_products_totals', ['INSERT', 'UPDATE', 'DELETE']],
  ['product_varieties', 'stock_varieties_totals', ['INSERT', 'UPDATE', 'DELETE']],
  ['stores', 'stock_stores_totals', ['UPDATE']],
];

const triggerSql = ([table, fn, events]: (typeof triggers)[number]): string[] =>
  events.map((event) => statementTriggerSql(table, 'totals', fn, event));

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const t of triggers) for (const statement of triggerSql(t)) await sql.raw(statement).execute(db);
  await backfillStockTotals(db);
}

/** Builds every business's totals from its levels, prices and stores (the triggers keep them after). */
export async function backfillStockTotals(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO stock_item_totals (business_id, item_id, product_id, quantity)
    SELECT l.business_id, l.item_id, min(l.product_id::text)::uuid, sum(l.quantity)
      FROM stock_levels l JOIN stores s ON s.business_id = l.business_id AND s.id = l.store_id AND s.deleted_at IS NULL
     GROUP BY l.business_id, l.item_id`.execute(db);
  // (The insert above already refreshed the all-stores rows of products with stock, via its trigger.)
  await sql`
    SELECT stock_totals_refresh(array_agg(business_id), array_agg(scope_id), array_agg(product_id))
      FROM (SELECT business_id, business_id AS scope_id, id AS product_id FROM products
            UNION
            SELECT DISTINCT business_id, store_id, product_id FROM stock_levels) k`.execute(db);
}
