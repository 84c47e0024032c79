import type { Database, Tx } from '../../db/database.js';

/** What every product service shares: who acts, the transaction helper. */

/** Who acts: enough for writes done on behalf of a user (a route's AuthContext fits). */
export type ProductCaller = { businessId: string; userId: string | null };

/** Runs `fn` in the caller's transaction, or in a new one when given the database. */
export const inTransaction = <T>(db: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : (db as Database).transaction().execute(fn);
