import { useEffect, useState } from 'react';
import { hasFinishedDownload, syncNow, type TableName } from '@/offline';
import type { TillReadinessState } from '../components/till-readiness';
import { tillScreens } from './till-screens';

/** What the till reads from the device when the network is gone. */
const TILL_TABLES: readonly TableName[] = ['products', 'customers', 'stores'];
const ASK_AGAIN_MS = 1_000;
/**
 * After an ask that left a table missing (the network failed half-way), the waits before the next
 * ones: sooner than the schedule (products every 80 s), growing so a poor line is not hammered.
 */
const ASK_BACKOFF_MS = [3_000, 6_000, 12_000, 30_000] as const;

/**
 * The whole app is saved on this device: the service worker has precached it and controls the page
 * (it claims the page once installed), so a screen or widget loaded lazily after the network drops
 * (the offline banner's waiting list, say) still loads. Without service workers (or in development)
 * there is nothing to wait for.
 */
const appSavedHere = (): boolean =>
  import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)
    ? true
    : navigator.serviceWorker.controller !== null;

/**
 * The app is saved (its worker is active) but does not control this page: a hard reload
 * (Ctrl+Shift+R) bypasses the worker for the page's whole life, so only a reload makes it ready.
 */
const loadedPastTheWorker = async (): Promise<boolean> => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return !!registration?.active && navigator.serviceWorker.controller === null;
};
/** Checks in a row that find it so before saying so (the worker claims a page just after it activates). */
const RELOAD_AFTER_CHECKS = 3;

/**
 * Whether the till can go on selling if the network drops now (issue 11): the payment and receipt
 * screen's code is in memory (loaded ahead, so moving to payment needs no download), the rest of
 * the app is saved on the device, and the catalogue, customers and stores have landed in the
 * device's database. Until then the till says it is getting ready; it never claims more than it has.
 *
 * On a first visit those tables are asked for at once (online), not left to the periodic sync,
 * which reaches the last of them some 20 s after login: a cashier who opens the till on a new
 * phone is ready to sell offline in seconds. A table another tab is downloading is left to it. An
 * ask that fails half-way (a flaky connection) is asked again after a few seconds while online.
 */
export const useTillReadiness = (businessId: string): TillReadinessState => {
  const [state, setState] = useState<TillReadinessState>('preparing');
  useEffect(() => {
    if (!businessId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let screens: Promise<boolean> | null = null;
    let asking = false;
    let asks = 0;
    let nextAskAt = 0;
    let pastTheWorker = 0;
    const loadScreens = () =>
      Promise.all([tillScreens.payment(), tillScreens.dashboard()]).then(
        () => true,
        () => {
          screens = null; // the network failed half-way: try again on the next round
          return false;
        },
      );
    const check = async () => {
      screens ??= loadScreens();
      const [loaded, ...tables] = await Promise.all([
        screens,
        ...TILL_TABLES.map((t) => hasFinishedDownload(businessId, t).catch(() => false)),
      ]);
      if (!live) return;
      if (loaded && tables.every(Boolean)) {
        if (appSavedHere()) return void setState('ready');
        pastTheWorker = (await loadedPastTheWorker()) ? pastTheWorker + 1 : 0;
        if (!live) return;
        if (pastTheWorker >= RELOAD_AFTER_CHECKS) setState('reload');
      }
      const missing = TILL_TABLES.filter((_, i) => !tables[i]);
      if (!asking && missing.length > 0 && navigator.onLine !== false && Date.now() >= nextAskAt) {
        asking = true;
        void syncNow(businessId, missing).finally(() => {
          asking = false;
          nextAskAt = Date.now() + ASK_BACKOFF_MS[Math.min(asks, ASK_BACKOFF_MS.length - 1)]!;
          asks += 1;
        });
      }
      timer = setTimeout(() => void check(), ASK_AGAIN_MS);
    };
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [businessId]);
  return state;
};
