import type { SalesSyncData } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { capDownload, inDownloadSnapshot } from '../../db/snapshot.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import { loadSales } from './sales.repository.js';

/** Stores whose sales the caller may see: all (admin) or their own; one named store is checked. */
const storeScope = async (
  db: Database,
  auth: AuthContext,
  storeIdOrAll: string,
): Promise<string[] | null> => {
  if (storeIdOrAll === 'all') return auth.isAdmin ? null : [...auth.storeIds];
  if (!isUuid(storeIdOrAll)) throw notFound('Store');
  await assertStoreAccess(db, auth, storeIdOrAll.toLowerCase());
  return [storeIdOrAll.toLowerCase()];
};

/** Incremental download: sales changed at or after `updated_at`, oldest change first, a page at a time. */
export const syncSales = async (
  db: Database,
  auth: AuthContext,
  storeIdOrAll: string,
  query: { updated_at?: number; limit: number },
): Promise<SalesSyncData> => {
  const stores = await storeScope(db, auth, storeIdOrAll);
  const b = auth.businessId;
  if (stores !== null && stores.length === 0)
    return {
      sales: [],
      metaData: {
        lastUpdate: query.updated_at ?? Date.now(),
        recordsRemoved: [],
        total_count: 0,
        hasMore: false,
      },
    };
  // One snapshot: a sale saved between the page and its cursor is never skipped; the cursor stops
  // short of sales still being written (capDownload).
  const { value, horizon } = await inDownloadSnapshot(db, async (tx) => {
    let q = tx.selectFrom('sales').where('business_id', '=', b);
    if (stores) q = q.where('store_id', 'in', stores);
    const since = query.updated_at === undefined ? null : new Date(query.updated_at);
    let changed = q
      .select(['id', 'updated_at', 'deleted_at'])
      .orderBy('updated_at')
      .orderBy('id')
      .limit(query.limit + 1);
    if (since) changed = changed.where('updated_at', '>=', since);
    else changed = changed.where('deleted_at', 'is', null);
    const [rows, count, last] = await Promise.all([
      changed.execute(),
      q
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
      q.select((eb) => eb.fn.max('updated_at').as('last')).executeTakeFirst(),
    ]);
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const live = page.filter((r) => !r.deleted_at).map((r) => r.id);
    const lastRow = page[page.length - 1];
    const lastUpdate =
      hasMore && lastRow
        ? new Date(lastRow.updated_at).getTime()
        : Math.max(query.updated_at ?? 0, last?.last ? new Date(last.last).getTime() : Date.now());
    return {
      sales: await loadSales(tx, b, live),
      metaData: {
        lastUpdate,
        recordsRemoved: page.filter((r) => r.deleted_at).map((r) => r.id),
        total_count: Number(count?.n ?? 0),
        hasMore,
      },
    };
  });
  return { ...value, metaData: capDownload(value.metaData, horizon, query.updated_at) };
};
