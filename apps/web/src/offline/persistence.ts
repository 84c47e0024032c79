/**
 * Ask the browser to keep this site's storage under pressure (ARCHITECTURE §6): without it a
 * browser may evict IndexedDB, outbox included. Asked once per page load; the answer is kept.
 */
let asked: Promise<boolean> | null = null;

export const requestPersistentStorage = (): Promise<boolean> => {
  asked ??= (async () => {
    try {
      const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
      if (!storage?.persist) return false;
      if (await storage.persisted?.()) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return asked;
};
