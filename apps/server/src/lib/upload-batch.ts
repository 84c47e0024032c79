import type { z } from 'zod';
import type { UploadResponse, UploadResult } from '@ms/contracts';
import { classifyDatabaseError, contentErrorReason } from './db-errors.js';
import { HttpError } from './errors.js';

/**
 * Runs a batch of records made offline, one at a time, each in its own transaction (the `record`
 * callback's), and answers one result per record in the order sent (decision 0004):
 * - `accepted` (recorded now) or `duplicate` (recorded before: `data` is the stored record);
 * - `rejected` when the record can never be accepted as it is: it fails its schema (the reason
 *   names the field), the callback refuses it with a 4xx HttpError, or the database refuses its
 *   content (a data exception or a constraint, see `classifyDatabaseError`). The others go on: one
 *   bad record never blocks the records after it.
 * - Anything else (serialization failure, deadlock, database down or timed out, a bug) is not the
 *   record's fault: the whole request fails with 503 and the device sends the batch again. Records
 *   already committed come back as `duplicate`, so nothing is recorded twice.
 */

/** A 4xx that means "not yet, try again" rather than "never". */
export type TransientRefusal = (error: HttpError) => boolean;

const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'invalid',
};

/** `items[0].quantity: ...` — the field first, unless the rule's message already names it. */
export const describeIssue = (issue: z.core.$ZodIssue): string => {
  const field = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
  if (!field) return issue.message;
  const leaf = String(issue.path.filter((p) => typeof p !== 'number').pop() ?? field);
  return issue.message.includes(field) || (issue.path.length === 1 && issue.message.includes(leaf))
    ? issue.message
    : `${field}: ${issue.message}`;
};

const idOf = (raw: unknown): string => {
  const value = raw && typeof raw === 'object' ? (raw as { _id?: unknown })._id : undefined;
  return typeof value === 'string' ? value.toLowerCase() : '';
};

export const runUploadBatch = async <S extends z.ZodType, T>(opts: {
  records: readonly unknown[];
  schema: S;
  /** `notice`: the record was accepted with a change the device should know of (why, and a code). */
  record: (
    input: z.infer<S>,
  ) => Promise<{ data: T; created: boolean; notice?: { code: string; reason: string } | undefined }>;
  transient?: TransientRefusal;
  log: (error: unknown, id: string) => void;
}): Promise<UploadResponse<T>> => {
  const results: UploadResult<T>[] = [];
  for (const raw of opts.records) {
    const _id = idOf(raw);
    const parsed = opts.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const reason = issue ? describeIssue(issue) : 'This record is not valid.';
      results.push({ _id, outcome: 'rejected', reason, code: 'invalid' });
      continue;
    }
    try {
      const { data, created, notice } = await opts.record(parsed.data);
      results.push({ _id, outcome: created ? 'accepted' : 'duplicate', ...notice, data });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500 && !opts.transient?.(error)) {
        results.push({
          _id,
          outcome: 'rejected',
          reason: error.message,
          code: error.code ?? CODE_OF_STATUS[error.statusCode] ?? 'invalid',
          ...(error.data ? { data: error.data as T } : {}),
        });
        continue;
      }
      opts.log(error, _id);
      if (!(error instanceof HttpError) && classifyDatabaseError(error) === 'content') {
        results.push({ _id, outcome: 'rejected', reason: contentErrorReason(error), code: 'invalid' });
        continue;
      }
      throw new HttpError(
        503,
        'The server could not save these records just now. They are kept on this device and will be sent again.',
        'retry_later',
      );
    }
  }
  return { results };
};

/** The `log` of an upload route: a record that failed (the batch will be sent again), on the request's log. */
export const uploadFailureLog =
  (request: { log: { error: (o: object, m: string) => void } }) => (err: unknown, id: string) =>
    request.log.error({ err, id }, 'offline upload: record failed, batch to be retried');
