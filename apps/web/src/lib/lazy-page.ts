import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@ms/contracts';

/** A route's code, loaded on first visit; a chunk that does not arrive in 120 s is an error (spec 000 §8). */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('The page took too long to load. Check your connection.')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } finally {
      clearTimeout(timer);
    }
  };
