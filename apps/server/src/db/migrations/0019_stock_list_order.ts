import { sql, type Kysely } from 'kysely';

/**
 * The stock summary's low and out-of-stock lists read ten products, not every product with a low or
 * an out item (issue 13). At 100,000 items a store had ~8,000 products with a low item and ~800 with
 * one out, each looked up by key (~110 and ~50 ms).
 *
 * The low list is a scope's ten low items (in stock, at or under the threshold) with the smallest
 * quantity, then name; the out list its ten items out (none in stock) by name. A product's totals row
 * (migration 0012) now also keeps its own first low item's quantity and name (`low_min`,
 * `low_min_name`) and its first out item's name (`out_min_name`), and two partial indexes walk a
 * scope's rows in those orders. The ten items come from the first ten products of the walk, and from
 * any product tied with the tenth: each of those ten has an item no later than the tenth's first, so
 * no later product's item can be among the ten.
 *
 * `stock_totals_refresh` is 0012's function with the new columns (and 0017's planning settings);
 * the product and variety triggers also refresh a product when its or a variety's name changes.
 *
 * A store's out list counts the items never stocked there. They had no totals row in the store, so
 * the list had to look for them among all the business's products (~70 ms at 100,000). Every store
 * now has a row for every product: a product's changes refresh it in every store of the business
 * (not only where it has stock), a level of 0 makes the row as any level does, and a new store gets
 * its rows in one set-based statement (`stock_totals_new_stores`: nothing in stock, every item out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_product_totals ADD COLUMN low_min bigint, ADD COLUMN low_min_name text,
      ADD COLUMN out_min_name text`.execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_totals_refresh(kb uuid[], ks uuid[], kp uuid[]) RETURNS void
         LANGUAGE plpgsql SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $fn$
       BEGIN
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
                    count(*)::int AS tracked_items,
                    min(q.q) FILTER (WHERE q.q > 0 AND q.q <= q.thr) AS low_min,
                    (array_agg(q.name ORDER BY q.q, q.name) FILTER (WHERE q.q > 0 AND q.q <= q.thr))[1] AS low_min_name,
                    min(q.name) FILTER (WHERE q.q <= 0) AS out_min_name
               FROM (
                 SELECT i.cost, i.price, i.thr, i.name,
                        coalesce(lq.q, 0)::bigint AS q
                   FROM (
                     -- OFFSET 0 keeps the filters out of the lookups, so only the key's unique index fits
                     -- (with stale statistics a partial index on business_id alone looked as cheap).
                     SELECT pr.id AS item_id, pr.cost_price AS cost, pr.selling_price AS price,
                            pr.low_stock_threshold AS thr, pr.name AS name
                       FROM (SELECT * FROM products WHERE id = k.p OFFSET 0) pr
                      WHERE pr.business_id = k.b
                        AND pr.deleted_at IS NULL AND pr.track_stock AND pr.product_type = 'simple'
                     UNION ALL
                     SELECT v.id, v.cost_price, v.selling_price, pr.low_stock_threshold, pr.name || ' (' || v.name || ')'
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
                     units_in_stock, items_in_stock, products_in_stock, low_count, tracked_items, low_min, low_min_name,
                     out_min_name)
         SELECT b, s, p, value_cost, value_retail, units_in_stock, items_in_stock, products_in_stock, low_count,
                tracked_items, low_min, low_min_name, out_min_name
           FROM fresh ORDER BY b, s, p
         ON CONFLICT (business_id, scope_id, product_id) DO UPDATE SET
           value_cost = excluded.value_cost, value_retail = excluded.value_retail,
           units_in_stock = excluded.units_in_stock, items_in_stock = excluded.items_in_stock,
           products_in_stock = excluded.products_in_stock, low_count = excluded.low_count,
           tracked_items = excluded.tracked_items, low_min = excluded.low_min, low_min_name = excluded.low_min_name,
           out_min_name = excluded.out_min_name
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
         tracked_items = t.tracked_items + excluded.tracked_items;
       END
       $fn$`,
    )
    .execute(db);
  // A name change moves the product's first low and out items in their orders.
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_products_totals() RETURNS trigger LANGUAGE plpgsql
         SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $fn$
       DECLARE cb uuid[]; cp uuid[];
       BEGIN
         IF TG_OP = 'INSERT' THEN
           SELECT array_agg(business_id), array_agg(id) INTO cb, cp FROM new_rows WHERE product_type <> 'service';
         ELSIF TG_OP = 'DELETE' THEN
           SELECT array_agg(business_id), array_agg(id) INTO cb, cp FROM old_rows;
         ELSE
           SELECT array_agg(n.business_id), array_agg(n.id) INTO cb, cp
             FROM new_rows n JOIN old_rows o ON o.business_id = n.business_id AND o.id = n.id
            WHERE (n.cost_price, n.selling_price, n.low_stock_threshold, n.deleted_at, n.track_stock, n.product_type, n.name)
                  IS DISTINCT FROM (o.cost_price, o.selling_price, o.low_stock_threshold, o.deleted_at, o.track_stock, o.product_type, o.name);
         END IF;
         PERFORM stock_refresh_products(cb, cp);
         RETURN NULL;
       END
       $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_varieties_totals() RETURNS trigger LANGUAGE plpgsql
         SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $fn$
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
            WHERE (n.cost_price, n.selling_price, n.deleted_at, n.product_id, n.name)
                  IS DISTINCT FROM (o.cost_price, o.selling_price, o.deleted_at, o.product_id, o.name);
         END IF;
         PERFORM stock_refresh_products(cb, cp);
         RETURN NULL;
       END
       $fn$`,
    )
    .execute(db);
  // A product's change refreshes its rows in every store of the business, deleted ones included (a
  // store brought back must find its rows right), not only in the stores it has stock in.
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_refresh_products(cb uuid[], cp uuid[]) RETURNS void LANGUAGE plpgsql
         SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $fn$
       DECLARE kb uuid[]; ks uuid[]; kp uuid[];
       BEGIN
         IF cb IS NULL THEN RETURN; END IF;
         -- A store being made waits for this, or this for it (stock_stores_new_totals): the next
         -- statement then sees the new store, or the new store saw this change.
         PERFORM pg_advisory_xact_lock_shared(x.k)
            FROM (SELECT DISTINCT hashtextextended('stock_stores ' || b::text, 0) AS k FROM unnest(cb) AS b ORDER BY 1) x;
         WITH changed AS (SELECT DISTINCT b, p FROM unnest(cb, cp) AS x(b, p)),
         keys AS (
           SELECT b, b AS s, p FROM changed
           UNION
           SELECT c.b, st.id, c.p FROM changed c JOIN stores st ON st.business_id = c.b
         )
         SELECT array_agg(b), array_agg(s), array_agg(p) INTO kb, ks, kp FROM keys;
         PERFORM stock_totals_refresh(kb, ks, kp);
       END
       $fn$`,
    )
    .execute(db);
  // A new store: a row for each product with a tracked item, nothing in stock, every item out. One
  // set-based statement (a store added to a business of 100,000 products is one insert, not 100,000
  // refreshes).
  await sql
    .raw(
      `CREATE FUNCTION stock_totals_new_stores(sb uuid[], ss uuid[]) RETURNS void LANGUAGE sql AS $fn$
         WITH st AS (SELECT DISTINCT b, s FROM unnest(sb, ss) AS x(b, s)),
         items AS (
           SELECT st.b, st.s, p.id AS p, p.name AS name
             FROM st JOIN products p ON p.business_id = st.b
            WHERE p.deleted_at IS NULL AND p.track_stock AND p.product_type = 'simple'
           UNION ALL
           SELECT st.b, st.s, p.id, p.name || ' (' || v.name || ')'
             FROM st JOIN products p ON p.business_id = st.b
             JOIN product_varieties v ON v.business_id = p.business_id AND v.product_id = p.id
            WHERE p.deleted_at IS NULL AND p.track_stock AND p.product_type = 'variable' AND v.deleted_at IS NULL
         ),
         made AS (
           INSERT INTO stock_product_totals (business_id, scope_id, product_id, tracked_items, out_min_name)
           SELECT b, s, p, count(*), min(name) FROM items GROUP BY b, s, p ORDER BY b, s, p
           ON CONFLICT (business_id, scope_id, product_id) DO NOTHING
           RETURNING business_id, scope_id, tracked_items
         )
         INSERT INTO stock_totals AS t (business_id, scope_id, shard, tracked_items)
         SELECT business_id, scope_id, (pg_backend_pid() % 8)::smallint, sum(tracked_items)
           FROM made GROUP BY business_id, scope_id ORDER BY business_id, scope_id
         ON CONFLICT (business_id, scope_id, shard) DO UPDATE SET tracked_items = t.tracked_items + excluded.tracked_items
       $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION stock_stores_new_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
       BEGIN
         -- A product changed at the same time (stock_refresh_products) cannot see this uncommitted store:
         -- one waits for the other to commit, so the new store's rows never keep a stale name or count.
         PERFORM pg_advisory_xact_lock(x.k)
            FROM (SELECT DISTINCT hashtextextended('stock_stores ' || business_id::text, 0) AS k FROM new_rows ORDER BY 1) x;
         PERFORM stock_totals_new_stores(array_agg(business_id), array_agg(id)) FROM new_rows;
         RETURN NULL;
       END
       $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER stores_totals_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION stock_stores_new_totals()`,
    )
    .execute(db);
  // A level row of 0 (an item stocked at nothing in a store) refreshes the product's row there, as any
  // other level does.
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_levels_totals() RETURNS trigger LANGUAGE plpgsql
         SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $fn$
       DECLARE ab uuid[]; ast uuid[]; ai uuid[]; ap uuid[]; ad bigint[]; kb uuid[]; ks uuid[]; kp uuid[];
       BEGIN
         IF TG_OP = 'INSERT' THEN
           SELECT array_agg(business_id), array_agg(store_id), array_agg(item_id), array_agg(product_id), array_agg(quantity::bigint)
             INTO ab, ast, ai, ap, ad FROM new_rows;
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
    )
    .execute(db);
  // These replace 0012's and 0018's, on the same rows.
  await sql`DROP INDEX stock_product_totals_low_idx`.execute(db);
  await sql`DROP INDEX stock_product_totals_out_idx`.execute(db);
  await sql`
    CREATE INDEX stock_product_totals_low_idx ON stock_product_totals (business_id, scope_id, low_min, low_min_name)
     WHERE low_count > 0`.execute(db);
  await sql`
    CREATE INDEX stock_product_totals_out_idx ON stock_product_totals (business_id, scope_id, out_min_name)
     WHERE items_in_stock < tracked_items`.execute(db);
  await backfillStockListOrder(db);
}

/**
 * The new columns of the rows that have a low or an out item, and a row in every store for every
 * product (0012's backfill makes rows where there are levels only).
 */
export async function backfillStockListOrder(db: Kysely<unknown>): Promise<void> {
  await sql`
    SELECT stock_totals_refresh(array_agg(business_id), array_agg(scope_id), array_agg(product_id))
      FROM (SELECT business_id, scope_id, product_id FROM stock_product_totals
             WHERE low_count > 0 OR items_in_stock < tracked_items
            UNION
            -- levels of 0 made no row before
            SELECT DISTINCT l.business_id, l.store_id, l.product_id FROM stock_levels l
             WHERE NOT EXISTS (SELECT 1 FROM stock_product_totals t
                                WHERE t.business_id = l.business_id AND t.scope_id = l.store_id
                                  AND t.product_id = l.product_id)) k`.execute(db);
  // Then the products never stocked in a store.
  await sql`SELECT stock_totals_new_stores(array_agg(business_id), array_agg(id)) FROM stores`.execute(db);
}
