import { sql } from 'kysely';
import type { ProductOption } from '@ms/contracts';
import type { Database } from '../../db/database.js';

const COLUMNS = ['id', 'name', 'option_values', 'created_at', 'updated_at'] as const;

type OptionRow = { id: string; name: string; option_values: string[]; created_at: Date; updated_at: Date };

export const toOption = (r: OptionRow): ProductOption => ({
  _id: r.id,
  id: r.id,
  name: r.name,
  values: r.option_values,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const listOptions = (db: Database, businessId: string) =>
  db
    .selectFrom('product_options')
    .select(COLUMNS)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();

export const insertOption = (
  db: Database,
  o: { businessId: string; id: string; name: string; values: string[] },
) =>
  db
    .insertInto('product_options')
    .values({ business_id: o.businessId, id: o.id, name: o.name, option_values: o.values })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

/** Undefined when no live option of this business has this id. */
export const updateOption = (
  db: Database,
  businessId: string,
  id: string,
  patch: { name?: string; option_values?: string[] },
) =>
  db
    .updateTable('product_options')
    .set(Object.keys(patch).length ? patch : { name: sql`name` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();

export const tombstoneOption = async (db: Database, businessId: string, id: string) =>
  !!(await db
    .updateTable('product_options')
    .set({ deleted_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst());
