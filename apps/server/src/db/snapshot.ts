import type { Database, InTx } from './database.js';

/**
 * Runs reads in one REPEATABLE READ, READ ONLY transaction, so that every statement sees the same
 * snapshot. An incremental download needs it: its rows and its `lastUpdate` read one after the other
 * (or side by side on several connections) could straddle a commit — the rows taken before a product
 * was saved, the cursor after it — and that product would never be downloaded.
 */
export const inSnapshot = <T>(db: Database, read: (tx: InTx) => Promise<T>): Promise<T> =>
  db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
