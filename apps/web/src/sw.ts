/// <reference lib="webworker" />
/*
 * The service worker (spec 000 §4, §7.4, §9):
 * - precaches the whole app (every lazy page, icons, the web manifest) so every screen opens offline
 *   after one online visit, and serves index.html for every app path;
 * - keeps uploaded pictures (/files/) in a second, runtime cache; API reads are never cached here
 *   (the app keeps what it needs in its local database);
 * - answers REQUEST_CACHE_MANIFEST, MONITOR_SYNC, UPDATE_SW and the sync instructions;
 * - on a Background Sync event asks an open tab to upload, or uploads itself when none is open.
 */
import { cacheNames, setCacheNameDetails } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  SW_MESSAGE,
  moduleOfTag,
  type CacheManifest,
  type FlushReply,
  type FlushStarted,
  type PageToWorker,
  type SyncMonitor,
} from './offline/sw-bridge';
import { UploadStopped } from './offline/upload';
import { forgetInstructions, readInstructions, saveInstructions, uploadFromWorker } from './sw-sync';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: 'ms', runtime: 'files' });
const RUNTIME_CACHE = cacheNames.runtime;

const manifest = self.__WB_MANIFEST;
cleanupOutdatedCaches();
precacheAndRoute(manifest);

/*
 * A first install takes the open page over as soon as the whole app is saved (issue 11): a new
 * cashier who logs in and goes straight to the till gets every screen from this device when the
 * network drops, without a reload. Updates still wait for the person (prompt mode, UPDATE_SW).
 */
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
// The public storefront (/shop/<slug>, its files under /shop-assets/) is its own page from the server,
// never the app's index.html: a merchant who has the app installed still sees their shop as shoppers do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/(v1|v2|api|dev|docs|files|shop|shop-assets)\//],
  }),
);

/** Pictures of products and stores: shown from the cache at once, refreshed in the background. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/files/') && request.method === 'GET',
  async ({ request, event }) => {
    const cache = await caches.open(RUNTIME_CACHE);
    const cached = await cache.match(request);
    const fresh = fetch(request).then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    });
    if (cached) {
      (event as ExtendableEvent).waitUntil(fresh.catch(() => undefined));
      return cached;
    }
    return fresh;
  },
);
// API reads (and everything else not registered above) go straight to the network.

const cacheManifest = async (): Promise<CacheManifest> => {
  const urls = manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url));
  const cache = await caches.open(cacheNames.precache);
  const present = await Promise.all(
    urls.map(async (url) => {
      const key = getCacheKeyForURL(url);
      return key ? !!(await cache.match(key)) : false;
    }),
  );
  return {
    cacheNames: { precache: cacheNames.precache, runtime: RUNTIME_CACHE },
    urls,
    cached: present.filter(Boolean).length,
  };
};

let running = false;
let lastRun: SyncMonitor['lastRun'] = null;

type SyncManagerLike = { getTags(): Promise<string[]> };
const pendingTags = async (): Promise<string[]> => {
  const sync = (self.registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync;
  return sync ? sync.getTags().catch(() => []) : [];
};

/** A tab with the engine says so at once; one without (the login page) is passed over quickly. */
const STARTED_WITHIN_MS = 2_000;
/** Uploading a long queue takes a while; a tab that never finishes is left after 2 minutes. */
const FINISHED_WITHIN_MS = 120_000;

/** Asks one open tab to upload its business; null when it has no engine running (or never finishes). */
const askTabToFlush = (tab: Client, tag: string) =>
  new Promise<FlushReply | null>((resolve) => {
    const channel = new MessageChannel();
    const finish = (answer: FlushReply | null) => {
      clearTimeout(notStarted);
      clearTimeout(notFinished);
      channel.port1.close();
      resolve(answer);
    };
    const notStarted = setTimeout(() => finish(null), STARTED_WITHIN_MS);
    const notFinished = setTimeout(() => finish(null), FINISHED_WITHIN_MS);
    channel.port1.onmessage = (event: MessageEvent<FlushReply | FlushStarted>) => {
      if ('started' in event.data) clearTimeout(notStarted);
      else finish(event.data);
    };
    tab.postMessage({ type: SW_MESSAGE.flushUploads, tags: [tag] }, [channel.port2]);
  });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A Background Sync event (tags not_synced_offline_sales / not_synced_offline_customers). Each open
 * tab with the engine uploads its own business (it holds the sync lock); the worker uploads every
 * other signed-in business itself. Throwing tells the browser to try again later (it backs off), so
 * a failed upload is never forgotten; a 401 is not retried (the next login uploads them).
 */
const onSync = async (tag: string) => {
  const module = moduleOfTag(tag);
  if (!module) return;
  const done = new Set<string>();
  const failures: unknown[] = [];
  for (const tab of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    const reply = await askTabToFlush(tab, tag);
    if (!reply || done.has(reply.businessId)) continue;
    done.add(reply.businessId);
    if (!reply.ok) failures.push(new Error(reply.error ?? 'Upload failed'));
  }
  let by: 'page' | 'worker' = done.size > 0 ? 'page' : 'worker';
  running = true;
  try {
    for (const instructions of await readInstructions()) {
      if (done.has(instructions.businessId)) continue;
      by = 'worker';
      await uploadFromWorker(instructions, module).catch((error: unknown) => failures.push(error));
    }
  } finally {
    running = false;
  }
  const failed = failures[0];
  lastRun = { at: Date.now(), tag, by, ok: !failed, error: failed ? messageOf(failed) : undefined };
  const retry = failures.find((e) => !(e instanceof UploadStopped && e.kind === 'stop'));
  if (retry) throw retry;
};

self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag: string };
  e.waitUntil(onSync(e.tag));
});

const answer = async (message: PageToWorker): Promise<unknown> => {
  switch (message.type) {
    case SW_MESSAGE.requestCacheManifest:
      return cacheManifest();
    case SW_MESSAGE.monitorSync:
      return { pendingTags: await pendingTags(), running, lastRun } satisfies SyncMonitor;
    case SW_MESSAGE.syncInstructions:
      await saveInstructions(message.instructions);
      return { ok: true };
    case SW_MESSAGE.forgetSyncInstructions:
      await forgetInstructions(message.businessId);
      return { ok: true };
    default:
      return null;
  }
};

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | { type: 'SKIP_WAITING' } | null;
  if (!message?.type) return;
  // UPDATE_SW (spec 000 §7.4); SKIP_WAITING is what vite-plugin-pwa's updateSW() posts.
  if (message.type === SW_MESSAGE.updateSw || message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  const port = event.ports[0];
  event.waitUntil(
    answer(message).then(
      (reply) => port?.postMessage(reply),
      (error: unknown) => port?.postMessage({ ok: false, error: String(error) }),
    ),
  );
});
