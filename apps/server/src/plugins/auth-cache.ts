import type { Database } from '../db/database.js';
import type { Notifier } from '../db/notify.js';
import { watchTableWrites, type TableWrite } from '../db/table-writes.js';

/**
 * The auth hook's session/user/role/device/stores row, kept per session for a few seconds so that an
 * authenticated request costs no query (decision 0006). A change still takes effect at once:
 * - a write in this process to what the row is made of (`AUTH_COLUMNS`) drops the rows as the
 *   statement is built, and none is kept for `quietMs` after it (so a request that reads the row
 *   while that transaction is still open cannot keep the old row past its commit). A write that names
 *   its one business (`TableWrite.businessId`: a login's device, a user's role) does that to that
 *   business's rows only; any other write, to all of them;
 * - a write in any process (or by hand in psql) fires migration 0015's triggers, which send the
 *   business id on `AUTH_CHANNEL` when the transaction commits: every process drops that business's
 *   rows (another process may serve the old row until it hears it: one LISTEN delivery);
 * - when the listening connection was lost, all rows go (messages may have been missed), and until
 *   the process listens nothing is kept;
 * - a row is never older than `ttlMs`, whatever happens.
 */

export const AUTH_CHANNEL = 'ms_auth';

/** Per table, the columns whose change changes what the hook decides ('any': every write). Migration 0015 mirrors this. */
export const AUTH_COLUMNS: Readonly<Record<string, readonly string[] | 'any'>> = {
  sessions: ['revoked_at', 'expires_at', 'user_id', 'device_id', 'business_id', 'id'],
  users: ['status', 'role_id', 'is_owner', 'business_id', 'id'],
  roles: ['name', 'permissions', 'active', 'business_id', 'id'],
  devices: ['deleted_at', 'device_id', 'business_id'],
  user_stores: 'any',
};

/** Does this write (in this process) change a row the cache may hold? A new session, user or role does not. */
export const changesAuth = (write: TableWrite): boolean => {
  const columns = AUTH_COLUMNS[write.table];
  if (!columns) return false;
  switch (write.kind) {
    case 'insert':
      return write.upsert || columns === 'any';
    case 'update':
      return columns === 'any' || write.columns.some((c) => columns.includes(c));
    default:
      return true;
  }
};

export type AuthCacheOptions = { ttlMs?: number; quietMs?: number; max?: number; now?: () => number };

export type AuthCache<Row> = {
  /** The kept row of this session, if any (no await: most requests end here). */
  peek: (businessId: string, key: string) => Row | undefined;
  /** The row of this session: kept, or read by `read` (and kept when nothing changed meanwhile). */
  get: (businessId: string, key: string, read: () => Promise<Row | undefined>) => Promise<Row | undefined>;
  /** Changes a kept row in place (e.g. the device's "last seen" just written). */
  patch: (businessId: string, key: string, change: (row: Row) => void) => void;
  stop: () => Promise<void>;
};

export const createAuthCache = <Row>(
  db: Database,
  notifier: Notifier,
  { ttlMs = 15_000, quietMs = 5_000, max = 10_000, now = Date.now }: AuthCacheOptions = {},
): AuthCache<Row> => {
  /** business id → session key → row and when it was read. */
  const kept = new Map<string, Map<string, { row: Row; at: number }>>();
  let size = 0;
  /** Bumped by every change: a read that started before one is not kept. */
  let generation = 0;
  let quietUntil = 0;
  /** Per business: nothing of it kept until then (a write of this process named it). */
  const quietBusiness = new Map<string, number>();
  let listening = false;
  let listenTried = -Infinity;
  let stopped = false;
  const stops: (() => unknown)[] = [];

  const dropAll = () => {
    generation += 1;
    kept.clear();
    size = 0;
  };
  const dropBusiness = (businessId: string) => {
    generation += 1;
    size -= kept.get(businessId)?.size ?? 0;
    kept.delete(businessId);
  };

  stops.push(
    watchTableWrites(db, (write) => {
      if (!changesAuth(write)) return;
      if (write.businessId === null) {
        dropAll();
        quietUntil = now() + quietMs;
        return;
      }
      dropBusiness(write.businessId);
      // Forget businesses whose quiet is over, so the map stays as small as the writes of 5 s.
      for (const [b, until] of quietBusiness) if (until <= now()) quietBusiness.delete(b);
      quietBusiness.set(write.businessId, now() + quietMs);
    }),
  );
  stops.push(
    notifier.onGap(() => {
      dropAll();
    }),
  );

  const listen = () => {
    if (listening || stopped || now() - listenTried < 5_000) return;
    listenTried = now();
    notifier
      .listen(AUTH_CHANNEL, (businessId) => dropBusiness(businessId))
      .then(
        (stop) => {
          if (stopped) return void stop();
          stops.push(stop);
          dropAll();
          listening = true;
        },
        () => undefined, // tried again on a later request; until then nothing is kept
      );
  };
  listen();

  const keep = (businessId: string, key: string, row: Row) => {
    if (size >= max) dropAll();
    let rows = kept.get(businessId);
    if (!rows) kept.set(businessId, (rows = new Map()));
    if (!rows.has(key)) size += 1;
    rows.set(key, { row, at: now() });
  };

  const peek = (businessId: string, key: string) => {
    const hit = kept.get(businessId)?.get(key);
    return hit && now() - hit.at < ttlMs ? hit.row : undefined;
  };

  return {
    peek,
    get: async (businessId, key, read) => {
      const hit = peek(businessId, key);
      if (hit) return hit;
      listen();
      const before = generation;
      const row = await read();
      const quiet = Math.max(quietUntil, quietBusiness.get(businessId) ?? 0);
      if (row && listening && generation === before && now() >= quiet) keep(businessId, key, row);
      return row;
    },
    patch: (businessId, key, change) => {
      const hit = kept.get(businessId)?.get(key);
      if (hit) change(hit.row);
    },
    stop: async () => {
      stopped = true;
      dropAll();
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
};
