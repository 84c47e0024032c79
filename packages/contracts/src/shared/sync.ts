import { z } from 'zod';
import { inputString } from '../validation/zod-rules.js';

/** Incremental download: rows changed since `updated_at`, plus what was removed (spec 000 §7.4). */
export const syncQuery = z.object({
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
});

export const metaData = z.object({
  lastUpdate: z.number(),
  recordsRemoved: z.array(z.string()),
  total_count: z.number().optional(),
});

export const syncList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), metaData });

/** `page` of a paged list: 1 or more. */
export const pageNumber = () =>
  z.coerce.number({ error: 'page should be an numeric' }).int().min(1, 'page must be 1 or more').default(1);

/** `limit` of a paged list: 1 to `max`, `fallback` when left out. */
export const pageLimit = (max = 200, fallback = 50) =>
  z.coerce
    .number({ error: 'limit should be an numeric' })
    .int()
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(fallback);

export const pageQuery = z.object({
  page: pageNumber(),
  limit: pageLimit(),
  search: inputString('search').trim().max(100).optional(),
});

/** One page of a list: the items, how many match in all, and which page this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number() });

/**
 * Uploading records made on a device (spec 000 §4 offline sales and customers): a batch of records,
 * each answered on its own so one bad record never blocks the queue. `accepted` = recorded now,
 * `duplicate` = recorded earlier (a retry; `data` is the stored record), `rejected` = will never be
 * accepted as it is (`reason` says why, for the person who made it; `code` for the engine). An
 * `accepted` result may carry a `reason` and `code` too: what the server left off the record (e.g.
 * `customer_dropped`, a customer id that is not this business's).
 */
export const UPLOAD_BATCH_MAX = 100;
export const UPLOAD_OUTCOMES = ['accepted', 'duplicate', 'rejected'] as const;
export type UploadOutcome = (typeof UPLOAD_OUTCOMES)[number];
export type UploadResult<T = unknown> = {
  _id: string;
  outcome: UploadOutcome;
  reason?: string;
  code?: string;
  data?: T;
};
export const uploadBatchBody = <T extends z.ZodType>(key: string, record: T) =>
  z.object({
    [key]: z
      .array(record, { error: `${key} should be an array` })
      .min(1, `${key} must hold at least one record`)
      .max(UPLOAD_BATCH_MAX, `${key} can hold at most ${UPLOAD_BATCH_MAX} records`),
  });
export type UploadResponse<T = unknown> = { results: UploadResult<T>[] };
