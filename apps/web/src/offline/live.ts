import { liveQuery, type Table } from 'dexie';
import { useMemo, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session-store';
import { businessDb, strictDb, type LocalRecord, type RejectedUpload, type TableName } from './db';
import { isWronglyStored } from './local-data';
import { countPending } from './outbox';

/** A store that re-runs `query` whenever the tables it read change (in this tab or another). */
const liveStore = <T>(query: () => Promise<T>, initial: T) => {
  let value = initial;
  return {
    get: () => value,
    subscribe(onChange: () => void) {
      const subscription = liveQuery(query).subscribe({
        next: (next) => {
          value = next;
          onChange();
        },
        error: () => {
          /* the database was closed (logout, switch business): keep the last value */
        },
      });
      return () => subscription.unsubscribe();
    },
  };
};

const useLive = <T>(key: string, query: () => Promise<T>, initial: T): T => {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names everything the query depends on
  const store = useMemo(() => liveStore(query, initial), [key]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
};

/**
 * A local table's records, kept current (a thin useLiveQuery). `query` narrows or sorts (default: all
 * records, wrongly stored ones left out); list in `deps` what it depends on. undefined while loading
 * or when no business is given.
 */
export const useLocalTable = <T extends LocalRecord = LocalRecord, R = T[]>(
  businessId: string | null | undefined,
  table: TableName,
  query?: (t: Table<T, string>) => Promise<R>,
  deps: readonly unknown[] = [],
): R | undefined => {
  const run = async (): Promise<R | undefined> => {
    if (!businessId) return undefined;
    const t = businessDb(businessId).data<T>(table);
    if (query) return query(t);
    return (await t.toArray()).filter((r) => !isWronglyStored(r)) as R;
  };
  return useLive(JSON.stringify([businessId, table, ...deps]), run, undefined);
};

const NONE = { customers: 0, pos: 0, tickets: 0, invoices: 0, total: 0 };

/** How many records wait to upload, per outbox table, for the signed-in business. */
export const usePendingUploads = (): { customers: number; pos: number; tickets: number; total: number } => {
  const businessId = useSession()?.business._id;
  return useLive(
    `pending:${businessId ?? ''}`,
    async () => (businessId ? countPending(businessId) : NONE),
    NONE,
  );
};

const NO_REJECTED: RejectedUpload[] = [];

/** Records the server refused, newest first, for the signed-in business. */
export const useRejectedUploads = (): RejectedUpload[] => {
  const businessId = useSession()?.business._id;
  return useLive(
    `rejected:${businessId ?? ''}`,
    async () =>
      businessId ? (await strictDb(businessId).rejected.toArray()).sort((a, b) => b.at - a.at) : NO_REJECTED,
    NO_REJECTED,
  );
};

export type UploadState =
  { state: 'waiting' } | { state: 'uploaded'; data: LocalRecord } | { state: 'rejected'; reason: string };

/**
 * Where one record made here stands, kept current whoever uploads it (this tab, another tab or the
 * service worker): still waiting on this device, uploaded (the server's record), or refused.
 */
export const useUploadState = (
  businessId: string | null | undefined,
  table: TableName,
  id: string | null,
): UploadState | undefined =>
  useLive(
    `upload:${businessId ?? ''}:${table}:${id ?? ''}`,
    async (): Promise<UploadState | undefined> => {
      if (!businessId || !id) return undefined;
      const db = businessDb(businessId);
      if (await db.unsynced(table).get(id)) return { state: 'waiting' };
      const refused = await db.rejected.get(id);
      if (refused) return { state: 'rejected', reason: refused.reason };
      const data = await db.data(table).get(id);
      return data ? { state: 'uploaded', data } : undefined;
    },
    undefined,
  );
