import type { Product } from '@ms/contracts';
import { ApiError, api } from '@/lib/api-client';
import { isAdmin, sessionStore } from '@/lib/session-store';
import { businessDb, type BusinessDb, type LocalRecord, type ModuleMeta } from './db';
import { settleOpenIndex } from './local-index';
import { lessQueuedSales } from './local-stock';
import { refreshScreensOf } from './refresh-screens';
import { ifLockFree } from './locks';
import { claimModule, releaseModule } from './module-meta';
import type { Download, SyncModule } from './modules';
import { syncStatus } from './sync-status';

/**
 * Downloads of spec 000 §4/§7.4: with metadata, only what changed since `lastUpdate` (merged in,
 * `recordsRemoved` deleted); without, a clean slate. Each page is written in ONE transaction, in
 * chunks of WRITE_CHUNK records, together with the new `lastUpdate` (a crash resumes from there).
 */
export const WRITE_CHUNK = 1_000;

export type Page = { items: LocalRecord[]; lastUpdate: number | null; removed: string[]; hasMore: boolean };
/**
 * `done`: downloaded, and the table changed (its screens were refreshed); `unchanged`: downloaded,
 * nothing new; `skipped`: another run has it (or sales made here still wait to upload).
 */
export type DownloadOutcome = 'done' | 'unchanged' | 'skipped' | 'unavailable';

type Meta = { lastUpdate?: number; recordsRemoved?: string[]; hasMore?: boolean; total_count?: number };

const asRecords = (rows: unknown, idOf?: Download['idOf']): LocalRecord[] => {
  if (!Array.isArray(rows)) return [];
  return rows
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => (idOf && r._id === undefined ? { ...r, _id: idOf(r) } : r) as LocalRecord);
};

/** Read one response into a page (rows, the server's lastUpdate, removed ids, whether more follow). */
export const toPage = (data: Record<string, unknown>, d: Download): Page => {
  const meta = (data.metaData ?? {}) as Meta;
  return {
    items: asRecords(d.itemsOf ? d.itemsOf(data) : data.items, d.idOf),
    lastUpdate: typeof meta.lastUpdate === 'number' ? meta.lastUpdate : null,
    removed: Array.isArray(meta.recordsRemoved) ? meta.recordsRemoved.map(String) : [],
    hasMore: !!d.paged && meta.hasMore === true,
  };
};

const fetchPage = async (businessId: string, d: Download, since: number | undefined): Promise<Page> => {
  const query = { ...d.query, ...(since ? { updated_at: since } : {}) };
  const data = await api.get<Record<string, unknown>>(d.path(businessId), { query });
  return toPage(data ?? {}, d);
};

const putInChunks = async (db: BusinessDb, m: SyncModule, items: LocalRecord[]) => {
  for (let i = 0; i < items.length; i += WRITE_CHUNK)
    await db.data(m.table).bulkPut(items.slice(i, i + WRITE_CHUNK));
};

/** Empty the table for a clean slate, keeping records made here that still wait to upload. */
const clearKeepingUnsynced = async (db: BusinessDb, m: SyncModule) => {
  await db.data(m.table).clear();
  const waiting = await db.unsynced(m.table).toArray();
  if (waiting.length) await db.data(m.table).bulkPut(waiting);
};

/** JSON with every object's keys in order: equal for equal records, whatever order their fields came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * Write one page: (clear), merge the rows, delete the removed ones, move `lastUpdate` on. Returns how
 * many rows it wrote or removed (a clean slate counts one): 0 when the screens showing the table need
 * not look again. A whole list (`full`, a few dozen rows) replaces the table on every run: it counts
 * only when the table is no longer what it was (compared in the same transaction).
 */
export const writePage = async (
  db: BusinessDb,
  m: SyncModule,
  page: Page,
  clear: boolean,
): Promise<number> => {
  const scope = [db.data(m.table), db.unsynced(m.table), db.meta(m.table), db.unsynced('pos')];
  return db.transaction('rw', scope, async () => {
    const before = clear && m.download?.full ? canonical(await db.data(m.table).toArray()) : null;
    if (clear) await clearKeepingUnsynced(db, m);
    const items =
      m.table === 'products'
        ? (lessQueuedSales(
            page.items as unknown as Product[],
            await db.unsynced('pos').toArray(),
          ) as unknown as LocalRecord[])
        : page.items;
    await putInChunks(db, m, items);
    if (page.removed.length) await db.data(m.table).bulkDelete(page.removed);
    const meta = await db.meta(m.table).get(m.table);
    if (meta && page.lastUpdate !== null)
      await db.meta(m.table).put({ ...meta, lastUpdate: page.lastUpdate, recordsRemoved: page.removed });
    if (before !== null) return before === canonical(await db.data(m.table).toArray()) ? 0 : 1;
    return page.items.length + page.removed.length + (clear ? 1 : 0);
  });
};

/** Not an error for the sync status: a list the server does not offer yet (404, optional modules),
 *  or one this person's role may not see (403: e.g. tickets for a role without pos.manage_tickets). */
const isUnavailable = (m: SyncModule, error: unknown) =>
  error instanceof ApiError && (error.status === 403 || (error.status === 404 && !!m.download?.optional));

/**
 * Pages fetched and not yet written, at most (besides the one being written): the server builds the
 * next page, and the network carries it, while IndexedDB writes an earlier one. A products page is
 * ~4 MB of JSON, so a few at most are held in memory.
 */
export const PAGES_AHEAD = 2;

type Fetched = { page: Page; more: boolean };

/**
 * Asks for page after page from `since`, each from the lastUpdate of the one before, without waiting
 * for the writes: up to PAGES_AHEAD requests are open or wait to be written. `next()` gives them in
 * order (it is not called again after a page without `more`); a failed request is thrown by `next()`
 * once the pages before it were taken. `stop()` asks for nothing more.
 */
const fetchAhead = (fetchFrom: (since: number | undefined) => Promise<Page>, since: number | undefined) => {
  const ready: Promise<Fetched>[] = [];
  /** The fetching waits here while PAGES_AHEAD pages wait; `next()` waits here for a request. */
  let wakeFetching: (() => void) | null = null;
  let wakeWriting: (() => void) | null = null;
  let stopped = false;
  const run = async () => {
    let cursor = since;
    for (;;) {
      while (ready.length >= PAGES_AHEAD && !stopped) await new Promise<void>((r) => (wakeFetching = r));
      if (stopped) return;
      const at = cursor;
      const fetched = fetchFrom(at).then((page) => ({
        page,
        more: page.hasMore && page.lastUpdate !== null && page.lastUpdate !== at,
      }));
      // Not handled here: `next()` throws it in its turn (and after a stop nobody asks).
      fetched.catch(() => undefined);
      ready.push(fetched);
      wakeWriting?.();
      const { page, more } = await fetched.catch(() => ({ page: null, more: false }));
      if (!more || !page) return;
      cursor = page.lastUpdate!;
    }
  };
  void run();
  return {
    next: async (): Promise<Fetched> => {
      while (ready.length === 0) await new Promise<void>((r) => (wakeWriting = r));
      const fetched = ready.shift()!;
      wakeFetching?.();
      return fetched;
    },
    stop: () => {
      stopped = true;
      wakeFetching?.();
    },
  };
};

const downloadPages = async (
  businessId: string,
  db: BusinessDb,
  m: SyncModule,
  since: number | undefined,
): Promise<number> => {
  const d = m.download!;
  const start = d.full ? undefined : since;
  let clear = d.full || !start;
  let done = 0;
  /** Rows written or removed (see writePage): whether the screens showing them must look again. */
  let changes = 0;
  const pages = fetchAhead((at) => fetchPage(businessId, d, at), start);
  try {
    for (;;) {
      const { page, more } = await pages.next();
      // Only the write moves `lastUpdate` on, so a failure anywhere resumes from the last page written.
      changes += await writePage(db, m, page, clear);
      done += page.items.length;
      syncStatus.report({ name: m.name, done, total: more ? done + 1 : done, type: 'fetch', error: null });
      if (!more) return changes;
      clear = false;
    }
  } finally {
    pages.stop();
  }
};

/**
 * Products change with every sale; while sales made here wait to upload, an incremental download
 * could not tell which of them the server's stock already counts. Wait for the queue to empty (the
 * next tick; a first download never waits).
 */
const salesStillUploading = async (db: BusinessDb, m: SyncModule) =>
  m.table === 'products' && (await db.meta('products').count()) > 0 && (await db.unsynced('pos').count()) > 0;

/**
 * The stores a `byStore` download covers now: 'all' for an admin; else the device's stores table,
 * which the server fills with exactly this person's stores. Unknown (undefined) with no session of
 * this business, or before the stores table was first downloaded.
 */
const storeScope = async (db: BusinessDb, businessId: string): Promise<string | undefined> => {
  const session = sessionStore.get();
  if (!session || session.business._id !== businessId) return undefined;
  if (isAdmin(session)) return 'all';
  if (!(await db.meta('stores').get('stores'))?.lastUpdate) return undefined;
  const ids = await db.data('stores').toCollection().primaryKeys();
  return ids.map(String).sort().join(',');
};

/**
 * Whether the person's stores changed since the module's last download: the rows of a store given
 * to them since are older than its cursor, so it starts again from a clean slate (which also drops
 * the rows of a store taken away). A device synced before the scope was kept starts again once,
 * unless its person is an admin (who always got every store).
 */
const storesChanged = (meta: ModuleMeta | undefined, scope: string | undefined) =>
  !!meta?.lastUpdate &&
  scope !== undefined &&
  meta.storeScope !== scope &&
  (meta.storeScope !== undefined || scope !== 'all');

/**
 * Download one module: skipped when it is already syncing (another tab, or a run not finished),
 * a clean slate when it has no metadata (or its person's stores changed: `byStore`), else
 * incremental. Progress goes to the sync status.
 */
export const downloadModule = async (businessId: string, m: SyncModule): Promise<DownloadOutcome> => {
  if (!m.download) return 'unchanged';
  const db = businessDb(businessId);
  if (await salesStillUploading(db, m)) return 'skipped';
  return ifLockFree(`ms-download-${businessId}-${m.table}`, async (held) =>
    held === false ? 'skipped' : downloadClaimed(businessId, db, m, held === true),
  );
};

/** The download itself, once no live tab has the module (`lockHeld`: we hold its Web Lock). */
const downloadClaimed = async (
  businessId: string,
  db: BusinessDb,
  m: SyncModule,
  lockHeld: boolean,
): Promise<DownloadOutcome> => {
  const claimed = await claimModule(db, m.table, lockHeld);
  if (claimed === 'busy') return 'skipped';
  syncStatus.report({ name: m.name, done: 0, total: 1, type: 'fetch', error: null });
  try {
    const scope = m.download?.byStore ? await storeScope(db, businessId) : undefined;
    const since = storesChanged(claimed, scope) ? undefined : claimed?.lastUpdate || undefined;
    const changes = await downloadPages(businessId, db, m, since);
    await releaseModule(db, m.table, 'synced', scope === undefined ? {} : { storeScope: scope });
    if (changes === 0) return 'unchanged';
    // A download that brought changes (scheduled, or for a live change) refreshes the screens reading
    // them, once, after the open search index holds them (the till's grid searches the device's copy).
    await settleOpenIndex(businessId, m.table).catch(() => {});
    refreshScreensOf(m.table);
    return 'done';
  } catch (error) {
    const unavailable = isUnavailable(m, error);
    await releaseModule(db, m.table, unavailable ? 'synced' : 'failed');
    const message = unavailable ? null : error instanceof Error ? error.message : String(error);
    syncStatus.report({ name: m.name, done: 0, total: 0, type: 'fetch', error: message });
    if (unavailable) return 'unavailable';
    throw error;
  }
};
