import type { CreateStoreBody, Store, StorePage, UpdateStoreBody } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { downloadHorizon, lastChangeCursor } from '../../db/snapshot.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import {
  allStoreIds,
  countStores,
  insertStore,
  pageStores,
  storesChangedSince,
  toStore,
  updateStore,
  type StorePatch,
} from './stores.repository.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId' | 'isAdmin' | 'storeIds'>;

const duplicateName = (name: string) =>
  conflict(`A store named "${name}" already exists in this business. Choose another name.`);

/**
 * Download for the offline store table (spec 000 §7.4). An admin gets what changed since
 * `updated_at` and the ids of stores deleted since. Other roles see only their assigned stores;
 * an assignment changes without touching the store row, so they always get all of theirs, and
 * every other store id is listed as removed so a store taken away from them disappears too.
 * Answered as JSON text: each store is built by PostgreSQL (stores.repository.ts).
 */
export const syncStores = async (db: Database, caller: Caller, updatedAt?: number): Promise<string> => {
  const since = updatedAt === undefined ? undefined : new Date(updatedAt);
  const horizon = await downloadHorizon(db);
  const { rows, last } = await storesChangedSince(db, caller.businessId, caller.isAdmin ? since : undefined);
  const lastUpdate = lastChangeCursor(last, horizon, updatedAt);
  let items: string[];
  let recordsRemoved: string[];
  if (caller.isAdmin) {
    items = rows.filter((r) => !r.removed).map((r) => r.json);
    recordsRemoved = rows.filter((r) => r.removed).map((r) => r.id);
  } else {
    const mine = new Set(caller.storeIds);
    const visible = rows.filter((r) => mine.has(r.id));
    items = visible.map((r) => r.json);
    const shown = new Set(visible.map((r) => r.id));
    recordsRemoved = since
      ? (await allStoreIds(db, caller.businessId)).filter((r) => !shown.has(r.id)).map((r) => r.id)
      : [];
  }
  return `{"items":[${items.join(',')}],"metaData":${JSON.stringify({ lastUpdate, recordsRemoved })}}`;
};

export const listStorePage = async (
  db: Database,
  caller: Caller,
  query: { page: number; limit: number; search?: string },
): Promise<StorePage> => {
  const filter = {
    businessId: caller.businessId,
    onlyIds: caller.isAdmin ? undefined : caller.storeIds,
    search: query.search || undefined,
  };
  const [total, rows] = await Promise.all([
    countStores(db, filter),
    pageStores(db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
  ]);
  return { items: rows.map(toStore), total, page: query.page, limit: query.limit };
};

export const createStore = async (db: Database, caller: Caller, body: CreateStoreBody): Promise<Store> => {
  try {
    const row = await insertStore(
      db,
      {
        id: newId(),
        businessId: caller.businessId,
        name: body.name,
        address: body.address || null,
        phone: body.phone ?? null,
        email: body.email ?? null,
      },
      caller.userId,
    );
    return toStore({ ...row, employees_count: 1 });
  } catch (error) {
    if (isUniqueViolation(error, 'stores_name_uq')) throw duplicateName(body.name);
    throw error;
  }
};

export const editStore = async (
  db: Database,
  caller: Caller,
  id: string,
  body: UpdateStoreBody,
): Promise<Store> => {
  // Ids that are not ours (or not ids at all) are simply not found; non-admins reach only their stores.
  if (!isUuid(id) || (!caller.isAdmin && !caller.storeIds.includes(id))) throw notFound('Store');
  const patch: StorePatch = { ...body };
  if (body.address !== undefined) patch.address = body.address || null;
  try {
    const row = await updateStore(db, caller.businessId, id, patch);
    if (!row) throw notFound('Store');
    return toStore(row);
  } catch (error) {
    if (isUniqueViolation(error, 'stores_name_uq')) throw duplicateName(body.name ?? '');
    throw error;
  }
};
