import { PLATFORM, PLATFORM_VERSION, SYNC_MONITOR_POLL_MS } from '@ms/contracts';
import { getDeviceId } from '@/lib/device';
import { sessionStore } from '@/lib/session-store';
import { SYNC_TAGS } from './background-sync';
import { flushUploads } from './upload';

/**
 * The messages between the page and the service worker (spec 000 §7.4): REQUEST_CACHE_MANIFEST,
 * MONITOR_SYNC, UPDATE_SW and the sync instructions (auth token, business id, table names, offline
 * key, batch URL) the worker needs to upload on a Background Sync `sync` event when no tab is open.
 * The worker asks an open tab to flush (FLUSH_UPLOADS) instead: the tab holds the sync lock.
 *
 * Imported by src/sw.ts too, so nothing here may touch the DOM, localStorage or React at load time.
 */
export const SW_MESSAGE = {
  requestCacheManifest: 'REQUEST_CACHE_MANIFEST',
  monitorSync: 'MONITOR_SYNC',
  updateSw: 'UPDATE_SW',
  syncInstructions: 'SYNC_INSTRUCTIONS',
  forgetSyncInstructions: 'FORGET_SYNC_INSTRUCTIONS',
  /** Worker → page: upload what is waiting now (a Background Sync event fired). */
  flushUploads: 'FLUSH_UPLOADS',
} as const;

/** The outbox tables a Background Sync tag stands for (spec 000 §4). */
export type UploadModule = 'customers' | 'pos';
export const UPLOAD_MODULES: readonly UploadModule[] = ['customers', 'pos'];

export const moduleOfTag = (tag: string): UploadModule | undefined =>
  UPLOAD_MODULES.find((m) => SYNC_TAGS[m] === tag);

/** How one table's waiting records are uploaded: where, under which body key, keyed by which field. */
export type UploadTarget = {
  table: UploadModule;
  tag: string;
  batchUrl: string;
  bodyKey: string;
  offlineKey: string;
};

/** What the worker needs to upload a business's waiting records on its own (kept in its IndexedDB). */
export type SyncInstructions = {
  businessId: string;
  token: string;
  /** Headers every API call carries (deviceID, Platform, platform-version). */
  headers: Record<string, string>;
  tables: UploadTarget[];
};

/** The upload targets of spec 000 §4 / issue 5 (customers before sales: a sale may name a new customer). */
export const uploadTargets = (businessId: string): UploadTarget[] => [
  {
    table: 'customers',
    tag: SYNC_TAGS.customers!,
    batchUrl: '/v1/customers/syncnewofflinecustomers',
    bodyKey: 'customers',
    offlineKey: 'offline_cust_id',
  },
  {
    table: 'pos',
    tag: SYNC_TAGS.pos!,
    batchUrl: `/v2/business/${businessId}/sales/offline/sync`,
    bodyKey: 'sales',
    offlineKey: '_id',
  },
];

/** REQUEST_CACHE_MANIFEST's answer: the precached files and the two cache names (spec 000 §9). */
export type CacheManifest = {
  cacheNames: { precache: string; runtime: string };
  urls: string[];
  /** How many of `urls` are in the precache now (all of them once the worker is installed). */
  cached: number;
};

/** MONITOR_SYNC's answer: Background Sync tags still pending and what the worker's own upload did. */
export type SyncMonitor = {
  pendingTags: string[];
  running: boolean;
  lastRun: { at: number; tag: string; by: 'page' | 'worker'; ok: boolean; error?: string } | null;
};

/** FLUSH_UPLOADS's answer from a page: its business's uploads done, or failed with a message. */
export type FlushReply = { ok: boolean; businessId: string; error?: string };
/** Sent by the page at once on FLUSH_UPLOADS, before its answer: a tab that says nothing has no engine. */
export type FlushStarted = { started: true };

export type PageToWorker =
  | { type: typeof SW_MESSAGE.requestCacheManifest }
  | { type: typeof SW_MESSAGE.monitorSync }
  | { type: typeof SW_MESSAGE.updateSw }
  | { type: typeof SW_MESSAGE.syncInstructions; instructions: SyncInstructions }
  | { type: typeof SW_MESSAGE.forgetSyncInstructions; businessId?: string };

export type WorkerToPage = { type: typeof SW_MESSAGE.flushUploads; tags: string[] };

const ANSWER_TIMEOUT_MS = 3000;

/** The worker that controls this page, or the registration's active one (first visit). */
const activeWorker = async (): Promise<ServiceWorker | null> => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active ?? null;
};

/** Posts a message to the worker and waits for its answer; null without a worker or an answer. */
export const askWorker = async <R>(
  message: PageToWorker,
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<R | null> => {
  const worker = await activeWorker();
  if (!worker) return null;
  return new Promise<R | null>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<R>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
};

export const requestCacheManifest = () => askWorker<CacheManifest>({ type: SW_MESSAGE.requestCacheManifest });

export const monitorSync = () => askWorker<SyncMonitor>({ type: SW_MESSAGE.monitorSync });

export const sendSyncInstructions = (instructions: SyncInstructions) =>
  askWorker<{ ok: boolean }>({ type: SW_MESSAGE.syncInstructions, instructions });

/** Logout: the worker forgets the token (of one business, or all). */
export const forgetSyncInstructions = (businessId?: string) =>
  askWorker<{ ok: boolean }>({ type: SW_MESSAGE.forgetSyncInstructions, businessId });

/**
 * Answers the worker's FLUSH_UPLOADS by uploading this page's business (`flush`); returns the way to
 * stop listening. A page without the engine running never answers, and the worker passes it over.
 */
export const onFlushRequest = (
  businessId: string,
  flush: (modules: UploadModule[]) => Promise<void>,
): (() => void) => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const listener = (event: MessageEvent<WorkerToPage>) => {
    if (event.data?.type !== SW_MESSAGE.flushUploads) return;
    const port = event.ports[0];
    const modules = event.data.tags.map(moduleOfTag).filter((m): m is UploadModule => !!m);
    port?.postMessage({ started: true } satisfies FlushStarted);
    flush(modules).then(
      () => port?.postMessage({ ok: true, businessId } satisfies FlushReply),
      (error: unknown) =>
        port?.postMessage({
          ok: false,
          businessId,
          error: error instanceof Error ? error.message : String(error),
        } satisfies FlushReply),
    );
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
};

/** What the worker last said about background uploads (MONITOR_SYNC, polled every 5 s). */
let monitor: SyncMonitor | null = null;
const monitorListeners = new Set<() => void>();
export const workerSync = {
  get: (): SyncMonitor | null => monitor,
  subscribe(listener: () => void) {
    monitorListeners.add(listener);
    return () => {
      monitorListeners.delete(listener);
    };
  },
};

/** The instructions for a business signed in on this device (its saved login's token), else null. */
const instructionsFor = (businessId: string): SyncInstructions | null => {
  const login = Object.values(sessionStore.savedUsers()).find((s) => s.businessData._id === businessId);
  if (!login?.token) return null;
  return {
    businessId,
    token: login.token,
    headers: { deviceID: getDeviceId(), Platform: PLATFORM, 'platform-version': PLATFORM_VERSION },
    tables: uploadTargets(businessId),
  };
};

/**
 * Links a signed-in business's page to the worker: sends the sync instructions (again whenever the
 * token changes), uploads when the worker asks (FLUSH_UPLOADS) and polls MONITOR_SYNC every 5 s
 * while the page is visible. Returns the way to stop (logout, switch business).
 */
export const connectServiceWorker = (businessId: string): (() => void) => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  let sentToken: string | null = null;
  const send = () => {
    const instructions = instructionsFor(businessId);
    if (!instructions) {
      // Logged out: the worker must not keep (or use) the token.
      sentToken = null;
      void forgetSyncInstructions(businessId);
      return;
    }
    if (instructions.token === sentToken) return;
    void sendSyncInstructions(instructions).then((reply) => {
      if (reply?.ok) sentToken = instructions.token;
    });
  };
  const poll = async () => {
    if (document.visibilityState !== 'visible') return;
    send();
    const next = await monitorSync();
    if (JSON.stringify(next) === JSON.stringify(monitor)) return;
    monitor = next;
    monitorListeners.forEach((l) => l());
  };
  send();
  void poll();
  const timer = setInterval(() => void poll(), SYNC_MONITOR_POLL_MS);
  const unsubscribe = sessionStore.subscribe(send);
  const stopFlush = onFlushRequest(businessId, (modules) => flushUploads(businessId, { modules }));
  return () => {
    clearInterval(timer);
    unsubscribe();
    stopFlush();
  };
};
