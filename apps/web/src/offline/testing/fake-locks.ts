/**
 * A fake of the browser's Web Locks (exclusive mode, `signal` to give up waiting): what two tabs
 * of the same origin share, in one test.
 */
export const fakeLockManager = () => {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const waiting = queues.get(name);
    const start = waiting?.shift();
    if (start) start();
    else held.delete(name);
  };
  const request = (
    name: string,
    optionsOrTask: { signal?: AbortSignal } | (() => Promise<unknown>),
    maybeTask?: () => Promise<unknown>,
  ) => {
    const task = (typeof optionsOrTask === 'function' ? optionsOrTask : maybeTask)!;
    const signal = typeof optionsOrTask === 'function' ? undefined : optionsOrTask.signal;
    return new Promise((resolve, reject) => {
      const start = () => {
        held.add(name);
        task()
          .then(resolve, reject)
          .finally(() => next(name));
      };
      if (!held.has(name)) return start();
      const queue = queues.get(name) ?? [];
      queue.push(start);
      queues.set(name, queue);
      signal?.addEventListener('abort', () => {
        queues.set(
          name,
          (queues.get(name) ?? []).filter((s) => s !== start),
        );
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  return { request } as unknown as LockManager;
};
