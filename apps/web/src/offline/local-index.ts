import { liveQuery, type Subscription } from 'dexie';
import { businessDb, type LocalRecord, type TableName } from './db';
import { isWronglyStored } from './local-data';
import { FIRST_KEYS, SearchIndex, type IndexEntry } from './search-index';

/** Rows read and indexed in one task while a whole table is indexed. */
const SLICE = 5_000;
/** The one-letter searches answered ahead, six to a task (a full scan each). */
const FIRST_KEY_GROUPS = FIRST_KEYS.match(/.{1,6}/g) ?? [];

/**
 * Gives the main thread back (a tap, a keystroke, a paint go first), then goes on. A message
 * rather than a timer: timers in a tab out of sight wait a second or more each.
 */
const giveWay = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};

/**
 * A search index over one local table, kept in step with it. Built once (first use) from the
 * table; then every committed write to the table (a merged sync page, a record made here, a
 * removal — in this tab or another, Dexie's live queries hear both) re-reads only the rows changed
 * since the sync before last (the `updated_at` index, from the module's `lastUpdate`, server
 * time), and when the number of rows no longer matches, the keys: so removed rows and rows made
 * here (device time) are never missed, and a 2,000-row page costs 2,000 reads, not 100,000.
 */
/** Spec 000 §3: records stored wrongly (a `syncStatus` field, or `Request` and `lastUpdate`) are never shown. */
const usable = (record: unknown) => !isWronglyStored(record);

export class LocalIndex<T extends LocalRecord> {
  readonly index = new SearchIndex();
  private loading: Promise<void> | null = null;
  private sub: Subscription | null = null;
  /** `lastUpdate` of the module two refreshes ago and at the last one. */
  private marks: [number, number] = [0, 0];
  private running: Promise<void> = Promise.resolve();
  /** The whole table being indexed after a first download (`ready` waits for it). */
  private filling: Promise<void> | null = null;
  private queued = false;

  constructor(
    readonly businessId: string,
    readonly table: TableName,
    private readonly entryOf: (record: T) => IndexEntry,
    /** When set, the one-letter searches showing this many are answered when the index is built. */
    private readonly firstKeysLimit: number | null = null,
  ) {}

  private get db() {
    return businessDb(this.businessId);
  }

  private async lastUpdate() {
    return (await this.db.meta(this.table).get(this.table))?.lastUpdate ?? 0;
  }

  /**
   * Resolves once the index holds the table (loads it the first time, then follows it). While the
   * whole table is being indexed after a first download, searches wait for it rather than see part.
   */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading.then(async () => {
      // Until the index has followed a download, one may have just ended without the index having
      // heard (Dexie tells it a moment after the commit): a barcode scanned then would not be found.
      // Look at the table first. Once it has followed one, this costs nothing.
      if (this.marks[1] === 0) {
        this.refreshSoon();
        await this.running;
      }
      if (this.filling) await this.filling;
    });
  }

  private async load() {
    const mark = await this.lastUpdate();
    this.index.clear();
    await this.build();
    this.marks = [mark, mark];
    // Any committed write to the table (its row count) or to its sync state wakes a refresh.
    const watched = async () => [
      await this.db.data(this.table).count(),
      (await this.db.meta(this.table).get(this.table))?.syncStatus,
    ];
    this.sub = liveQuery(watched).subscribe({
      next: () => this.refreshSoon(),
      // The database went away (logout, deleted): load afresh next time.
      error: () => {
        this.sub = null;
        this.loading = null;
      },
    });
  }

  private refreshSoon() {
    if (this.queued) return;
    this.queued = true;
    this.running = this.running
      .then(() => {
        this.queued = false;
        return this.refresh();
      })
      .catch(() => undefined);
  }

  private async refresh() {
    const table = this.db.data<T>(this.table);
    const meta = await this.db.meta(this.table).get(this.table);
    // A first download under way: every refresh would re-read the whole growing table (2,000 rows,
    // then 4,000, … 100,000). Wait for its end (the sync state changing wakes us), then read once.
    if (meta?.syncStatus === 'syncing' && this.marks[1] === 0) return;
    const mark = meta?.lastUpdate ?? 0;
    if (this.marks[0] === 0 && this.index.size === 0) {
      // The first download just ended (or the table was empty when first asked): the whole table,
      // built and marked as on a first load (the next refresh reads only what changes after it).
      const whole = this.build().catch(() => undefined);
      this.filling = whole;
      await whole;
      if (this.filling === whole) this.filling = null;
      this.marks = [mark, mark];
    } else {
      const since = new Date(this.marks[0]).toISOString();
      await this.add(await table.where('updated_at').aboveOrEqual(since).toArray());
      this.marks = [this.marks[1], mark];
    }
    if ((await table.count()) !== this.index.size) await this.reconcile();
    this.index.prepare();
  }

  /** The whole table into the (empty) index, then what the first searches need. */
  private async build() {
    await this.fill();
    this.index.prepare();
    if (this.firstKeysLimit !== null) await this.answerFirstKeys(this.firstKeysLimit);
  }

  /**
   * The whole table into the index, SLICE rows at a time in key order: each slice's records are
   * read, made into entries and merged in one task, and the page gets its main thread back in
   * between (100,000 products read and indexed in one go held a phone's screen for seconds).
   * Rows written meanwhile are caught by the next refresh (its mark and count check).
   */
  private async fill() {
    const table = this.db.data<T>(this.table);
    let after: string | null = null;
    for (;;) {
      const rows: T[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
        .limit(SLICE)
        .toArray();
      if (rows.length === 0) return;
      this.index.upsert(rows.filter(usable).map(this.entryOf));
      if (rows.length < SLICE) return;
      after = rows[rows.length - 1]!._id;
      await giveWay();
    }
  }

  /** Changed rows into the index, SLICE at a time, giving the main thread back in between. */
  private async add(rows: T[]) {
    for (let i = 0; i < rows.length; i += SLICE) {
      if (i > 0) await giveWay();
      this.index.upsert(
        rows
          .slice(i, i + SLICE)
          .filter(usable)
          .map(this.entryOf),
      );
    }
  }

  /** The one-letter searches answered ahead (SearchIndex.answerFirstKeys), a few per task. */
  private async answerFirstKeys(limit: number) {
    for (const keys of FIRST_KEY_GROUPS) {
      await giveWay();
      this.index.answerFirstKeys(limit, keys);
    }
  }

  /** Rows added or removed without a newer `updated_at`: compare the keys. */
  private async reconcile() {
    const table = this.db.data<T>(this.table);
    const keys = (await table.toCollection().primaryKeys()) as string[];
    const present = new Set(keys);
    this.index.remove([...this.index.ids()].filter((id) => !present.has(id)));
    const missing = keys.filter((k) => !this.index.has(k));
    if (missing.length === 0) return;
    const rows = await table.bulkGet(missing);
    this.index.upsert(rows.filter((r): r is NonNullable<typeof r> => !!r).map((r) => this.entryOf(r as T)));
  }

  /** Waits until writes already committed are in the index (tests; right after a local write). */
  async settle(): Promise<void> {
    await this.ready();
    this.refreshSoon();
    await this.running;
  }

  /** The records for `ids`, in that order (those deleted meanwhile left out). */
  async read(ids: string[]): Promise<T[]> {
    const rows = await this.db.data<T>(this.table).bulkGet(ids);
    return rows.filter((r): r is NonNullable<typeof r> => !!r && usable(r)) as T[];
  }

  dispose() {
    this.sub?.unsubscribe();
    this.sub = null;
  }
}

/**
 * True once the table has been downloaded to this device: a sync of the module has finished at
 * least once (its metadata counts the rows). While offline, any download started is enough —
 * part of the catalogue is better than none.
 */
export const isDownloaded = async (businessId: string, table: TableName): Promise<boolean> => {
  const meta = await businessDb(businessId).meta(table).get(table);
  if (!meta) return false;
  if (meta.totalRecords !== undefined) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
};

/** True once a first download of the table has finished on this device (online or not). */
export const hasFinishedDownload = async (businessId: string, table: TableName): Promise<boolean> =>
  (await businessDb(businessId).meta(table).get(table))?.totalRecords !== undefined;

/** One index per business and table, shared by every screen of the tab. */
const indexes = new Map<string, LocalIndex<LocalRecord>>();

export const localIndex = <T extends LocalRecord>(
  businessId: string,
  table: TableName,
  entryOf: (record: T) => IndexEntry,
  firstKeysLimit: number | null = null,
): LocalIndex<T> => {
  const key = `${businessId}/${table}`;
  let found = indexes.get(key);
  if (!found) {
    found = new LocalIndex<T>(
      businessId,
      table,
      entryOf,
      firstKeysLimit,
    ) as unknown as LocalIndex<LocalRecord>;
    indexes.set(key, found);
  }
  return found as unknown as LocalIndex<T>;
};

/** Drops the indexes of a business (logout, switch), or all of them. */
export const disposeLocalIndexes = (businessId?: string) => {
  for (const [key, idx] of indexes) {
    if (businessId !== undefined && idx.businessId !== businessId) continue;
    idx.dispose();
    indexes.delete(key);
  }
};

/**
 * Waits until the table's index, if a screen has one open in this tab, holds what was just written
 * (live changes refresh screens only then). An index no screen has opened is not built for it.
 */
export const settleOpenIndex = async (businessId: string, table: TableName): Promise<void> => {
  await indexes.get(`${businessId}/${table}`)?.settle();
};
