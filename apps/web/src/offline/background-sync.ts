import type { OutboxTable } from './outbox';

/**
 * Background Sync tags of spec 000 §4: where the browser has `registration.sync`, a queued record
 * registers its tag so the service worker uploads even after the tab is closed; elsewhere the
 * engine's timer does it (see upload-schedule).
 */
export const SYNC_TAGS: Partial<Record<OutboxTable, string>> = {
  pos: 'not_synced_offline_sales',
  customers: 'not_synced_offline_customers',
};

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

const READY_WAIT_MS = 2_000;

const readyRegistration = async (): Promise<SyncRegistration | null> => {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready as Promise<SyncRegistration>, timeout]);
};

/** Register the table's tag; false when the browser has no Background Sync (the timer covers it). */
export const registerBackgroundSync = async (table: OutboxTable): Promise<boolean> => {
  const tag = SYNC_TAGS[table];
  if (!tag) return false;
  try {
    const registration = await readyRegistration();
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
};
