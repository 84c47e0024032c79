import Dexie, { type Table } from 'dexie';
import { TABLE_NAMES, tableIndex, type TableName } from './tables';

/**
 * The local database of one business (spec 000 §3, ARCHITECTURE §6): Dexie 4, named `ms-<businessId>`.
 * Every data table has a `<table>_unsynced` twin (records made here, waiting to upload; same `_id`)
 * and a singleton `meta_data_<table>` (keyed by `modulename`). `rejected_uploads` keeps the records
 * the server refused so the person can see why. Records are the server's JSON, keyed by `_id`.
 * The tables themselves are declared in tables.ts.
 */
export const TABLES: readonly TableName[] = TABLE_NAMES;
export type { TableName };

/** A record as stored: the server's JSON shape (contracts types), keyed by `_id`. */
export type LocalRecord = { _id: string } & Record<string, unknown>;

export type SyncMark = 'syncing' | 'synced' | 'failed';
/** `meta_data_<table>`: when the module last synced and whether it is syncing now (spec 000 §3). */
export type ModuleMeta = {
  modulename: TableName;
  businessID: string;
  lastUpdate: number;
  syncStatus: SyncMark;
  /** When `syncStatus` was set: a `syncing` mark older than 10 minutes belongs to a crashed tab. */
  markedAt?: number;
  totalRecords?: number;
  recordsRemoved?: string[];
  /** A `byStore` download: the stores it was made for ('all' for an admin; download.ts `storeScope`). */
  storeScope?: string;
};

/** A record the server refused (outcome `rejected`), kept until the person dismisses it. */
export type RejectedUpload = {
  _id: string;
  module: TableName;
  record: LocalRecord;
  reason: string;
  code?: string;
  at: number;
};

export const unsyncedName = (table: TableName) => `${table}_unsynced`;
export const metaName = (table: TableName) => `meta_data_${table}`;
export const REJECTED = 'rejected_uploads';

const schema = (): Record<string, string> => {
  const stores: Record<string, string> = { [REJECTED]: '_id, module' };
  for (const t of TABLES) {
    stores[t] = ['_id', tableIndex(t)].filter(Boolean).join(', ');
    stores[unsyncedName(t)] = '_id';
    stores[metaName(t)] = 'modulename';
  }
  return stores;
};

export const dbName = (businessId: string) => `ms-${businessId}`;

export class BusinessDb extends Dexie {
  constructor(
    readonly businessId: string,
    durability: 'relaxed' | 'strict' = 'relaxed',
  ) {
    super(dbName(businessId), { chromeTransactionDurability: durability });
    this.version(1).stores(schema());
  }

  /** The data table (what screens read). */
  data<T extends LocalRecord = LocalRecord>(table: TableName): Table<T, string> {
    return this.table<T, string>(table);
  }

  /** Records of `table` made on this device and not yet accepted by the server. */
  unsynced<T extends LocalRecord = LocalRecord>(table: TableName): Table<T, string> {
    return this.table<T, string>(unsyncedName(table));
  }

  /** The module's metadata singleton. */
  meta(table: TableName): Table<ModuleMeta, string> {
    return this.table<ModuleMeta, string>(metaName(table));
  }

  get rejected(): Table<RejectedUpload, string> {
    return this.table<RejectedUpload, string>(REJECTED);
  }
}

const open = new Map<string, BusinessDb>();
const openStrict = new Map<string, BusinessDb>();

const cached = (pool: Map<string, BusinessDb>, businessId: string, durability: 'relaxed' | 'strict') => {
  let db = pool.get(businessId);
  if (!db) {
    db = new BusinessDb(businessId, durability);
    pool.set(businessId, db);
  }
  return db;
};

/** The business's database, opened once and reused (relaxed durability: downloads, reads). */
export const businessDb = (businessId: string): BusinessDb => cached(open, businessId, 'relaxed');

/**
 * The same database through a connection whose transactions commit with durability 'strict'
 * (ARCHITECTURE §6): the outbox writes through it so a committed sale survives a power cut.
 * Dexie sets durability per connection, hence the second connection.
 */
export const strictDb = (businessId: string): BusinessDb => cached(openStrict, businessId, 'strict');

const closeIn = (pool: Map<string, BusinessDb>, businessId?: string) => {
  for (const [id, db] of pool) {
    if (businessId !== undefined && id !== businessId) continue;
    db.close();
    pool.delete(id);
  }
};

/** Close one business's database (switch business) or all of them (logout). */
export const closeBusinessDb = (businessId?: string): void => {
  closeIn(open, businessId);
  closeIn(openStrict, businessId);
};

export const isTableName = (name: unknown): name is TableName =>
  typeof name === 'string' && (TABLES as readonly string[]).includes(name);
