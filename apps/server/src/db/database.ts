import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { pgliteNotifier, postgresNotifier, type Notifier } from './notify.js';
import { namePreparedStatements } from './prepared.js';
import type { DB } from './schema.js';
import { registerTableWrites, TableWritesPlugin } from './table-writes.js';

export type Database = Kysely<DB>;

/** What a query runs on: an open transaction, or the database (one statement, its own transaction). */
export type Tx = Transaction<DB> | Database;

/** Must be inside a transaction: work whose writes stand or fall together (flows). */
export type InTx = Transaction<DB>;

const INT8 = 20;
/** int8 (counts, kobo) as a JS number on both drivers: safe for amounts up to 90 trillion naira. */
pg.types.setTypeParser(INT8, (value) => Number(value));

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL connection string (for the job queue's own pool); absent on PGlite. */
  url?: string;
  /** The embedded instance (for backups and the job queue); absent on PostgreSQL. */
  pglite?: PGlite;
  /** Messages between server processes (LISTEN/NOTIFY), delivered when the sending transaction commits. */
  notifier: Notifier;
  close: () => Promise<void>;
};

/**
 * PostgreSQL when a URL is given; otherwise the embedded PGlite kept in `<dataDir>/pglite`
 * (or in memory for `dataDir: null`). `startFrom`: an embedded data directory dump
 * (`pglite.dumpDataDir()`) to start from instead of an empty database — skips PGlite's initdb.
 */
export const openDatabase = async (opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  startFrom?: Blob;
}): Promise<DatabaseHandle> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // No parallel plans by default (decision 0008, session 25): with PostgreSQL on the server's own
      // few cores, a report's aggregate was 2x slower with a parallel worker than without.
      // DB_PARALLEL_WORKERS=n gives each query up to n workers (PostgreSQL's default is 2).
      options: `-c max_parallel_workers_per_gather=${Math.max(0, Number.parseInt(process.env.DB_PARALLEL_WORKERS ?? '0', 10) || 0)}`,
    });
    // DB_PREPARED_STATEMENTS=0: every statement unnamed (e.g. behind a pooler that cannot keep them).
    if (process.env.DB_PREPARED_STATEMENTS !== '0') namePreparedStatements(pool);
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) =>
      console.warn(JSON.stringify({ level: 40, msg: 'idle database connection lost', error: error.message })),
    );
    const writes = new TableWritesPlugin();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    registerTableWrites(db, writes);
    const notifier = postgresNotifier(opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      notifier,
      close: async () => {
        await notifier.close();
        await db.destroy();
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite ignores the options when the data directory argument is undefined: pass it inside them.
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.startFrom ? { loadDataDir: opts.startFrom } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8]: (value: string) => Number(value) },
  });
  await pglite.waitReady;
  const writes = new TableWritesPlugin();
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins: [writes] });
  registerTableWrites(db, writes);
  const notifier = pgliteNotifier(pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    notifier,
    close: async () => {
      await notifier.close();
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
};
