import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The public storefront (`/shop/<slug>`, issue 15): its own build, apart from the app, so a shopper on
 * a cheap phone downloads Preact and the shop only (first load <= 60 kB gz of JS:
 * bench/storefront-size.mjs, scripts/check-first-load.mjs). No React, Mantine or zod; contracts
 * only as types and the pure order rules.
 *
 * Output: dist/shop/shop.html (the server fills `<!--shop-head-->` and `<!--shop-data-->`) and
 * dist/shop/shop-assets/* (served at /shop-assets/*, hashed names), manifest in dist/shop/.vite.
 * Built after the app's own build (which empties dist): `npm run build` in apps/web.
 */

const root = fileURLToPath(new URL('.', import.meta.url));

/** `vite --config vite.shop.config.ts`: every /shop/... path opens shop.html, as the server does. */
const shopPaths = (): Plugin => ({
  name: 'shop-paths',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/shop(\/|$)/.test(req.url) && !req.url.startsWith('/shop.html'))
        req.url = '/shop.html';
      next();
    });
  },
});

export default defineConfig({
  root,
  // URLs are /shop-assets/<file>: base '/' with the files in dist/shop/shop-assets.
  base: '/',
  publicDir: false,
  appType: 'mpa',
  plugins: [shopPaths()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: {
    proxy: {
      '/v1': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist/shop',
    assetsDir: 'shop-assets',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    sourcemap: false,
    // One small entry: nothing to preload, so no preload polyfill either.
    modulePreload: { polyfill: false },
    rolldownOptions: { input: fileURLToPath(new URL('./shop.html', import.meta.url)) },
  },
});
