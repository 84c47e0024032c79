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

/**
 * Called by a record's writer just before it writes what other records may lock (a sale: before its
 * stock moves). Resolves once every earlier record of the batch has settled, or has said it `passed`
 * its contended writes; throws when an earlier one failed (the batch will be answered 503 and sent
 * again, so this record must not commit), or when they take too long (the writer gives up its
 * transaction and is run again after them).
 *
 * A writer that calls `passed()` (its contended writes are done; the next record may start its own
 * while this one finishes and commits) must await `beforeCommit()` as its transaction's last step:
 * it resolves once every earlier record has settled, and throws as the turn does, so records still
 * commit in the order sent and none commits after a failed one.
 */
export type Turn = {
  (): Promise<void>;
  passed: () => void;
  beforeCommit: () => Promise<void>;
};

/** An earlier record failed: this one must not commit. */
class EarlierFailed extends Error {}
/** The earlier records did not settle in time: run this one again after them. */
class TurnTimedOut extends Error {}

/**
 * Several records at once (decision 0004): up to `window` in flight, never two that share a key (a
 * customer, the record's id) so that the parts they run side by side lock nothing the other waits
 * for. Each still commits in order: its writer calls `turn` before its contended writes. If an
 * earlier record is somehow stuck behind a later one's locks, the later one's turn times out after
 * `turnTimeoutMs`, its transaction is undone, it runs again once the earlier ones settled, and the rest
 * of the batch goes one at a time (a slow database or another upload on the same rows would otherwise
 * make every waiting record run twice).
 */
export type Overlap<I> = { window: number; keys: (input: I) => readonly string[]; turnTimeoutMs?: number };

const TURN_TIMEOUT_MS = 1_000;

export const runUploadBatch = async <S extends z.ZodType, T>(opts: {
  records: readonly unknown[];
  schema: S;
  /** `notice`: the record was accepted with a change the device should know of (why, and a code). */
  record: (
    input: z.infer<S>,
    turn: Turn,
  ) => Promise<{ data: T; created: boolean; notice?: { code: string; reason: string } | undefined }>;
  transient?: TransientRefusal;
  log: (error: unknown, id: string) => void;
  /** Without it: one record at a time. */
  overlap?: Overlap<z.infer<S>>;
}): Promise<UploadResponse<T>> => {
  const window = Math.max(1, opts.overlap?.window ?? 1);
  const turnTimeoutMs = opts.overlap?.turnTimeoutMs ?? TURN_TIMEOUT_MS;
  const results: UploadResult<T>[] = [];
  /** Per record: whether every record up to and including it settled without failing the batch. */
  let upToPrevious: Promise<boolean> = Promise.resolve(true);
  /** Per record: whether every record up to and including it passed its contended writes (or settled). */
  let passedUpToPrevious: Promise<boolean> = Promise.resolve(true);
  const inFlight = new Map<Promise<boolean>, ReadonlySet<string>>();
  let failure: { error: unknown; _id: string } | undefined;
  let oneAtATime = false;

  /** One attempt of a record; true when it settled (accepted, duplicate or rejected). */
  const attempt = async (index: number, _id: string, input: z.infer<S>, turn: Turn): Promise<boolean> => {
    try {
      const { data, created, notice } = await opts.record(input, turn);
      results[index] = { _id, outcome: created ? 'accepted' : 'duplicate', ...notice, data };
      return true;
    } catch (error) {
      if (error instanceof EarlierFailed || error instanceof TurnTimedOut) throw error;
      if (error instanceof HttpError && error.statusCode < 500 && !opts.transient?.(error)) {
        results[index] = {
          _id,
          outcome: 'rejected',
          reason: error.message,
          code: error.code ?? CODE_OF_STATUS[error.statusCode] ?? 'invalid',
          ...(error.data ? { data: error.data as T } : {}),
        };
        return true;
      }
      opts.log(error, _id);
      if (!(error instanceof HttpError) && classifyDatabaseError(error) === 'content') {
        results[index] = { _id, outcome: 'rejected', reason: contentErrorReason(error), code: 'invalid' };
        return true;
      }
      failure ??= { error, _id };
      return false;
    }
  };

  /** Waits for the records before to reach `gate`: false there means one failed. */
  const waitFor = async (gate: Promise<boolean>) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TurnTimedOut()), turnTimeoutMs);
    });
    try {
      if (!(await Promise.race([gate, timedOut]))) throw new EarlierFailed();
    } finally {
      clearTimeout(timer);
    }
  };
  /** The turn of a record run again on its own, once every earlier one settled: nothing to wait for. */
  const alone: Turn = Object.assign(async () => {}, { passed: () => {}, beforeCommit: async () => {} });

  const run = async (
    index: number,
    _id: string,
    input: z.infer<S>,
    {
      before,
      passedBefore,
      pass,
    }: { before: Promise<boolean>; passedBefore: Promise<boolean>; pass: () => void },
  ) => {
    const turn: Turn = Object.assign(() => waitFor(passedBefore), {
      passed: pass,
      beforeCommit: () => waitFor(before),
    });
    try {
      return await attempt(index, _id, input, turn);
    } catch (error) {
      if (error instanceof EarlierFailed) return false;
      if (!(error instanceof TurnTimedOut)) {
        failure ??= { error, _id };
        return false;
      }
      // Undone. Waiting turns cost reruns, so the rest of the batch goes one at a time; once the
      // earlier records settled this one is first in line and runs on its own.
      oneAtATime = true;
      if (!(await before)) return false;
      return attempt(index, _id, input, alone).catch((again: unknown) => {
        failure ??= { error: again, _id };
        return false;
      });
    }
  };

  for (const [index, raw] of opts.records.entries()) {
    const _id = idOf(raw);
    const parsed = opts.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const reason = issue ? describeIssue(issue) : 'This record is not valid.';
      results[index] = { _id, outcome: 'rejected', reason, code: 'invalid' };
      continue;
    }
    const keys = new Set(opts.overlap?.keys(parsed.data) ?? []);
    const clashes = () => [...inFlight.values()].some((held) => [...keys].some((k) => held.has(k)));
    const full = () => inFlight.size >= (oneAtATime ? 1 : window);
    while (full() || (inFlight.size > 0 && clashes())) await Promise.race(inFlight.keys());
    if (failure) break;
    const before = upToPrevious;
    const passedBefore = passedUpToPrevious;
    let markPassed: (ok: boolean) => void = () => {};
    const passed = new Promise<boolean>((resolve) => (markPassed = resolve));
    const settled = run(index, _id, parsed.data, { before, passedBefore, pass: () => markPassed(true) });
    // `run` never rejects (every error ends as a result or as `failure`): nothing here can go unhandled.
    // A record that never says `passed` has passed when it settles.
    void settled.then(markPassed);
    upToPrevious = Promise.all([before, settled]).then(([a, b]) => a && b);
    passedUpToPrevious = Promise.all([passedBefore, passed]).then(([a, b]) => a && b);
    inFlight.set(settled, keys);
    void settled.then(() => inFlight.delete(settled));
  }
  await Promise.all(inFlight.keys());
  if (failure) {
    throw new HttpError(
      503,
      'The server could not save these records just now. They are kept on this device and will be sent again.',
      'retry_later',
    );
  }
  return { results: results.filter((r): r is UploadResult<T> => r !== undefined) };
};

/** The `log` of an upload route: a record that failed (the batch will be sent again), on the request's log. */
export const uploadFailureLog =
  (request: { log: { error: (o: object, m: string) => void } }) => (err: unknown, id: string) =>
    request.log.error({ err, id }, 'offline upload: record failed, batch to be retried');
