// Bundled by bench/offline-sync.mjs (esbuild) and run in Chromium on the app's origin: the app's own
// offline engine code, reachable from page.evaluate, over the same IndexedDB the app filled.
import { countPending } from '../apps/web/src/offline/outbox';
import { enqueue, flushUploads, searchLocalProducts, warmProductSearch } from '../apps/web/src/offline';

declare global {
  interface Window {
    __bench: typeof bench;
  }
}

const bench = { countPending, enqueue, flushUploads, searchLocalProducts, warmProductSearch };
window.__bench = bench;
