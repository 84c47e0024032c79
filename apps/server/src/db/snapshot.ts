import type { Database, InTx } from './database.js';
import { fixedStatement } from './prepared.js';
import { watchTableWrites } from './table-writes.js';

/**
 * Runs reads in one REPEATABLE READ, READ ONLY transaction, so that every statement sees the same
 * snapshot. An incremental download needs it: its rows and its `lastUpdate` read one after the other
 * (or side by side on several connections) could straddle a commit — the rows taken before a product
 * was saved, the cursor after it — and that product would never be downloaded.
 */
export const inSnapshot = <T>(db: Database, read: (tx: InTx) => Promise<T>): Promise<T> =>
  db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);

const horizonStatement = fixedStatement<{ ms: number }>(
  `SELECT floor(extract(epoch FROM least(clock_timestamp(),
     (SELECT min(s.xact_start) FROM pg_stat_get_activity(NULL) s
       WHERE s.datid = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
         AND s.pid <> pg_backend_pid() AND s.backend_type = 'client backend' AND s.state <> 'idle'
         AND s.xact_start > clock_timestamp() - interval '1 minute')
   )) * 1000)::float8 AS ms`,
);

/**
 * How far a download's cursor may go (epoch ms), read before its rows. Rows carry `updated_at` from
 * `clock_timestamp()` as they are written, but they become visible when their transaction commits: a
 * sale written at 10:00:00.100 and committed at 10:00:00.900 is invisible to a download at .500 that
 * already sends a product saved at .300, and a cursor of .301 would pass the sale for good. So the
 * cursor stops at the start of the oldest transaction of this database still open now (any of them may
 * write: each row it writes is stamped after its start), or at now. A transaction open for more than a
 * minute is not waited for (a stuck one must not hold every device's downloads back). Only this
 * database role's sessions are seen; all of the app's writes use it. PGlite has one connection: now.
 * A named statement on the function behind `pg_stat_activity` (the view, planned on every call, cost
 * an authenticated stores read three quarters of its speed: `bench/auth-read.mjs` 3,269 → 784/s), kept
 * for a moment (below).
 */
export const downloadHorizon = async (db: Database): Promise<number> => {
  const kept = horizonOf(db);
  if (kept?.horizon !== undefined && Date.now() - kept.readAt < HORIZON_KEPT_MS) return kept.horizon;
  const readAt = Date.now();
  const generation = kept?.generation ?? 0;
  const [row] = await horizonStatement(db, []);
  const horizon = Number(row!.ms);
  if (kept && kept.generation === generation) Object.assign(kept, { readAt, horizon });
  return horizon;
};

/**
 * A horizon read earlier is still a safe bound for a snapshot taken later (only a more cautious one),
 * so a process keeps it for a moment: under many reads (the stores list is the authenticated read of
 * `bench/auth-read.mjs`) the statement runs a few times a second, not once per request. Any write this
 * process makes forgets it (db/table-writes.ts), so a device that saves and then downloads is not sent
 * its own change twice; another process's writes can be re-sent once, at most this long after.
 */
const HORIZON_KEPT_MS = 500;
type Kept = { readAt: number; horizon?: number; generation: number };
const keptHorizons = new WeakMap<Database, Kept>();
const horizonOf = (db: Database): Kept | undefined => {
  const kept = keptHorizons.get(db);
  if (kept) return kept;
  const fresh: Kept = { readAt: 0, generation: 0 };
  try {
    watchTableWrites(db, () => {
      fresh.generation += 1;
      delete fresh.horizon;
    });
  } catch {
    return undefined; // not a database opened by openDatabase (a transaction): nothing is kept
  }
  keptHorizons.set(db, fresh);
  return fresh;
};

/** `inSnapshot` after the horizon: the reads of one download page and how far its cursor may go. */
export const inDownloadSnapshot = async <T>(
  db: Database,
  read: (tx: InTx) => Promise<T>,
): Promise<{ value: T; horizon: number }> => {
  const horizon = await downloadHorizon(db);
  return { value: await inSnapshot(db, read), horizon };
};

/**
 * The metadata a download answers with: `lastUpdate` no further than the horizon (and never before the
 * cursor the device asked from). Rows past it are sent again next time (devices merge by id). When
 * the horizon cuts it, the answer is the last page of this download (`hasMore` false): the device asks
 * again at its next run, and a page that would start where this one did is never asked for in a loop.
 */
export const capDownload = <M extends { lastUpdate: number; hasMore?: boolean }>(
  meta: M,
  horizon: number,
  since: number | undefined,
): M => {
  const lastUpdate = Math.max(since ?? 0, Math.min(meta.lastUpdate, horizon));
  if (lastUpdate === meta.lastUpdate) return meta;
  return { ...meta, lastUpdate, ...(meta.hasMore === undefined ? {} : { hasMore: false }) };
};

/**
 * The cursor of a download answered whole from a table's latest change (stores, customers,
 * categories, checkout options): that change (now when the table has none), never before the
 * device's own cursor, and no further than the horizon (capDownload).
 */
export const lastChangeCursor = (
  last: number | null | undefined,
  horizon: number,
  since: number | undefined,
) => capDownload({ lastUpdate: Math.max(last ?? Date.now(), since ?? 0) }, horizon, since).lastUpdate;
