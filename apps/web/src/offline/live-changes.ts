import {
  CHANGE_HEARTBEAT_MS,
  CHANGE_STREAM_EVENTS,
  PLATFORM,
  PLATFORM_VERSION,
  type ChangeEvent,
  type ChangeTopic,
} from '@ms/contracts';
import { refreshTokenIfOld } from '@/lib/api-client';
import { getDeviceId } from '@/lib/device';
import { queryClient } from '@/lib/query-client';
import { isAdmin, sessionStore } from '@/lib/session-store';
import { downloadModule } from './download';
import { mayDownload, moduleNamed } from './modules';
import { screensOf } from './refresh-screens';

/**
 * Live changes (issue 13): the tab that syncs also hears, from the server's change stream, what
 * changed on other devices, and at once downloads those modules (by updated_at, as the schedule
 * does) and refreshes the screens that read the server directly. A download that changed its table
 * refreshes the screens reading that table itself (refresh-screens.ts): those are not refreshed here
 * again (each screen looks once per change). The schedule stays the fallback.
 * Loaded lazily by the sync engine: nothing of it is in the first load.
 *
 * The stream is read with fetch so the token goes in the Authorization header like every call (an
 * EventSource could only put it in the URL, and URLs are logged).
 */

/**
 * What each topic refreshes: offline modules to download now, TanStack Query keys (by first part).
 * A key the topic's downloads refresh when they change their table (refresh-screens.ts) is listed
 * too: it is refreshed here only when they did not (not allowed, failed, nothing new).
 */
const REFRESH: Record<ChangeTopic, { modules: string[]; queries: string[] }> = {
  products: { modules: ['products'], queries: ['products', 'inventory', 'categories'] },
  categories: { modules: ['categories'], queries: ['categories', 'products'] },
  customers: { modules: ['customers'], queries: ['customers', 'loyalty'] },
  stores: { modules: ['stores'], queries: ['stores'] },
  staff: { modules: ['employees'], queries: ['staff'] },
  sales: {
    modules: ['sales_history'],
    queries: [
      'sales-history',
      'dashboard',
      'reports',
      'registers',
      'inventory',
      'customers',
      'bank-transactions',
    ],
  },
  settings: {
    modules: ['custom_payments', 'sales_agents', 'feature_toggles'],
    queries: ['payment-options', 'loyalty', 'business', 'sales-agents'],
  },
  payments: { modules: [], queries: ['bank-transactions', 'payouts'] },
  invoices: { modules: ['invoices'], queries: ['invoices'] },
  orders: { modules: [], queries: ['orders', 'online-store'] },
};

/** A settings change whose `what` is one of these downloads only its lists (any other: all of `settings`). */
const SETTING_MODULES: Record<string, string[]> = {
  payment_options: ['custom_payments'],
  sales_agents: ['sales_agents'],
  toggle_features: ['feature_toggles'],
};

/** Changes within this long of each other are one refresh (a burst of sales at the till). */
export const COALESCE_MS = 150;
/** A module busy with another run is tried again this much later (its run may predate the change). */
const BUSY_RETRY_MS = 1_000;
const BUSY_RETRIES = 20;
/** Reconnect back-off after a drop: 1 s doubling to 30 s. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Nothing heard (not even a heartbeat) for this long: the stream is dead though not closed. */
const SILENCE_MS = CHANGE_HEARTBEAT_MS * 2.5;

type Parsed = { event: string; id?: string; data: string };

/** Splits server-sent event text into events; returns what is left of an unfinished one. */
export const parseEvents = (text: string, onEvent: (e: Parsed) => void): string => {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const e: Parsed = { event: 'message', data: '' };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      fields++;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') e.event = value;
      else if (field === 'id') e.id = value;
      else if (field === 'data') e.data = e.data ? `${e.data}\n${value}` : value;
    }
    // A block of comments only (the heartbeat) is no event.
    if (fields) onEvent(e);
  }
  return rest;
};

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Downloads and refreshes for changes, coalesced; a module busy elsewhere is retried. */
const createRefresher = (businessId: string) => {
  const modules = new Map<string, number>();
  const queries = new Set<string>();
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  const allowed = (name: string) => {
    const m = moduleNamed(name);
    if (!m?.download) return undefined;
    const session = sessionStore.get();
    if (!session || session.business._id !== businessId) return undefined;
    return mayDownload(m, { admin: isAdmin(session), permissions: session.user.permissions ?? [] })
      ? m
      : undefined;
  };

  const flush = async () => {
    timer = undefined;
    if (running || stopped) return;
    running = true;
    const names = [...modules.entries()];
    const roots = [...queries];
    const all = everything;
    modules.clear();
    queries.clear();
    everything = false;
    /** Keys the downloads refreshed themselves: they changed the tables those screens read. */
    const refreshed = new Set<string>();
    try {
      for (const [name, tries] of names) {
        const m = allowed(name);
        if (!m || stopped) continue;
        const outcome = await downloadModule(businessId, m).catch(() => 'failed' as const);
        if (outcome === 'done') screensOf(m.table).forEach((root) => refreshed.add(root));
        if (outcome === 'skipped' && tries < BUSY_RETRIES) {
          modules.set(name, Math.max(modules.get(name) ?? 0, tries + 1));
          roots.forEach((root) => queries.add(root));
          schedule(BUSY_RETRY_MS);
        }
      }
      // After the downloads: the screens they did not refresh (reading the server, or a table that
      // did not change).
      if (stopped) return;
      const due = (root: string) => (all || roots.includes(root)) && !refreshed.has(root);
      if (all || roots.some(due))
        await queryClient.invalidateQueries({ predicate: (q) => due(String(q.queryKey[0])) });
    } finally {
      running = false;
    }
    if (modules.size || queries.size || everything) schedule(COALESCE_MS);
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer === undefined) timer = setTimeout(() => void flush(), ms);
  };

  return {
    change: (event: Pick<ChangeEvent, 'topic' | 'what'>) => {
      const refresh = REFRESH[event.topic];
      if (!refresh) return;
      const named = event.topic === 'settings' && event.what ? SETTING_MODULES[event.what] : undefined;
      (named ?? refresh.modules).forEach((name) => modules.set(name, modules.get(name) ?? 0));
      refresh.queries.forEach((root) => queries.add(root));
      schedule(COALESCE_MS);
    },
    resync: () => {
      everything = true;
      Object.values(REFRESH).forEach((r) => r.modules.forEach((name) => modules.set(name, 0)));
      schedule(COALESCE_MS);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
};

/**
 * Listen for the business's changes until the returned function is called (logout, switch of
 * business, another tab takes over syncing). Reconnects with back-off after a drop, pauses while
 * the browser is offline and resumes (from the last event heard) on `online`.
 */
export const listenForChanges = (businessId: string): (() => void) => {
  const refresher = createRefresher(businessId);
  let stopped = false;
  let lastEventId: string | undefined;
  let retryMs = RETRY_MIN_MS;
  let abort: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const handle = (e: Parsed) => {
    if (e.id) lastEventId = e.id;
    if (e.event === CHANGE_STREAM_EVENTS.ready) retryMs = RETRY_MIN_MS;
    else if (e.event === CHANGE_STREAM_EVENTS.resync) refresher.resync();
    else if (e.event === CHANGE_STREAM_EVENTS.change) {
      try {
        refresher.change(JSON.parse(e.data) as ChangeEvent);
      } catch {
        /* not ours to read: ignore it */
      }
    }
  };

  const connect = async () => {
    retryTimer = undefined;
    if (stopped || abort) return;
    if (!online()) return; // `online` calls again
    const controller = new AbortController();
    abort = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const awake = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    let retry = true;
    try {
      await refreshTokenIfOld().catch(() => {});
      const token = sessionStore.get()?.token;
      if (!token) {
        retry = false;
        return;
      }
      awake();
      const response = await fetch(`/v2/business/${businessId}/changes/stream`, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          Platform: PLATFORM,
          'platform-version': PLATFORM_VERSION,
          deviceID: getDeviceId(),
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      // Signed out, not allowed, or a server without the stream: the schedule alone keeps it fresh.
      if (response.status >= 400 && response.status < 500) retry = false;
      if (!response.ok || !response.body) return;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        awake();
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEvents(buffer + value, handle);
      }
    } catch {
      /* dropped: try again below */
    } finally {
      clearTimeout(silence);
      if (abort === controller) abort = null;
      if (retry && !stopped) {
        retryTimer = setTimeout(() => void connect(), retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    }
  };

  const goneOffline = () => abort?.abort();
  const backOnline = () => {
    retryMs = RETRY_MIN_MS;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    void connect();
  };
  window.addEventListener('offline', goneOffline);
  window.addEventListener('online', backOnline);
  void connect();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    abort?.abort();
    refresher.stop();
    window.removeEventListener('offline', goneOffline);
    window.removeEventListener('online', backOnline);
  };
};
