import type { Transaction } from 'dexie';
import { strictDb, type LocalRecord } from './db';
import { OUTBOX_TABLE_NAMES, uploadOf, type OutboxTable } from './tables';

/** The tables whose records are made on this device and uploaded (spec 000 §4), in upload order. */
export const OUTBOX_TABLES: readonly OutboxTable[] = OUTBOX_TABLE_NAMES;
export type { OutboxTable };

/** The device ran out of storage: the record was NOT saved; the caller must tell the person. */
export class OutOfStorageError extends Error {
  constructor() {
    super('This device has run out of storage space, so this was not saved. Free up space and try again.');
    this.name = 'OutOfStorageError';
  }
}

const isQuotaError = (error: unknown): boolean => {
  const e = error as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
};

/** Spec 000 §3 offline key fields: a record made here carries its own id under this name. */
export const OFFLINE_KEYS: Partial<Record<OutboxTable, string>> = Object.fromEntries(
  OUTBOX_TABLE_NAMES.flatMap((t) => {
    const key = uploadOf(t).offlineKey;
    return key ? [[t, key]] : [];
  }),
);

const withOfflineKey = <T extends { _id: string }>(table: OutboxTable, record: T): LocalRecord => {
  const key = OFFLINE_KEYS[table];
  const row = record as unknown as LocalRecord;
  return key && row[key] === undefined ? { ...row, [key]: row._id } : row;
};

type EnqueueListener = (businessId: string, table: OutboxTable) => void;
const enqueueListeners = new Set<EnqueueListener>();
/** Told after each committed enqueue (the engine flushes soon). */
export const onEnqueued = (listener: EnqueueListener): (() => void) => {
  enqueueListeners.add(listener);
  return () => {
    enqueueListeners.delete(listener);
  };
};

/**
 * Save a record made on this device: to its table AND `<table>_unsynced`, in ONE transaction with
 * durability 'strict' (a customer gets its `offline_cust_id`, = its `_id`, when it has none). `extra` changes other tables in the same transaction (e.g. the POS reducing
 * local stock): it must use `tx.table(name)`, and if it throws nothing is written.
 */
export const enqueue = async <T extends { _id: string }>(
  businessId: string,
  table: OutboxTable,
  record: T,
  extra?: (tx: Transaction) => Promise<void>,
): Promise<void> => {
  const db = strictDb(businessId);
  const row = withOfflineKey(table, record);
  const scope = extra ? db.tables : [db.data(table), db.unsynced(table)];
  try {
    await db.transaction('rw', scope, async (tx) => {
      await tx.table(table).put(row);
      await tx.table(`${table}_unsynced`).put(row);
      if (extra) await extra(tx);
    });
  } catch (error) {
    if (isQuotaError(error)) throw new OutOfStorageError();
    throw error;
  }
  enqueueListeners.forEach((l) => l(businessId, table));
};

/** How many records of each outbox table wait to upload. */
export const countPending = async (businessId: string) => {
  const db = strictDb(businessId);
  const count = (t: OutboxTable) => db.unsynced(t).count();
  const [customers, pos, tickets, invoices] = [
    await count('customers'),
    await count('pos'),
    await count('tickets'),
    await count('invoices'),
  ];
  return { customers, pos, tickets, invoices, total: customers + pos + tickets + invoices };
};

/** Forget a refused record the person has seen. */
export const dismissRejected = async (businessId: string, id: string): Promise<void> => {
  await strictDb(businessId).rejected.delete(id);
};
