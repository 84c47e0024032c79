import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { Tx } from './database.js';

/**
 * Messages between the server's processes, carried by the database (PostgreSQL LISTEN/NOTIFY;
 * the embedded PGlite has the same, inside its one process). A message sent inside a
 * transaction is delivered only when, and if, that transaction commits — so a listener never
 * hears of a change it cannot yet read.
 */
export type Notifier = {
  /** Sends `payload` (at most ~7,900 bytes) on `channel`; as part of `tx` when it is a transaction. */
  notify: (tx: Tx, channel: string, payload: string) => Promise<void>;
  /** Calls `handler` for every message on `channel`, from any process. Resolves to a function that stops it. */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Calls `handler` after the listening connection was lost and made again: messages sent in
   * between were missed, so whoever keeps state from them (a cache) must drop it.
   */
  onGap: (handler: () => void) => () => void;
  close: () => Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`bad notify channel name: ${channel}`);
};

const send = async (tx: Tx, channel: string, payload: string) => {
  checkChannel(channel);
  await sql`select pg_notify(${channel}, ${payload})`.execute(tx);
};

/**
 * `Notifier.notify` for writers that hold only a transaction (the stock ledger): the message goes
 * with `tx` on either database, so it is the same call every notifier makes.
 */
export const notifyIn = send;

type Handlers = Map<string, Set<(payload: string) => void>>;

const deliver = (handlers: Handlers, channel: string, payload: string) => {
  for (const handler of handlers.get(channel) ?? []) {
    try {
      handler(payload);
    } catch (error) {
      console.warn(
        JSON.stringify({ level: 40, msg: 'notify handler failed', channel, error: String(error) }),
      );
    }
  }
};

/** PostgreSQL: one connection of its own that LISTENs, made again (with back-off) when it drops. */
export const postgresNotifier = (connectionString: string): Notifier => {
  const handlers: Handlers = new Map();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => deliver(handlers, message.channel, message.payload ?? ''));
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      client = next;
      retryMs = 250;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('notification');
    void which.end().catch(() => {});
    if (closed || handlers.size === 0) return;
    const reconnect = () => {
      if (closed) return;
      connect().then(
        () => gapHandlers.forEach((handler) => handler()),
        () => {
          retryMs = Math.min(retryMs * 2, 10_000);
          setTimeout(reconnect, retryMs).unref();
        },
      );
    };
    setTimeout(reconnect, retryMs).unref();
  };

  return {
    notify: send,
    listen: async (channel, handler) => {
      checkChannel(channel);
      const first = !handlers.has(channel);
      if (first) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
      const listening = await connect();
      if (first) await listening.query(`LISTEN ${channel}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set && set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    onGap: (handler) => {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },
    close: async () => {
      closed = true;
      handlers.clear();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
};

/** The embedded PGlite: LISTEN/NOTIFY inside the one process; its connection is never lost. */
export const pgliteNotifier = (pglite: PGlite): Notifier => {
  const stops = new Set<() => Promise<void>>();
  return {
    notify: send,
    listen: async (channel, handler) => {
      checkChannel(channel);
      const unlisten = await pglite.listen(channel, handler);
      const stop = async () => {
        stops.delete(stop);
        if (!pglite.closed) await unlisten();
      };
      stops.add(stop);
      return stop;
    },
    onGap: () => () => {},
    close: async () => {
      await Promise.all([...stops].map((stop) => stop()));
    },
  };
};
