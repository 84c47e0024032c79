import type { Table } from 'dexie';
import { isTableName, type BusinessDb, type LocalRecord, type TableName } from './db';
import { LOCAL_DATA_MESSAGES as M, LocalDataError } from './local-data-error';

/**
 * The local data layer's rules (spec 000 §5) and messages (§8). Every table name given here is
 * a real table of the business database: a data table, its `_unsynced` twin or its metadata.
 */
export type Predicate = { field: string; operator: 'LIKE' | 'EQ' | string; value: unknown };

const tableNames = (db: BusinessDb) => new Set(db.tables.map((t) => t.name));

const tableOf = (db: BusinessDb, fn: string, name: unknown): Table<LocalRecord, string> => {
  if (typeof name !== 'string' || name === '') throw new LocalDataError(fn, M.noTable);
  if (!tableNames(db).has(name)) throw new LocalDataError(fn, M.badTable);
  return db.table<LocalRecord, string>(name);
};

/** Spec 000 §3: a `syncStatus` field, or both `Request` and `lastUpdate`, mark a wrongly stored record. */
export const isWronglyStored = (record: unknown): boolean => {
  if (!record || typeof record !== 'object') return true;
  const r = record as Record<string, unknown>;
  return 'syncStatus' in r || ('Request' in r && 'lastUpdate' in r);
};

const clean = <T>(rows: T[]): T[] => rows.filter((r) => !isWronglyStored(r));

/** Empty one table; only a valid table name is accepted. */
export const clearTable = async (db: BusinessDb, name: unknown): Promise<void> => {
  await tableOf(db, 'clearTable', name).clear();
};

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).toLowerCase());

/** LIKE: case-insensitive substring; EQ: case-insensitive equality; any other operator matches nothing. */
export const matches = (record: Record<string, unknown>, p: Predicate): boolean => {
  const field = text(record[p.field]);
  const value = text(p.value);
  if (p.operator === 'LIKE') return record[p.field] != null && field.includes(value);
  if (p.operator === 'EQ') return record[p.field] != null && field === value;
  return false;
};

/** Records matching every predicate (an empty list matches all), wrongly stored ones left out. */
export const findWhere = async <T extends LocalRecord = LocalRecord>(
  db: BusinessDb,
  name: unknown,
  predicates: Predicate[],
): Promise<T[]> => {
  if (!Array.isArray(predicates)) throw new LocalDataError('findWhere', M.missing);
  const rows = await tableOf(db, 'findWhere', name)
    .filter((r) => !isWronglyStored(r) && predicates.every((p) => matches(r, p)))
    .toArray();
  return rows as T[];
};

/** Every record of a table, wrongly stored ones left out. */
export const readAll = async <T extends LocalRecord = LocalRecord>(
  db: BusinessDb,
  name: unknown,
): Promise<T[]> => clean(await tableOf(db, 'readAll', name).toArray()) as T[];

/** A singleton table's one row; `{}` when it is empty or holds more than one row. */
export const readSingleton = async (db: BusinessDb, name: unknown): Promise<Record<string, unknown>> => {
  const rows = await tableOf(db, 'readSingleton', name).toArray();
  return rows.length === 1 ? (rows[0] as Record<string, unknown>) : {};
};

/** Save a singleton's row; refused when the table already holds more than one row. */
export const saveSingleton = async (
  db: BusinessDb,
  name: unknown,
  row: Record<string, unknown>,
): Promise<void> => {
  if (!row || typeof row !== 'object') throw new LocalDataError('saveSingleton', M.missing);
  const table = tableOf(db, 'saveSingleton', name);
  await db.transaction('rw', table, async () => {
    if ((await table.count()) > 1) throw new LocalDataError('saveSingleton', M.singletonTooMany);
    await table.put(row as LocalRecord);
  });
};

/** Put many records in one batch; a non-empty array and a table name are required. */
export const bulkInsert = async (db: BusinessDb, name: unknown, records: unknown): Promise<void> => {
  if (typeof name !== 'string' || name === '') throw new LocalDataError('bulkInsert', M.noTable);
  if (!Array.isArray(records) || records.length === 0) throw new LocalDataError('bulkInsert', M.missing);
  const table = tableOf(db, 'bulkInsert', name);
  try {
    await table.bulkPut(records as LocalRecord[]);
  } catch {
    throw new LocalDataError('bulkInsert', M.batch);
  }
};

/** Delete many records by key; keys must be a non-empty array and the table name a string. */
export const bulkDelete = async (db: BusinessDb, name: unknown, keys: unknown): Promise<void> => {
  if (!Array.isArray(keys) || typeof name !== 'string')
    throw new LocalDataError('bulkDelete', M.keysMismatch);
  if (name === '') throw new LocalDataError('bulkDelete', M.noTable);
  if (keys.length === 0) throw new LocalDataError('bulkDelete', M.missing);
  const table = tableOf(db, 'bulkDelete', name);
  try {
    await table.bulkDelete(keys as string[]);
  } catch {
    throw new LocalDataError('bulkDelete', M.batch);
  }
};

/** Record when `table` last synced; the timestamp must be a non-zero number. */
export const setSyncTimestamp = async (db: BusinessDb, table: unknown, ts: unknown): Promise<void> => {
  if (!isTableName(table)) throw new LocalDataError('setSyncTimestamp', M.noTable);
  if (typeof ts !== 'number' || !Number.isFinite(ts) || ts === 0)
    throw new LocalDataError('setSyncTimestamp', M.badTimestamp);
  const meta = db.meta(table as TableName);
  await db.transaction('rw', meta, async () => {
    const row = await meta.get(table);
    await meta.put({
      modulename: table,
      businessID: db.businessId,
      syncStatus: 'synced',
      ...row,
      lastUpdate: ts,
    });
  });
};
