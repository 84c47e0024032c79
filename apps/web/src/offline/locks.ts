/**
 * Web Locks (ARCHITECTURE §6): only one tab of a business syncs at a time. Where the browser has no
 * `navigator.locks` (old browsers, tests) the tab runs alone, as if it held the lock.
 */
const lockManager = (): LockManager | null =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;

/** Run `task` while holding the named lock; other tabs wait their turn. */
export const withLock = async <T>(name: string, task: () => Promise<T>): Promise<T> => {
  const locks = lockManager();
  if (!locks) return task();
  return locks.request(name, task) as Promise<T>;
};

/**
 * Run `task` holding the named lock if no tab holds it, without waiting: `task(true)`; `task(false)`
 * when another tab (or another run here) holds it. A lock dies with its tab (a reload, a crash), so
 * what it guards is never held by a page that is gone. `task(null)` where the browser has no locks.
 */
export const ifLockFree = async <T>(name: string, task: (held: boolean | null) => Promise<T>): Promise<T> => {
  const locks = lockManager();
  if (!locks) return task(null);
  return locks.request(name, { ifAvailable: true }, (lock) => task(lock !== null)) as Promise<T>;
};

/**
 * Become this business's syncing tab: `onLead` runs once the lock is ours (maybe only when another
 * tab closes) and the lock is held until the returned function is called.
 */
export const holdLeadership = (name: string, onLead: () => void): (() => void) => {
  const locks = lockManager();
  if (!locks) {
    onLead();
    return () => {};
  }
  const abort = new AbortController();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(name, { signal: abort.signal }, () => {
      onLead();
      return held;
    })
    .catch(() => {
      /* aborted before we got the lock: nothing to do */
    });
  return () => {
    abort.abort();
    release();
  };
};
