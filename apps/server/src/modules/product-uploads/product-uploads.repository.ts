import { sql } from 'kysely';
import type { UploadBatch, UploadBatchRow } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';

const BATCH_COLUMNS = [
  'id',
  'business_id',
  'batch_number',
  'file_name',
  'store_id',
  'status',
  'total_rows',
  'processed_rows',
  'succeeded_rows',
  'failed_rows',
  'error',
  'created_by',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

export type BatchRow = {
  id: string;
  business_id: string;
  batch_number: number;
  file_name: string;
  store_id: string | null;
  status: UploadBatch['status'];
  total_rows: number;
  processed_rows: number;
  succeeded_rows: number;
  failed_rows: number;
  error: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
};

export const toBatch = (b: BatchRow): UploadBatch => ({
  _id: b.id,
  id: b.id,
  batch_number: Number(b.batch_number),
  file_name: b.file_name,
  store_id: b.store_id,
  status: b.status,
  total_rows: b.total_rows,
  processed_rows: b.processed_rows,
  succeeded_rows: b.succeeded_rows,
  failed_rows: b.failed_rows,
  progress:
    b.status === 'completed' || b.status === 'failed'
      ? 100
      : b.total_rows === 0
        ? 0
        : Math.min(99, Math.floor((b.processed_rows * 100) / b.total_rows)),
  error: b.error,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
  finished_at: b.finished_at?.toISOString() ?? null,
});

/** Rows per INSERT (one statement of arrays, unnest, per this many rows). */
const INSERT_CHUNK = 5000;

/** A queued batch with every row pending, in the caller's transaction. */
export const insertBatch = async (
  tx: Tx,
  b: {
    businessId: string;
    id: string;
    fileName: string;
    storeId: string | null;
    userId: string;
    rows: readonly { rowNumber: number; data: Record<string, string>; groupRow: number | null }[];
  },
): Promise<BatchRow> => {
  const batch = await tx
    .insertInto('upload_batches')
    .values({
      business_id: b.businessId,
      id: b.id,
      file_name: b.fileName,
      store_id: b.storeId,
      status: 'queued',
      total_rows: b.rows.length,
      created_by: b.userId,
    })
    .returning(BATCH_COLUMNS)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < b.rows.length; i += INSERT_CHUNK) {
    const chunk = b.rows.slice(i, i + INSERT_CHUNK);
    await sql`
      INSERT INTO upload_batch_rows (business_id, batch_id, row_number, data, group_row)
      SELECT ${b.businessId}::uuid, ${b.id}::uuid, x.row_number, x.data, x.group_row
      FROM unnest(
        ${chunk.map((r) => r.rowNumber)}::int[],
        ${chunk.map((r) => JSON.stringify(r.data))}::jsonb[],
        ${chunk.map((r) => r.groupRow)}::int[]
      ) AS x(row_number, data, group_row)`.execute(tx);
  }
  return batch;
};

export const findBatch = (db: Tx, businessId: string, batchNumber: number) =>
  db
    .selectFrom('upload_batches')
    .select(BATCH_COLUMNS)
    .where('business_id', '=', businessId)
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();

export const listBatches = async (db: Database, businessId: string, page: number, limit: number) => {
  const [items, count] = await Promise.all([
    db
      .selectFrom('upload_batches')
      .select(BATCH_COLUMNS)
      .where('business_id', '=', businessId)
      .orderBy('batch_number', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('upload_batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
};

export const failedRowsOf = async (
  db: Database,
  businessId: string,
  batchId: string,
  page: number,
  limit: number,
): Promise<{ items: UploadBatchRow[]; total: number }> => {
  const base = db
    .selectFrom('upload_batch_rows')
    .where('business_id', '=', businessId)
    .where('batch_id', '=', batchId)
    .where('status', '=', 'failed');
  const [rows, count] = await Promise.all([
    base
      .select(['row_number', 'data', 'status', 'error', 'product_id'])
      .orderBy('row_number')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ ...r, status: r.status })), total: Number(count.n) };
};

/** Replaces the cells of failed rows; answers the row numbers that are not failed rows of the batch. */
export const replaceFailedRowData = async (
  tx: Tx,
  businessId: string,
  batchId: string,
  rows: readonly { row_number: number; data: Record<string, string> }[],
): Promise<number[]> => {
  const updated = new Set<number>();
  for (const r of rows) {
    const res = await tx
      .updateTable('upload_batch_rows')
      .set({ data: JSON.stringify(r.data) })
      .where('business_id', '=', businessId)
      .where('batch_id', '=', batchId)
      .where('row_number', '=', r.row_number)
      .where('status', '=', 'failed')
      .returning('row_number')
      .executeTakeFirst();
    if (res) updated.add(res.row_number);
  }
  return rows.map((r) => r.row_number).filter((n) => !updated.has(n));
};

/** Failed rows go back to pending and the batch back to the queue, its counts without them. */
export const requeueFailedRows = async (tx: Tx, businessId: string, batchId: string): Promise<number> => {
  const res = await tx
    .updateTable('upload_batch_rows')
    .set({ status: 'pending', error: null })
    .where('business_id', '=', businessId)
    .where('batch_id', '=', batchId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  await tx
    .updateTable('upload_batches')
    .set({
      status: 'queued',
      processed_rows: sql`processed_rows - ${n}`,
      failed_rows: sql`greatest(failed_rows - ${n}, 0)`,
      finished_at: null,
      error: null,
    })
    .where('business_id', '=', businessId)
    .where('id', '=', batchId)
    .execute();
  return n;
};

/** Locks the batch row so a reprocess and the worker's finishing step never interleave. */
export const lockBatch = (tx: Tx, businessId: string, batchId: string) =>
  tx
    .selectFrom('upload_batches')
    .select(BATCH_COLUMNS)
    .where('business_id', '=', businessId)
    .where('id', '=', batchId)
    .forUpdate()
    .executeTakeFirst();

export { BATCH_COLUMNS };
