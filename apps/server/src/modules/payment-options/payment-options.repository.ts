import { sql } from 'kysely';
import type { CustomPaymentOption } from '@ms/contracts';
import type { Database } from '../../db/database.js';

/** Custom payment options and built-in switches (tables of migration 0006). */

export const OPTION_COLUMNS = [
  'business_id',
  'id',
  'name',
  'instructions',
  'active',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export type OptionRow = {
  business_id: string;
  id: string;
  name: string;
  instructions: string | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
};

export const toOption = (r: OptionRow): CustomPaymentOption => ({
  _id: r.id,
  id: r.id,
  business_id: r.business_id,
  name: r.name,
  instructions: r.instructions,
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Live options by name, or with `since` every option touched at or after it, tombstones included. */
export const optionsChangedSince = (db: Database, businessId: string, since?: Date) => {
  let q = db.selectFrom('payment_options').select(OPTION_COLUMNS).where('business_id', '=', businessId);
  q = since ? q.where('updated_at', '>=', since) : q.where('deleted_at', 'is', null);
  return q
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
};

/** Just past the newest change of options or switches, in whole ms (like lastCustomerChange). */
export const lastPaymentChange = async (db: Database, businessId: string): Promise<number | null> => {
  const row = await sql<{ last: number | null }>`
    SELECT (floor(extract(epoch from max(t)) * 1000) + 1)::float8 AS last FROM (
      SELECT max(updated_at) AS t FROM payment_options WHERE business_id = ${businessId}
      UNION ALL
      SELECT max(updated_at) FROM payment_method_switches WHERE business_id = ${businessId}
    ) x`.execute(db);
  return row.rows[0]?.last ?? null;
};

export const optionById = (db: Database, businessId: string, id: string) =>
  db
    .selectFrom('payment_options')
    .select(OPTION_COLUMNS)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Options of the business with these ids, deleted ones included (offline sales may name them). */
export const optionsByIds = (db: Database, businessId: string, ids: string[]) =>
  ids.length
    ? db
        .selectFrom('payment_options')
        .select(OPTION_COLUMNS)
        .where('business_id', '=', businessId)
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([] as OptionRow[]);

export const optionByName = (db: Database, businessId: string, name: string) =>
  db
    .selectFrom('payment_options')
    .select(OPTION_COLUMNS)
    .where('business_id', '=', businessId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const insertOption = (
  db: Database,
  o: {
    business_id: string;
    id: string;
    name: string;
    instructions: string | null;
    active: boolean;
    created_by: string;
  },
) => db.insertInto('payment_options').values(o).returning(OPTION_COLUMNS).executeTakeFirstOrThrow();

export const updateOption = (
  db: Database,
  businessId: string,
  id: string,
  patch: { name?: string; instructions?: string | null; active?: boolean },
) =>
  db
    .updateTable('payment_options')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(OPTION_COLUMNS)
    .executeTakeFirst();

export const tombstoneOption = (db: Database, businessId: string, id: string) =>
  db
    .updateTable('payment_options')
    .set({ deleted_at: sql`clock_timestamp()`, active: false })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

export const switchesOf = (db: Database, businessId: string) =>
  db
    .selectFrom('payment_method_switches')
    .select(['method', 'enabled', 'updated_at'])
    .where('business_id', '=', businessId)
    .execute();

export const saveSwitch = (db: Database, businessId: string, method: string, enabled: boolean) =>
  db
    .insertInto('payment_method_switches')
    .values({ business_id: businessId, method, enabled })
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'method'])
        .doUpdateSet({ enabled })
        .where('payment_method_switches.enabled', '<>', enabled),
    )
    .execute();
