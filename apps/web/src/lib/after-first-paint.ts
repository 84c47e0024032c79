import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the page has loaded, so a busy phone still gets there. */
const IDLE_TIMEOUT_MS = 2000;

let settled: Promise<void> | undefined;
let done = false;

/**
 * Resolves once the page has loaded and the browser has had an idle moment: the point after which
 * work that the first screen does not show (the offline engine, charts, sync badges) may start
 * downloading without competing with what the user is waiting for. Resolves at most once per page.
 */
export const afterFirstPaint = (): Promise<void> => {
  settled ??= new Promise<void>((resolve) => {
    const finish = () => {
      done = true;
      resolve();
    };
    const idle = () => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(finish, 1);
    };
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return settled;
};

/** false until afterFirstPaint() has resolved (true at once on later mounts). */
export const useAfterFirstPaint = (): boolean => {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterFirstPaint().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
};
