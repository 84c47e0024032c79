import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the first screen is drawn, so a busy phone still gets there. */
const IDLE_TIMEOUT_MS = 2000;

let drawn!: () => void;
const screenDrawn = new Promise<void>((resolve) => {
  drawn = resolve;
});
let settled: Promise<void> | undefined;
let done = false;

/**
 * The app's first screen (the matched routes' code loaded and rendered) has been committed: called
 * once by the root route (app/first-screen.tsx). Later calls do nothing.
 */
export const markScreenDrawn = (): void => drawn();

/**
 * Resolves once the first screen has been drawn and the browser has had an idle moment after it:
 * the point from which work that screen does not show (the offline engine, charts, sync badges) may
 * start downloading without competing with what the user is waiting for. Resolves once per page.
 */
export const afterFirstPaint = (): Promise<void> => {
  settled ??= screenDrawn.then(
    () =>
      new Promise<void>((resolve) => {
        const finish = () => {
          done = true;
          resolve();
        };
        // The next frame is painted; then wait for the main thread to be free.
        requestAnimationFrame(() => {
          if (typeof requestIdleCallback === 'function')
            requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
          else setTimeout(finish, 1);
        });
      }),
  );
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
