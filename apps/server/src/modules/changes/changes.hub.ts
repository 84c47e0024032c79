import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import {
  ADMIN_ROLE,
  CHANGE_HEARTBEAT_MS,
  CHANGE_STREAM_EVENTS,
  CHANGE_TOPIC_READERS,
  type ChangeEvent,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import type { Notifier } from '../../db/notify.js';
import type { AuthContext } from '../../plugins/auth.js';
import { AUTH_CHANNEL } from '../../plugins/auth-cache.js';
import { CHANGES_CHANNEL, type ChangeMessage } from './changes.publish.js';

/** Open streams one user may hold on one device (two tabs racing for the sync lock); the oldest makes way. */
export const STREAMS_PER_DEVICE = 2;
/** Open streams one user may hold across devices. */
export const STREAMS_PER_USER = 6;
/** Events kept for a stream that resumes (Last-Event-ID) on this process. */
const KEPT_EVENTS = 2_000;
/** A stream whose client reads slower than this is closed (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 256 * 1024;

type Stream = {
  auth: AuthContext;
  raw: ServerResponse;
  opened: number;
};

type Kept = { seq: number; businessId: string; event: ChangeEvent };

export type ChangeHub = {
  /** Takes over `raw` (headers already written by the caller) as the stream of `auth`. */
  open: (auth: AuthContext, raw: ServerResponse, lastEventId: string | undefined) => Promise<void>;
  /** Open streams on this process (for tests and the log). */
  size: () => number;
  close: () => Promise<void>;
};

/** Whether the stream's user may hear the event, and the part of it they may hear. */
const visibleTo = (auth: AuthContext, event: ChangeEvent): ChangeEvent | null => {
  if (!auth.isAdmin) {
    const readers = CHANGE_TOPIC_READERS[event.topic];
    if (readers.length > 0 && !readers.some((key) => auth.permissions.has(key))) return null;
    if (event.stores) {
      const stores = event.stores.filter((s) => auth.storeIds.includes(s));
      if (stores.length === 0) return null;
      if (stores.length !== event.stores.length) return { ...event, stores };
    }
  }
  return event;
};

const frame = (name: string, id: string | null, data: unknown) =>
  `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * This process's side of live changes: one LISTEN (through the notifier, so changes written by
 * any process reach streams on every process) fanned out to the open streams of each business,
 * filtered by the reader's permissions and stores. Heartbeats keep proxies from closing a quiet
 * stream, and at each one the streams' sessions are checked again (revoked, expired, deactivated,
 * device removed: the stream ends; role or stores changed: the filter follows).
 */
export const createChangeHub = (
  db: Database,
  notifier: Notifier,
  { heartbeatMs = CHANGE_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): ChangeHub => {
  const byBusiness = new Map<string, Set<Stream>>();
  const kept: Kept[] = [];
  let epoch = randomBytes(4).toString('hex');
  let seq = 0;
  let started: Promise<void> | null = null;
  const stops: (() => unknown)[] = [];
  let closed = false;

  const all = () => [...byBusiness.values()].flatMap((set) => [...set]);
  const eventId = (n: number) => `${epoch}.${n}`;

  const end = (stream: Stream) => {
    const set = byBusiness.get(stream.auth.businessId);
    set?.delete(stream);
    if (set?.size === 0) byBusiness.delete(stream.auth.businessId);
    if (!stream.raw.writableEnded) stream.raw.end();
  };

  const write = (stream: Stream, text: string) => {
    if (stream.raw.writableEnded || stream.raw.destroyed) return end(stream);
    stream.raw.write(text);
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) end(stream);
  };

  /** Everyone's filter anew from the database; streams whose session may no longer go on end. */
  const recheck = async (streams: Stream[]) => {
    if (streams.length === 0) return;
    const rows = await sql<{
      business_id: string;
      id: string;
      ok: boolean;
      role_name: string;
      role_active: boolean;
      permissions: string[];
      store_ids: string[];
    }>`
      SELECT s.business_id, s.id,
             (s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'active' AND d.deleted_at IS NULL) AS ok,
             r.name AS role_name, r.active AS role_active, r.permissions,
             array(SELECT us.store_id::text FROM user_stores us
                    WHERE us.business_id = u.business_id AND us.user_id = u.id) AS store_ids
        FROM unnest(${streams.map((s) => s.auth.businessId)}::uuid[], ${streams.map((s) => s.auth.sessionId)}::uuid[])
             AS k(business_id, id)
        JOIN sessions s ON s.business_id = k.business_id AND s.id = k.id
        JOIN users u ON u.business_id = s.business_id AND u.id = s.user_id
        JOIN roles r ON r.business_id = u.business_id AND r.id = u.role_id
        LEFT JOIN devices d ON d.business_id = s.business_id AND d.device_id = s.device_id`.execute(db);
    const found = new Map(rows.rows.map((r) => [`${r.business_id}:${r.id}`, r]));
    for (const stream of streams) {
      const row = found.get(`${stream.auth.businessId}:${stream.auth.sessionId}`);
      if (!row?.ok) {
        end(stream);
        continue;
      }
      const role = row.role_name.toLowerCase();
      const isAdmin = role === ADMIN_ROLE;
      stream.auth = {
        ...stream.auth,
        role,
        isAdmin,
        permissions: new Set(row.role_active || isAdmin ? row.permissions : []),
        storeIds: row.store_ids,
      };
    }
  };

  const recheckQuietly = (streams: Stream[]) =>
    recheck(streams).catch(() => {
      /* the database is away: the next heartbeat tries again */
    });

  const deliver = (payload: string) => {
    let message: ChangeMessage;
    try {
      message = JSON.parse(payload) as ChangeMessage;
    } catch {
      return;
    }
    const streams = byBusiness.get(message.b);
    const events: Kept[] = message.c.map((c) => ({
      seq: ++seq,
      businessId: message.b,
      event: {
        topic: c.t,
        ...(c.s ? { stores: c.s } : {}),
        ...(c.i ? { ids: c.i } : {}),
        ...(c.w ? { what: c.w } : {}),
        at: message.at,
      },
    }));
    kept.push(...events);
    if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
    if (!streams) return;
    const send = () => {
      for (const stream of byBusiness.get(message.b) ?? [])
        for (const { seq: n, event } of events) {
          const visible = visibleTo(stream.auth, event);
          if (visible) write(stream, frame(CHANGE_STREAM_EVENTS.change, eventId(n), visible));
        }
    };
    // Who may hear what changed with staff and stores: read it again before telling anyone.
    if (events.some((e) => e.event.topic === 'staff' || e.event.topic === 'stores'))
      void recheckQuietly([...streams]).then(send);
    else send();
  };

  /** The listening connection was lost: anything may have been missed, so every device resyncs. */
  const gap = () => {
    epoch = randomBytes(4).toString('hex');
    kept.length = 0;
    for (const stream of all()) write(stream, frame(CHANGE_STREAM_EVENTS.resync, eventId(seq), {}));
  };

  const heartbeat = () => {
    const streams = all();
    for (const stream of streams) write(stream, ': keep-alive\n\n');
    void recheckQuietly(streams);
  };

  const start = () =>
    (started ??= (async () => {
      stops.push(await notifier.listen(CHANGES_CHANNEL, deliver));
      // A session, user, role, device or store assignment of the business changed (migration 0015):
      // its streams are checked at once, not at the next heartbeat.
      stops.push(
        await notifier.listen(AUTH_CHANNEL, (businessId) => {
          const streams = byBusiness.get(businessId);
          if (streams) void recheckQuietly([...streams]);
        }),
      );
      stops.push(notifier.onGap(gap));
      const timer = setInterval(heartbeat, heartbeatMs);
      timer.unref();
      stops.push(() => clearInterval(timer));
    })());

  /** Where a resuming stream starts: the kept events after its last id, or "resync" if that is not known here. */
  const resume = (stream: Stream, lastEventId: string | undefined) => {
    if (!lastEventId) return;
    const [from, n] = lastEventId.split('.');
    const last = Number(n);
    const oldest = kept[0]?.seq ?? seq + 1;
    if (from !== epoch || !Number.isInteger(last) || last > seq || last < oldest - 1) {
      write(stream, frame(CHANGE_STREAM_EVENTS.resync, null, {}));
      return;
    }
    for (const { seq: k, businessId, event } of kept) {
      if (k <= last || businessId !== stream.auth.businessId) continue;
      const visible = visibleTo(stream.auth, event);
      if (visible) write(stream, frame(CHANGE_STREAM_EVENTS.change, eventId(k), visible));
    }
  };

  /** The oldest streams of this user, on this device and on all, make way for the new one. */
  const makeRoom = (auth: AuthContext) => {
    const mine = [...(byBusiness.get(auth.businessId) ?? [])].sort((a, b) => a.opened - b.opened);
    const device = mine.filter((s) => s.auth.deviceId === auth.deviceId && s.auth.userId === auth.userId);
    device.slice(0, Math.max(0, device.length - STREAMS_PER_DEVICE + 1)).forEach(end);
    const user = mine.filter((s) => s.auth.userId === auth.userId && !s.raw.writableEnded);
    user.slice(0, Math.max(0, user.length - STREAMS_PER_USER + 1)).forEach(end);
  };

  return {
    open: async (auth, raw, lastEventId) => {
      await start();
      if (closed) {
        raw.end();
        return;
      }
      makeRoom(auth);
      const stream: Stream = { auth, raw, opened: performance.now() };
      let set = byBusiness.get(auth.businessId);
      if (!set) byBusiness.set(auth.businessId, (set = new Set()));
      set.add(stream);
      raw.on('close', () => end(stream));
      // The reconnect delay a plain EventSource would use; what was missed; then where this stream stands.
      write(stream, `retry: 3000\n\n`);
      resume(stream, lastEventId);
      write(stream, frame(CHANGE_STREAM_EVENTS.ready, eventId(seq), {}));
    },
    size: () => all().length,
    close: async () => {
      closed = true;
      for (const stream of all()) end(stream);
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
};
