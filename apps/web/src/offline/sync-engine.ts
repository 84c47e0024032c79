import { downloadModule } from './download';
import { holdLeadership } from './locks';
import { isAdmin, sessionStore } from '@/lib/session-store';
import { mayDownload, MODULES, type SyncModule } from './modules';
import { onEnqueued } from './outbox';
import { registerBackgroundSync } from './background-sync';
import { requestPersistentStorage } from './persistence';
import { frequencyOf, setSettingsBusiness } from './sync-settings';
import { syncStatus } from './sync-status';
import { flushUploads } from './upload';
import { cancelFlushes, flushSoon } from './upload-schedule';

/**
 * The sync engine (spec 000 §4, §9; ARCHITECTURE §6). Periodic sync starts 7 s after the session
 * starts, modules staggered 3 s apart, each then every its frequency; only the tab holding the Web
 * Lock `ms-sync-<businessId>` runs it. Uploads also go soon after each enqueue and on `online`.
 * Every call goes through `api`, which refreshes a token older than 23 h first.
 */
export const START_DELAY_MS = 7_000;
export const STAGGER_MS = 3_000;
/** After an enqueue: soon, but late enough to batch a burst of sales. */
export const ENQUEUE_FLUSH_MS = 500;

/**
 * Whether the signed-in person of this business may make the module's download: a download the
 * role may not make is never attempted (the server would answer 403). With no session of this
 * business the download is left to the server to answer.
 */
const downloadAllowed = (businessId: string, m: SyncModule): boolean => {
  const session = sessionStore.get();
  if (!session || session.business._id !== businessId) return !!m.download;
  return mayDownload(m, { admin: isAdmin(session), permissions: session.user.permissions ?? [] });
};

/** Upload what the module makes here (customers first), then download what changed. */
export const runModule = async (businessId: string, m: SyncModule): Promise<void> => {
  if (m.upload)
    await flushUploads(businessId, { modules: [m.upload] }).catch(() => {
      /* reported to the sync status; the upload schedule retries */
    });
  if (downloadAllowed(businessId, m)) await downloadModule(businessId, m);
};

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Run the module now, then again every its (editable) frequency, until stopped. */
const every = (businessId: string, m: SyncModule, firstDelay: number): (() => void) => {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const tick = async () => {
    // Offline, a periodic run could only fail and paint the top bar red: wait for the next tick
    // (uploads also go at once on `online`).
    if (isOnline())
      await runModule(businessId, m).catch(() => {
        /* reported to the sync status; the next tick tries again */
      });
    if (!stopped) timer = setTimeout(() => void tick(), frequencyOf(businessId, m.name));
  };
  timer = setTimeout(() => void tick(), firstDelay);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};

const startPeriodic = (businessId: string): (() => void)[] =>
  MODULES.map((m, i) => every(businessId, m, START_DELAY_MS + i * STAGGER_MS));

const onOnline = (businessId: string) => {
  const flush = () => flushSoon(businessId, 0);
  window.addEventListener('online', flush);
  return () => window.removeEventListener('online', flush);
};

const onEnqueue = (businessId: string) =>
  onEnqueued((b, table) => {
    if (b !== businessId) return;
    flushSoon(businessId, ENQUEUE_FLUSH_MS);
    void registerBackgroundSync(table);
  });

let current: { businessId: string; stop: () => void } | null = null;

/**
 * Start syncing for a signed-in session; returns stop (logout, switch business). The token is the
 * session's: calls read it from the session store through `api`.
 */
export const startSync = (session: { businessId: string; token: string }): (() => void) => {
  current?.stop();
  const { businessId } = session;
  const cleanups: (() => void)[] = [];
  let stopped = false;
  setSettingsBusiness(businessId);
  void requestPersistentStorage();
  cleanups.push(onEnqueue(businessId), onOnline(businessId));
  cleanups.push(
    holdLeadership(`ms-sync-${businessId}`, () => {
      if (!stopped) cleanups.push(...startPeriodic(businessId));
    }),
  );
  flushSoon(businessId, START_DELAY_MS);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    cleanups.forEach((c) => c());
    cancelFlushes(businessId);
    syncStatus.clear();
    setSettingsBusiness(null);
    if (current?.stop === stop) current = null;
  };
  current = { businessId, stop };
  return stop;
};

/**
 * Sync now ("Try again", Sync Settings): the named modules (default all), one after the other; a
 * module already syncing is skipped. Failures are shown in the sync status, not thrown.
 */
export const syncNow = async (businessId: string, modules?: string[]): Promise<void> => {
  const chosen = modules ? MODULES.filter((m) => modules.includes(m.name)) : MODULES;
  for (const m of chosen)
    await runModule(businessId, m).catch(() => {
      /* reported to the sync status */
    });
};
