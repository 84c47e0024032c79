import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { importRows, type ClaimedRow } from './import-rows.js';

/**
 * The background worker that turns a batch's pending rows into products. One per process:
 * `wake()` after an upload or a reprocess; it also looks for unfinished batches when the server
 * starts and every `pollMs` (a batch another replica left behind when it stopped).
 *
 * Rows are claimed `FOR UPDATE SKIP LOCKED`, `chunkSize` at a time (with the other rows of the
 * handles claimed) in one transaction and created set-based (importRows), so replicas
 * sharing the database never process the same row, and a crash rolls the chunk back to pending.
 * The batch's counts change in the same transaction as its rows. Between chunks the worker yields
 * to the event loop (setImmediate) so requests are served while a large file is processed.
 */
export type UploadWorker = {
  start: () => void;
  stop: () => Promise<void>;
  wake: () => void;
  /** Resolves once the worker has nothing left to do (tests). */
  idle: () => Promise<void>;
};

type Log = {
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

type OpenBatch = {
  id: string;
  business_id: string;
  batch_number: number;
  store_id: string | null;
  created_by: string | null;
};

const CHUNK_MS = 1000;
const ANALYZE_EVERY = 20_000;
const MIN_CHUNK = 100;
const MAX_CHUNK = 2000;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export const createUploadWorker = (
  db: Database,
  log: Log,
  opts: { chunkSize?: number; pollMs?: number } = {},
): UploadWorker => {
  // Rows per chunk: fixed when given, else sized so a chunk takes about CHUNK_MS (on PGlite the one
  // connection is every request's too, so a chunk's transaction must stay short; on PostgreSQL
  // bigger chunks cost fewer round trips).
  let chunkSize = opts.chunkSize ?? 500;
  const adapt = (rows: number, ms: number) => {
    if (opts.chunkSize || rows < chunkSize) return;
    const next = Math.round((chunkSize * CHUNK_MS) / Math.max(ms, 1));
    chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.min(next, chunkSize * 2)));
  };
  const pollMs = opts.pollMs ?? 30_000;
  let started = false;
  let stopping = false;
  let again = false;
  let loop: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** Claims and imports one chunk of a batch's pending rows; answers how many rows it took. */
  const processChunk = (batch: OpenBatch): Promise<number> =>
    db.transaction().execute(async (tx) => {
      // First rows of a handle (and rows without one) are claimed; a handle's other rows come with
      // their first row, so one product's rows are never split between two servers. A later row
      // whose first row is already done (reprocessed after it failed) is claimed on its own.
      // (A correlated NOT EXISTS, not a join: a join of the batch's rows with themselves is
      // planned as a nested loop over a table without statistics yet, seconds per claim.)
      const claimed = await sql<ClaimedRow>`
        SELECT r.row_number, r.data, r.group_row FROM upload_batch_rows r
        WHERE r.business_id = ${batch.business_id} AND r.batch_id = ${batch.id} AND r.status = 'pending'
          AND (r.group_row IS NULL OR r.group_row = r.row_number OR NOT EXISTS (
            SELECT 1 FROM upload_batch_rows l
            WHERE l.business_id = r.business_id AND l.batch_id = r.batch_id
              AND l.row_number = r.group_row AND l.status = 'pending'))
        ORDER BY r.row_number
        LIMIT ${chunkSize}
        FOR UPDATE SKIP LOCKED`.execute(tx);
      const leads = claimed.rows.filter((r) => r.group_row === r.row_number).map((r) => r.row_number);
      const followers = leads.length
        ? await sql<ClaimedRow>`
            SELECT row_number, data, group_row FROM upload_batch_rows
            WHERE business_id = ${batch.business_id} AND batch_id = ${batch.id} AND status = 'pending'
              AND group_row = ANY (${leads}::int[]) AND group_row <> row_number
            ORDER BY row_number
            FOR UPDATE SKIP LOCKED`.execute(tx)
        : { rows: [] };
      // Later rows claimed without their first row: that row's cells and product (if it was made).
      const orphanLeads = [
        ...new Set(
          claimed.rows.flatMap((r) =>
            r.group_row !== null && r.group_row !== undefined && r.group_row !== r.row_number
              ? [r.group_row]
              : [],
          ),
        ),
      ];
      const leadRows = orphanLeads.length
        ? await sql<{ row_number: number; data: Record<string, string>; product_id: string | null }>`
            SELECT row_number, data, product_id FROM upload_batch_rows
            WHERE business_id = ${batch.business_id} AND batch_id = ${batch.id}
              AND row_number = ANY (${orphanLeads}::int[]) AND status = 'succeeded'`.execute(tx)
        : { rows: [] };
      const leadOf = new Map(leadRows.rows.map((l) => [l.row_number, l]));
      const rows: ClaimedRow[] = [
        ...claimed.rows.map((r) => {
          const lead = r.group_row !== r.row_number ? leadOf.get(r.group_row ?? -1) : undefined;
          return lead ? { ...r, lead_data: lead.data, lead_product_id: lead.product_id } : r;
        }),
        ...followers.rows,
      ];
      if (rows.length === 0) return 0;
      const results = await importRows(
        tx,
        { businessId: batch.business_id, userId: batch.created_by, storeId: batch.store_id, log },
        rows,
      );
      await sql`
        UPDATE upload_batch_rows AS r
        SET status = v.status, error = v.error, product_id = v.product_id
        FROM unnest(
          ${results.map((r) => r.row_number)}::int[],
          ${results.map((r) => r.status)}::text[],
          ${results.map((r) => r.error)}::text[],
          ${results.map((r) => r.product_id)}::uuid[]
        ) AS v(row_number, status, error, product_id)
        WHERE r.business_id = ${batch.business_id} AND r.batch_id = ${batch.id} AND r.row_number = v.row_number
          -- Row numbers given to the index too: without statistics the join reads the whole batch.
          AND r.row_number = ANY (${results.map((r) => r.row_number)}::int[])`.execute(tx);
      const succeeded = results.filter((r) => r.status === 'succeeded').length;
      await tx
        .updateTable('upload_batches')
        .set({
          status: 'processing',
          processed_rows: sql`processed_rows + ${results.length}`,
          succeeded_rows: sql`succeeded_rows + ${succeeded}`,
          failed_rows: sql`failed_rows + ${results.length - succeeded}`,
        })
        .where('business_id', '=', batch.business_id)
        .where('id', '=', batch.id)
        .execute();
      return rows.length;
    });

  /**
   * Completes a batch with no pending row left: counts recomputed from its rows; `failed` when no
   * row could be created. A no-op while rows are pending (another replica is on them).
   */
  const finish = (batch: OpenBatch) =>
    sql`
      UPDATE upload_batches AS b SET
        status = CASE WHEN c.succeeded = 0 THEN 'failed' ELSE 'completed' END,
        processed_rows = c.succeeded + c.failed,
        succeeded_rows = c.succeeded,
        failed_rows = c.failed,
        finished_at = clock_timestamp()
      FROM (
        SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'pending')::int AS pending
        FROM upload_batch_rows WHERE business_id = ${batch.business_id} AND batch_id = ${batch.id}
      ) AS c
      WHERE b.business_id = ${batch.business_id} AND b.id = ${batch.id}
        AND b.status IN ('queued', 'processing') AND c.pending = 0`.execute(db);

  const processBatch = async (batch: OpenBatch) => {
    await db
      .updateTable('upload_batches')
      .set({ status: 'processing' })
      .where('business_id', '=', batch.business_id)
      .where('id', '=', batch.id)
      .where('status', '=', 'queued')
      .execute();
    let sinceAnalyze = Infinity;
    for (;;) {
      if (stopping) return;
      // Fresh statistics for the tables a chunk reads, at the start and every ANALYZE_EVERY rows:
      // a large upload changes them faster than autovacuum (and PGlite has none), and plans made
      // without them read every product of the business for each SKU looked up.
      if (sinceAnalyze >= ANALYZE_EVERY) {
        await sql`ANALYZE upload_batch_rows, products, product_varieties, categories, stock_levels`.execute(
          db,
        );
        sinceAnalyze = 0;
      }
      const started = performance.now();
      const taken = await processChunk(batch);
      if (taken === 0) break;
      sinceAnalyze += taken;
      adapt(taken, performance.now() - started);
      await nextTick();
    }
    await finish(batch);
  };

  /** Every unfinished batch, oldest first, each visited once per pass. */
  const pass = async () => {
    const visited = new Set<string>();
    for (;;) {
      if (stopping) return;
      const open = await db
        .selectFrom('upload_batches')
        .select(['id', 'business_id', 'batch_number', 'store_id', 'created_by'])
        .where('status', 'in', ['queued', 'processing'])
        .orderBy('batch_number')
        .limit(visited.size + 1)
        .execute();
      const batch = open.find((b) => !visited.has(b.id));
      if (!batch) return;
      visited.add(batch.id);
      try {
        await processBatch({ ...batch, batch_number: Number(batch.batch_number) });
      } catch (error) {
        // Its rows stay pending (the chunk rolled back); the next poll tries again. Others go on.
        log.error({ err: error, batch: batch.batch_number }, 'bulk upload worker: batch failed');
      }
    }
  };

  const run = async () => {
    while (again && !stopping) {
      again = false;
      try {
        await pass();
      } catch (error) {
        // The database went away or a bug: leave the rows pending; the next poll tries again.
        log.error({ err: error }, 'bulk upload worker: pass failed');
        return;
      }
    }
  };

  const wake = () => {
    if (!started || stopping) return;
    again = true;
    loop ??= run().finally(() => {
      loop = null;
      if (again && !stopping) wake();
    });
  };

  return {
    start: () => {
      if (started) return;
      started = true;
      stopping = false;
      wake();
      timer = setInterval(wake, pollMs);
      timer.unref();
    },
    stop: async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await loop;
      started = false;
    },
    wake,
    idle: async () => {
      while (loop) await loop;
    },
  };
};
