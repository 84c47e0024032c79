import { fromKysely, fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle, InTx } from '../db/database.js';

/**
 * Background work (decision 0011): pg-boss on the app's own database — PostgreSQL through a small
 * pool of its own, the embedded PGlite through pg-boss's adapter on the same instance. Every server
 * process shares one queue: a job is claimed by one process at a time, failures are retried with
 * back-off, and a job sent inside a business transaction commits (or rolls back) with it.
 */
export type JobInfo = { id: string; retryCount: number };

export type QueueSpec = {
  name: string;
  /** Tries after the first; then the job is kept as failed. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) each time up to `retryDelayMaxSeconds`. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds?: number;
  /** How long one try may run before it is taken as lost and tried again. */
  expireInSeconds?: number;
};

export type SendOptions = {
  /** The business transaction the job belongs to: it is queued only if that commits. */
  tx?: InTx;
  startAfterSeconds?: number;
  /** Another job of the queue with this key still waiting: this one is not queued (answers null). */
  singletonKey?: string;
};

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export type Jobs = {
  /** Declares a queue (idempotent) and runs `handler` for its jobs in this process. */
  work: <T extends object>(
    spec: QueueSpec,
    handler: JobHandler<T>,
    opts?: { concurrency?: number },
  ) => Promise<void>;
  send: <T extends object>(queue: string, data: T, opts?: SendOptions) => Promise<string | null>;
  /** A cron schedule (once across every process), in the given IANA time zone. */
  schedule: (queue: string, cron: string, opts: { tz: string; key?: string }) => Promise<void>;
  /** A view whose workers log to `log` and stop when it is closed (one per app instance). */
  scoped: (log?: Log) => Jobs & { close: () => Promise<void> };
  stop: () => Promise<void>;
};

export type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Log lines in the server's JSON shape, for a queue started before the app's logger exists. */
const jsonLog: Log = {
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg, ...obj })),
  error: (obj, msg) => console.error(JSON.stringify({ level: 50, time: Date.now(), msg, ...obj })),
};

/**
 * How often an idle worker looks for jobs. NOTIFY wakes it at once for a new job, but not for a
 * retry or a delayed job coming due: those wait for this poll (pg-boss's default with NOTIFY on is
 * 30 s, which would hold a retry back that long).
 */
const POLL_SECONDS = 1;

type Worker = { queue: string; id: string };

const wrap = (boss: PgBoss, log: Log, own: Worker[] | null): Jobs => {
  const declared = new Set<string>();
  const declare = async (spec: QueueSpec) => {
    if (declared.has(spec.name)) return;
    const options = {
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      ...(spec.retryDelayMaxSeconds ? { retryDelayMax: spec.retryDelayMaxSeconds } : {}),
      expireInSeconds: spec.expireInSeconds ?? 300,
      notify: true,
    };
    if (await boss.getQueue(spec.name)) await boss.updateQueue(spec.name, options);
    else
      await boss.createQueue(spec.name, options).catch(async (error: unknown) => {
        // Another process created it a moment ago.
        if (!(await boss.getQueue(spec.name))) throw error;
      });
    declared.add(spec.name);
  };
  const jobs: Jobs = {
    work: async (spec, handler, opts = {}) => {
      await declare(spec);
      const id = await boss.work<Parameters<typeof handler>[0]>(
        spec.name,
        {
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: POLL_SECONDS,
          batchSize: 1,
          localConcurrency: opts.concurrency ?? 1,
        },
        async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
          } catch (error) {
            log.warn(
              { queue: spec.name, job: job.id, retry: job.retryCount, error: String(error) },
              'job failed; it is tried again later',
            );
            throw error;
          }
        },
      );
      own?.push({ queue: spec.name, id });
    },
    send: (queue, data, opts = {}) =>
      boss.send(queue, data, {
        ...(opts.tx ? { db: fromKysely(opts.tx) } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      }),
    schedule: (queue, cron, { tz, key }) =>
      boss.schedule(queue, cron, null, { tz, missed: 'once', ...(key ? { key } : {}) }),
    scoped: (viewLog = log) => {
      const mine: Worker[] = [];
      const view = wrap(boss, viewLog, mine);
      return {
        ...view,
        close: async () => {
          await Promise.all(
            mine.splice(0).map((w) => boss.offWork(w.queue, { id: w.id, wait: true }).catch(() => {})),
          );
        },
      };
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
  return jobs;
};

/**
 * Starts pg-boss on the database (installing or upgrading its schema, `pgboss`, on first start).
 * Call `stop()` before closing the database.
 */
export const startJobs = async (handle: DatabaseHandle, log: Log = jsonLog): Promise<Jobs> => {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite!), backend: 'pglite', useListenNotify: true })
      : new PgBoss({
          connectionString: handle.url!,
          max: 4,
          useListenNotify: true,
          application_name: 'ms-jobs',
        });
  boss.on('error', (error) => log.error({ error: String(error) }, 'job queue error'));
  await boss.start();
  return wrap(boss, log, null);
};
