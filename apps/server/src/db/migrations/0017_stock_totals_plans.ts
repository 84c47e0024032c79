import { sql, type Kysely } from 'kysely';

/**
 * The stock totals' functions (migration 0012) keep their plans (issue 13). A profile of a sale
 * (auto_explain, nested statements) showed each `stock_totals_refresh` call spending ~0.4 ms running
 * its query and ~4-5 ms planning it: a LANGUAGE sql function is planned again on every call, and a
 * sale calls it twice (the store, and the business's all-stores figures) — ~10 ms of PostgreSQL CPU
 * per sale, which also held the rows it locks that much longer. The same body as PL/pgSQL, with
 * `plan_cache_mode = force_generic_plan` (its lookups are by key: one plan fits every call), is planned
 * once per connection; the trigger functions get the same setting. A one-item stock change went from
 * ~9.5 ms to ~1.8 ms. The body is taken from the function as 0012 made it, not repeated here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ body: string }>`
    SELECT prosrc AS body FROM pg_proc WHERE proname = 'stock_totals_refresh'`.execute(db);
  const body = rows[0]?.body;
  if (!body) throw new Error('stock_totals_refresh (migration 0012) is missing');
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_totals_refresh(kb uuid[], ks uuid[], kp uuid[]) RETURNS void
         LANGUAGE plpgsql SET enable_seqscan = off SET plan_cache_mode = force_generic_plan
         AS $fn$ BEGIN ${body.trim().replace(/;\s*$/, '')}; END $fn$`,
    )
    .execute(db);
  for (const fn of [
    'stock_levels_totals',
    'stock_item_totals_totals',
    'stock_refresh_products',
    'stock_products_totals',
    'stock_varieties_totals',
    'stock_stores_totals',
  ])
    await sql.raw(`ALTER FUNCTION ${fn} SET plan_cache_mode = force_generic_plan`).execute(db);
}
