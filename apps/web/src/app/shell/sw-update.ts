import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/**
 * Service-worker updates (spec 000 §4): vite-plugin-pwa in 'prompt' mode tells us when a new
 * version is waiting; the user must take it (forced overlay). Activation posts SKIP_WAITING to
 * src/sw.ts and the page reloads once the new worker controls it.
 */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** Spec 000 §2.1: no update check on these routes. */
export const UPDATE_CHECK_EXCLUDED = ['/login', '/signup', '/forgot-password'];

let waiting = false;
let updateSW: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

const excluded = () => UPDATE_CHECK_EXCLUDED.includes(window.location.pathname);

/** Registers the worker once per page load; safe to call from every render of the shell. */
export const startUpdateWatch = () => {
  if (updateSW || !('serviceWorker' in navigator)) return;
  updateSW = registerSW({
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((l) => l());
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (!excluded() && navigator.onLine) void registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });
};

export const applyUpdate = async () => {
  await updateSW?.(true);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useUpdateWaiting = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => waiting,
    () => waiting,
  );
