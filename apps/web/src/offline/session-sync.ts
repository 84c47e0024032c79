import { useEffect } from 'react';
import { sessionStore, useSession } from '@/lib/session-store';
import { closeBusinessDb } from './db';
import { disposeLocalIndexes } from './local-index';
import { holdLeadership } from './locks';
import { connectServiceWorker, forgetSyncInstructions } from './sw-bridge';
import { startSync } from './sync-engine';

/**
 * Sync runs while a business is signed in: started when a session starts, stopped and its database
 * closed on logout or when another business becomes current (the outbox stays on disk). The
 * service worker is told how to upload (Background Sync) and asks this page to flush; it forgets
 * the token when that user logs out (a switch keeps it, so the other business's outbox still goes).
 */
export const useOfflineSync = (): void => {
  const businessId = useSession()?.business._id;
  useEffect(() => {
    if (!businessId) return;
    const session = sessionStore.get();
    const stop = startSync({ businessId, token: session?.token ?? '' });
    const disconnect = connectServiceWorker(businessId);
    return () => {
      disconnect();
      stop();
      disposeLocalIndexes(businessId);
      closeBusinessDb(businessId);
      if (session && !sessionStore.savedUsers()[session.user._id]) void forgetSyncInstructions(businessId);
    };
  }, [businessId]);
};

/**
 * Live changes (issue 13) while a business is signed in: one tab of the business (the holder of
 * its lock) hears what changed on other devices and downloads it at once; the other tabs see the
 * local database change. The client is loaded only then, never in the first load.
 */
export const useLiveChanges = (): void => {
  const businessId = useSession()?.business._id;
  useEffect(() => {
    if (!businessId) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const release = holdLeadership(`ms-live-${businessId}`, () => {
      import('./live-changes')
        .then(({ listenForChanges }) => {
          if (!stopped) stop = listenForChanges(businessId);
        })
        .catch(() => {
          /* the sync schedule keeps the data fresh */
        });
    });
    return () => {
      stopped = true;
      stop?.();
      release();
    };
  }, [businessId]);
};

/** The same as a component, so the app can load the engine lazily once someone signs in. */
export const OfflineSync = (): null => {
  useOfflineSync();
  useLiveChanges();
  return null;
};
