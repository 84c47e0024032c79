import { sql } from 'kysely';
import type { Store } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { isoTimeSql } from '../../db/iso-time.js';
import { fixedStatement } from '../../db/prepared.js';
import { ensureMainTills } from '../registers/index.js';
import { escapeLike } from '../../lib/like.js';

const columns = [
  's.id',
  's.business_id',
  's.name',
  's.address',
  's.phone',
  's.email',
  's.is_active',
  's.created_at',
  's.updated_at',
  's.deleted_at',
] as const;

/** What an insert or update hands back to be shaped by toStore. */
const STORE_COLUMNS = [
  'id',
  'business_id',
  'name',
  'address',
  'phone',
  'email',
  'is_active',
  'created_at',
  'updated_at',
] as const;

type StoreRow = {
  id: string;
  business_id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  employees_count?: number;
};

export const toStore = (s: StoreRow): Store => ({
  _id: s.id,
  id: s.id,
  business_id: s.business_id,
  name: s.name,
  address: s.address,
  phone: s.phone,
  email: s.email,
  is_active: s.is_active,
  ...(s.employees_count !== undefined ? { employees_count: s.employees_count } : {}),
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});

/** Every store id of the business with whether it is a tombstone. */
export const allStoreIds = (db: Database, businessId: string) =>
  db
    .selectFrom('stores as s')
    .select(['s.id', 's.deleted_at'])
    .where('s.business_id', '=', businessId)
    .execute();

/** A store as the contract's `Store` (the same fields as `toStore`), built by PostgreSQL as JSON text. */
const STORE_JSON = `json_build_object(
    '_id', s.id, 'id', s.id, 'business_id', s.business_id, 'name', s.name, 'address', s.address,
    'phone', s.phone, 'email', s.email, 'is_active', s.is_active,
    'created_at', ${isoTimeSql('s.created_at')}, 'updated_at', ${isoTimeSql('s.updated_at')})::text`;

const STORE_LIST_SQL = (changed: string) => `
  SELECT m.last, c.id, c.removed, c.json
    FROM (SELECT (floor(extract(epoch from max(updated_at)) * 1000) + 1)::float8 AS last
            FROM stores WHERE business_id = $1) m
    LEFT JOIN LATERAL (
      SELECT s.id, s.deleted_at IS NOT NULL AS removed, ${STORE_JSON} AS json, s.created_at
        FROM stores s
       WHERE s.business_id = $1 AND ${changed}) c ON true
   ORDER BY c.created_at, c.id`;

/** A store of the list: its id, whether it is a tombstone, and (live or not) its JSON text. */
export type ListedStore = { id: string; removed: boolean; json: string };
/** The LEFT JOIN's one row when the business has no store to send: its columns are null. */
type StoreListRow = { last: number | null } & (ListedStore | { id: null; removed: null; json: null });

/**
 * Every device asks for its stores at each sync: two fixed, named statements (db/prepared.ts), each
 * store already JSON text, so the route sends it without parsing timestamps, shaping or validating
 * rows (an authenticated read cost ~20 % less; decision 0006, "Session 14").
 */
const liveStores = fixedStatement<StoreListRow>(STORE_LIST_SQL('s.deleted_at IS NULL'));
const storesSince = fixedStatement<StoreListRow>(STORE_LIST_SQL('s.updated_at >= $2'));

/**
 * Live stores, or with `since` every store touched at or after it, tombstones included; and just past
 * the newest change to the business's stores, in whole ms (timestamps hold µs): the next download asks
 * for rows at or after it, so the row that set it is not sent again. One query (every device asks for
 * this at each sync): the newest change is one row, joined to the stores, so it comes back when no store
 * changed.
 */
export const storesChangedSince = async (
  db: Database,
  businessId: string,
  since?: Date,
): Promise<{ rows: ListedStore[]; last: number | null }> => {
  const rows = since ? await storesSince(db, [businessId, since]) : await liveStores(db, [businessId]);
  return {
    rows: rows.filter((r): r is StoreListRow & ListedStore => r.id != null),
    last: rows[0]?.last ?? null,
  };
};

export type StoreFilter = { businessId: string; onlyIds?: readonly string[]; search?: string };

const filtered = (db: Database, f: StoreFilter) => {
  let q = db
    .selectFrom('stores as s')
    .where('s.business_id', '=', f.businessId)
    .where('s.deleted_at', 'is', null);
  if (f.onlyIds) q = f.onlyIds.length ? q.where('s.id', 'in', [...f.onlyIds]) : q.where(sql<boolean>`false`);
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    q = q.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.address', 'ilike', pattern)]));
  }
  return q;
};

export const countStores = async (db: Database, f: StoreFilter): Promise<number> =>
  Number(
    (
      await filtered(db, f)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A page of live stores with how many employees each is assigned to. */
export const pageStores = (db: Database, f: StoreFilter, page: { offset: number; limit: number }) =>
  filtered(db, f)
    .select(columns)
    .select(
      sql<number>`(select count(*)::int from user_stores us
        where us.business_id = s.business_id and us.store_id = s.id)`.as('employees_count'),
    )
    .orderBy('s.created_at')
    .orderBy('s.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export type NewStore = {
  id: string;
  businessId: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
};

/** The store, its assignment to the user who created it and its "Main till", together. */
export const insertStore = (db: Database, s: NewStore, assignTo: string) =>
  db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('stores')
      .values({
        business_id: s.businessId,
        id: s.id,
        name: s.name,
        address: s.address,
        phone: s.phone,
        email: s.email,
      })
      .returning(STORE_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('user_stores')
      .values({ business_id: s.businessId, user_id: assignTo, store_id: s.id })
      .execute();
    await ensureMainTills(tx, s.businessId, [s.id]);
    return row;
  });

export type StorePatch = Partial<{
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  is_active: boolean;
}>;

/** Undefined when no live store of this business has this id. */
export const updateStore = (db: Database, businessId: string, id: string, patch: StorePatch) =>
  db
    .updateTable('stores')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(STORE_COLUMNS)
    .executeTakeFirst();

/** The business's stores (not removed), oldest first: id and name. */
export const storeNames = (db: Tx, businessId: string) =>
  db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
