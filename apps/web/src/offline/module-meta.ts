import type { BusinessDb, ModuleMeta, TableName } from './db';

/**
 * A `syncing` mark older than this belongs to a tab that crashed mid-sync: ignore it. (Where the
 * browser has Web Locks the download holds its module's lock, and a mark left by a tab that is gone
 * is ignored at once: see `claimModule`.)
 */
export const STALE_SYNCING_MS = 10 * 60_000;

export const isSyncingNow = (meta: ModuleMeta | undefined, now = Date.now()): boolean =>
  meta?.syncStatus === 'syncing' && now - (meta.markedAt ?? 0) < STALE_SYNCING_MS;

/**
 * Mark the module syncing unless it already is (checked and marked in one transaction, so two tabs
 * cannot both start it). Returns the metadata as it was (undefined: none, a clean-slate sync), or
 * 'busy' when the module is already syncing. `lockHeld`: the caller holds the module's Web Lock, so
 * no live tab is syncing it and a `syncing` mark is what a reloaded or closed page left behind.
 */
export const claimModule = async (
  db: BusinessDb,
  table: TableName,
  lockHeld = false,
): Promise<ModuleMeta | undefined | 'busy'> =>
  db.transaction('rw', db.meta(table), async () => {
    const meta = await db.meta(table).get(table);
    if (!lockHeld && isSyncingNow(meta)) return 'busy';
    await db.meta(table).put({
      modulename: table,
      businessID: db.businessId,
      lastUpdate: 0,
      ...meta,
      syncStatus: 'syncing',
      markedAt: Date.now(),
    });
    return meta;
  });

/**
 * Finish the module's sync: synced (with what it holds now, and `also`) or failed. Only a sync that
 * finished counts the rows: `totalRecords` is what says "downloaded to this device" (local-index.ts),
 * and a first download that failed half-way has not (the till would say "Ready offline" without its
 * catalogue); a later sync that fails keeps the count of the one before.
 */
export const releaseModule = async (
  db: BusinessDb,
  table: TableName,
  status: 'synced' | 'failed',
  also: Pick<ModuleMeta, 'storeScope'> = {},
) => {
  await db.transaction('rw', db.meta(table), db.data(table), async () => {
    const meta = await db.meta(table).get(table);
    if (!meta) return;
    const totalRecords = status === 'synced' ? await db.data(table).count() : meta.totalRecords;
    await db.meta(table).put({ ...meta, ...also, syncStatus: status, markedAt: Date.now(), totalRecords });
  });
};
