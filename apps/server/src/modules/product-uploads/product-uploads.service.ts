import type { MultipartFile } from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES,
  normaliseHeader,
  parseUploadRow,
  ALL_UPLOAD_COLUMN_KEYS,
  handleKey,
  type FailedRowsData,
  type UploadBatch,
  type UploadBatchPage,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import { readProductFile } from './parse-file.js';
import {
  failedRowsOf,
  findBatch,
  insertBatch,
  listBatches,
  lockBatch,
  replaceFailedRowData,
  requeueFailedRows,
  toBatch,
} from './product-uploads.repository.js';

const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The multipart request's file (field "file") and optional store_id, in any order. */
export const readUploadParts = async (
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
) => {
  let file: { bytes: Buffer; fileName: string } | undefined;
  let storeId: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { bytes, fileName: part.filename ?? '' };
      } else if (part.fieldname === 'store_id' && typeof part.value === 'string' && part.value.trim()) {
        storeId = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is too large: upload at most ${MAX_MB} MB at a time (file).`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Send one file (field "file") and optionally store_id.');
    throw error;
  }
  return { file, storeId };
};

/** Each row with the row number of the first row of its handle (rows of a handle are one product). */
const withGroups = <R extends { rowNumber: number; data: Record<string, string> }>(rows: readonly R[]) => {
  const firstOf = new Map<string, number>();
  return rows.map((r) => {
    const handle = handleKey(r.data.handle);
    if (!handle) return { ...r, groupRow: null };
    if (!firstOf.has(handle)) firstOf.set(handle, r.rowNumber);
    return { ...r, groupRow: firstOf.get(handle)! };
  });
};

/**
 * Reads the file, keeps every row as pending in a new queued batch and answers at once; the
 * worker creates the products. Opening stock needs a store the caller may use.
 */
export const createBatch = async (
  db: Database,
  auth: AuthContext,
  input: { file?: { bytes: Buffer; fileName: string }; storeId?: string },
): Promise<UploadBatch> => {
  if (!input.file) throw badRequest('Choose a file to upload: send it as multipart form field "file".');
  const { bytes, fileName } = input.file;
  if (input.storeId !== undefined && !isUuid(input.storeId))
    throw badRequest('The store_id must be a valid id.');
  const rows = withGroups(await readProductFile({ bytes, fileName }));
  if (input.storeId) await assertStoreAccess(db, auth, input.storeId);
  else {
    const withStock = rows.find((r) => {
      // A later row of a handle has no name of its own: its stock counts all the same.
      const parsed = parseUploadRow(r.groupRow === null ? r.data : { ...r.data, name: 'variant' });
      return parsed.ok && (parsed.value.stock ?? 0) > 0;
    });
    if (withStock)
      throw badRequest(
        `The file has opening stock (row ${withStock.rowNumber}): choose the store it goes into (store_id).`,
      );
  }
  const batch = await db.transaction().execute((tx) =>
    insertBatch(tx, {
      businessId: auth.businessId,
      id: newId(),
      fileName: (fileName || 'products.csv').slice(0, 255),
      storeId: input.storeId ?? null,
      userId: auth.userId,
      rows,
    }),
  );
  return toBatch(batch);
};

export const batchPage = async (
  db: Database,
  auth: AuthContext,
  q: { page: number; limit: number },
): Promise<UploadBatchPage> => {
  const { items, total } = await listBatches(db, auth.businessId, q.page, q.limit);
  return { items: items.map(toBatch), total, page: q.page, limit: q.limit };
};

const batchOr404 = async (db: Database, businessId: string, batchNumber: number) => {
  const batch = await findBatch(db, businessId, batchNumber);
  if (!batch) throw notFound(`Batch ${batchNumber}`);
  return batch;
};

export const oneBatch = async (db: Database, auth: AuthContext, batchNumber: number): Promise<UploadBatch> =>
  toBatch(await batchOr404(db, auth.businessId, batchNumber));

export const failedRows = async (
  db: Database,
  auth: AuthContext,
  batchNumber: number,
  q: { page: number; limit: number },
): Promise<FailedRowsData> => {
  const batch = await batchOr404(db, auth.businessId, batchNumber);
  const { items, total } = await failedRowsOf(db, auth.businessId, batch.id, q.page, q.limit);
  return { batch: toBatch(batch), items, total, page: q.page, limit: q.limit };
};

/** Cells under our column names (headers normalised like a file's), empty ones dropped. */
const knownCells = (data: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [header, value] of Object.entries(data)) {
    const key = normaliseHeader(header);
    // U+0000 cannot be stored (jsonb, text): it is dropped as a spreadsheet would.
    const text = value.replaceAll('\u0000', '').trim();
    if (ALL_UPLOAD_COLUMN_KEYS.includes(key) && text && out[key] === undefined) out[key] = text;
  }
  return out;
};

/**
 * Saves corrected cells of failed rows, then puts every failed row of a finished batch back in
 * the queue. A batch still being processed, or one without failed rows, is a 409.
 */
export const reprocess = async (
  db: Database,
  auth: AuthContext,
  body: { batch_number: number; rows?: { row_number: number; data: Record<string, string> }[] },
): Promise<{ batch: UploadBatch; requeued: number }> => {
  const found = await batchOr404(db, auth.businessId, body.batch_number);
  return db.transaction().execute(async (tx) => {
    const batch = await lockBatch(tx, auth.businessId, found.id);
    if (!batch) throw notFound(`Batch ${body.batch_number}`);
    if (batch.status === 'queued' || batch.status === 'processing')
      throw conflict(`Batch ${body.batch_number} is still being processed: wait until it finishes.`);
    if (body.rows?.length) {
      const rows = body.rows.map((r) => ({ row_number: r.row_number, data: knownCells(r.data) }));
      const unknown = await replaceFailedRowData(tx, auth.businessId, batch.id, rows);
      if (unknown.length)
        throw badRequest(
          `rows: row ${unknown.join(', ')} ${unknown.length > 1 ? 'are not failed rows' : 'is not a failed row'} of batch ${body.batch_number}.`,
        );
    }
    if (batch.failed_rows === 0)
      throw conflict(`Batch ${body.batch_number} has no failed rows to reprocess.`);
    const requeued = await requeueFailedRows(tx, auth.businessId, batch.id);
    const after = await lockBatch(tx, auth.businessId, batch.id);
    return { batch: toBatch(after ?? batch), requeued };
  });
};
