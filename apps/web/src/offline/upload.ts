import type { UploadResult } from '@ms/contracts';
import { ApiError } from '@/lib/api-error';
import { strictDb, type BusinessDb, type LocalRecord } from './db';
import { withLock } from './locks';
import { OUTBOX_TABLES, type OutboxTable } from './outbox';
import { announceResult } from './upload-results';
import { UPLOADERS } from './uploaders';
import { syncStatus } from './sync-status';

/**
 * Uploads the outbox (spec 000 §4, ARCHITECTURE §6): customers before sales (a sale may name a
 * customer made offline), in batches, each record answered on its own. accepted/duplicate: the
 * server's version replaces ours and the record leaves `_unsynced`; rejected: moved to
 * `rejected_uploads`; network error, 5xx or time-out: kept and retried later (same ids, so nothing
 * doubles); 401: stop (the session handler sends the person to Login; nothing is lost).
 */

/** Why a flush stopped early: `retry` (try again later) or `stop` (signed out). */
export class UploadStopped extends Error {
  constructor(
    readonly kind: 'retry' | 'stop',
    message: string,
  ) {
    super(message);
  }
}

const isTransient = (e: ApiError) =>
  e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429;

const stoppedBy = (error: unknown): UploadStopped => {
  if (error instanceof ApiError && error.status === 401) return new UploadStopped('stop', error.message);
  if (error instanceof ApiError && isTransient(error)) return new UploadStopped('retry', error.message);
  if (error instanceof UploadStopped) return error;
  return new UploadStopped('retry', error instanceof Error ? error.message : String(error));
};

/** Oldest first, so sales reach the server in the order they were made. */
const byCreation = (a: LocalRecord, b: LocalRecord) =>
  String(a.created_at ?? '').localeCompare(String(b.created_at ?? ''));

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

const applyAccepted = async (
  db: BusinessDb,
  table: OutboxTable,
  record: LocalRecord,
  result: UploadResult,
) => {
  const data = (result.data as LocalRecord | undefined) ?? record;
  await db.unsynced(table).delete(record._id);
  if (data._id !== record._id) await db.data(table).delete(record._id);
  await db.data(table).put(data);
};

const applyRejected = async (
  db: BusinessDb,
  table: OutboxTable,
  record: LocalRecord,
  result: UploadResult,
) => {
  await db.unsynced(table).delete(record._id);
  await db.data(table).delete(record._id);
  await db.rejected.put({
    _id: record._id,
    module: table,
    record,
    reason: result.reason ?? 'The server refused this record.',
    code: result.code,
    at: Date.now(),
  });
};

/**
 * A customer made here whose phone the business already had (decision 0004: rejected `phone_taken`
 * with that customer as `data`): not an error for the cashier — it is the same person. The local
 * record becomes the server's, and the sales still queued for it name the server's customer.
 */
const sameCustomerOnServer = (result: UploadResult): LocalRecord | null => {
  const data = result.data as LocalRecord | undefined;
  return result.outcome === 'rejected' && result.code === 'phone_taken' && data?._id ? data : null;
};

const mergeIntoExisting = async (db: BusinessDb, record: LocalRecord, existing: LocalRecord) => {
  await db.unsynced('customers').delete(record._id);
  await db.data('customers').delete(record._id);
  await db.data('customers').put(existing);
  for (const sales of [db.unsynced('pos'), db.data('pos')])
    await sales
      .filter((sale) => sale.customer_id === record._id)
      .modify((sale) => {
        sale.customer_id = existing._id;
      });
};

/** Apply the server's answers in one strict transaction; records without an answer stay queued. */
export const applyResults = async (
  businessId: string,
  table: OutboxTable,
  records: LocalRecord[],
  results: UploadResult[],
): Promise<void> => {
  const db = strictDb(businessId);
  const byId = new Map(records.map((r) => [r._id, r]));
  const answered = results.filter((r) => byId.has(r._id));
  const scope = [db.data(table), db.unsynced(table), db.rejected, db.data('pos'), db.unsynced('pos')];
  await db.transaction('rw', scope, async () => {
    for (const result of answered) {
      const record = byId.get(result._id)!;
      const existing = table === 'customers' ? sameCustomerOnServer(result) : null;
      if (existing) await mergeIntoExisting(db, record, existing);
      else if (result.outcome === 'rejected') await applyRejected(db, table, record, result);
      else await applyAccepted(db, table, record, result);
    }
  });
  answered.forEach((r) => announceResult(businessId, table, r));
};

/** A batch the server refused as a whole (4xx): ask again one record at a time, so one bad record is
 *  rejected on its own and the rest go through. */
const sendOneByOne = async (businessId: string, table: OutboxTable, records: LocalRecord[]) => {
  const results: UploadResult[] = [];
  for (const record of records) {
    try {
      results.push(...(await UPLOADERS[table].send(businessId, [record])));
    } catch (error) {
      if (!(error instanceof ApiError) || isTransient(error) || error.status === 401) {
        await applyResults(businessId, table, records, results);
        throw stoppedBy(error);
      }
      results.push({ _id: record._id, outcome: 'rejected', reason: error.message, code: error.code });
    }
  }
  return results;
};

const sendBatch = async (businessId: string, table: OutboxTable, batch: LocalRecord[]) => {
  try {
    return await UPLOADERS[table].send(businessId, batch);
  } catch (error) {
    if (error instanceof ApiError && !isTransient(error) && error.status !== 401)
      return sendOneByOne(businessId, table, batch);
    throw stoppedBy(error);
  }
};

const progressName = (table: OutboxTable) => `${table}_unsynced`;

/** Upload every queued record of one table; throws UploadStopped when it must stop early. */
export const uploadTable = async (businessId: string, table: OutboxTable): Promise<void> => {
  const queued = (await strictDb(businessId).unsynced(table).toArray()).sort(byCreation);
  const report = (done: number, error: string | null) =>
    syncStatus.report({ name: progressName(table), done, total: queued.length, type: 'offline', error });
  let done = 0;
  report(0, null); // nothing waiting is a sync too: Sync Settings says "Synced", not "Not synced"
  if (queued.length === 0) return;
  const batches = chunks(queued, UPLOADERS[table].batchSize);
  const send = (i: number) => {
    const sent = sendBatch(businessId, table, batches[i]!);
    // Awaited in its turn; if the loop stops first, its failure must not go unhandled.
    sent.catch(() => undefined);
    return sent;
  };
  let answer = send(0);
  for (const [i, batch] of batches.entries()) {
    try {
      const results = await answer;
      // The next batch goes as soon as this one is answered, so the server records it while this
      // device stores the answers: the server still gets the batches one after the other, oldest
      // first. A batch whose answers are never stored stays queued; sent again, its records come
      // back as duplicates.
      if (i + 1 < batches.length) answer = send(i + 1);
      await applyResults(businessId, table, batch, results);
    } catch (error) {
      const stopped = stoppedBy(error);
      report(done, stopped.message);
      throw stopped;
    }
    done += batch.length;
    report(done, null);
  }
};

const withCustomersBeforeSales = (modules: readonly OutboxTable[]): readonly OutboxTable[] =>
  modules.includes('pos') && !modules.includes('customers') ? ['customers', ...modules] : modules;

const running = new Map<string, Promise<void>>();
const again = new Set<string>();

const flushOnce = async (businessId: string, modules: readonly OutboxTable[]) =>
  withLock(`ms-upload-${businessId}`, async () => {
    for (const table of OUTBOX_TABLES.filter((t) => modules.includes(t)))
      await uploadTable(businessId, table);
  });

/**
 * Upload the outbox now (customers, then sales, then tickets). One flush per business at a time in a
 * tab, and one tab at a time (Web Lock); a flush asked for while one runs runs again after it.
 * Rejects with UploadStopped when it had to stop (kind 'retry': try later; 'stop': signed out).
 */
export const flushUploads = (businessId: string, opts: { modules?: OutboxTable[] } = {}): Promise<void> => {
  // Customers go with sales: a sale may name a customer made offline.
  let modules = withCustomersBeforeSales(opts.modules ?? OUTBOX_TABLES);
  const current = running.get(businessId);
  if (current) {
    again.add(businessId);
    return current;
  }
  const run = (async () => {
    try {
      do {
        again.delete(businessId);
        await flushOnce(businessId, modules);
        modules = OUTBOX_TABLES;
      } while (again.has(businessId));
    } finally {
      running.delete(businessId);
    }
  })();
  running.set(businessId, run);
  return run;
};
