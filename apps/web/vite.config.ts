import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  chunkPlanGroups,
  mantineCssCheck,
  preloadFirstScreens,
  recordChunkPlan,
  slimMantineImports,
  type FirstScreen,
} from './build-plugins';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const route = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// The first screens' shared modules in one chunk each (build-plugins.ts): the shell (every signed-in
// screen), the dashboard, then the router. A signed-in start on the dashboard draws the first two
// without the router (app/dashboard-start.tsx), so the router comes last: what it shares with them
// stays theirs.
const FIRST_SCREENS: FirstScreen[] = [
  { name: 'shell', entry: route('app/shell/app-shell.tsx') },
  { name: 'home', entry: route('features/dashboard/routes/dashboard-page.tsx') },
  { name: 'router', entry: route('app/router-root.tsx') },
];
// What index.html preloads for each start (build-plugins.ts preloadFirstScreens).
const STARTS = {
  router: route('app/router-root.tsx'),
  routedShell: route('app/shell/routed-shell.tsx'),
  dashboard: route('app/dashboard-start.tsx'),
};
const CHUNK_PLAN = fileURLToPath(new URL('./node_modules/.cache/chunk-plan.json', import.meta.url));
// `vite build --mode chunk-plan`: the first pass of `npm run build`, which only records the plan.

/** The installable app: React, Mantine, a custom service worker (src/sw.ts) that precaches the shell. */
export default defineConfig(({ command, mode }) => {
  const planPass = mode === 'chunk-plan';
  return {
    resolve: { alias: { '@ms/contracts': contracts, '@': src } },
    plugins: [
      slimMantineImports(),
      mantineCssCheck(),
      react(),
      planPass && recordChunkPlan(FIRST_SCREENS, CHUNK_PLAN),
      !planPass && preloadFirstScreens(STARTS),
      VitePWA({
        // The plan pass writes nothing, its service worker included.
        disable: planPass,
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        },
        manifest: {
          name: 'Merchant — shop, POS and back office',
          short_name: 'Merchant',
          description: 'Run your shops, point of sale and online store, even offline.',
          theme_color: '#0b7a5a',
          background_color: '#ffffff',
          display: 'standalone',
          start_url: '/',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
    ],
    server: {
      proxy: {
        '/v1': 'http://localhost:3000',
        '/v2': 'http://localhost:3000',
        '/api': 'http://localhost:3000',
        '/dev': 'http://localhost:3000',
        '/files': 'http://localhost:3000',
      },
    },
    build: {
      target: 'es2020',
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // dist/.vite/manifest.json: the chunk graph scripts/check-first-load.mjs measures.
      manifest: true,
      write: !planPass,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // The libraries the entry needs in one file rather than a handful of small ones.
              { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 1 },
              ...(command === 'build' && !planPass ? chunkPlanGroups(FIRST_SCREENS, CHUNK_PLAN) : []),
            ],
          },
        },
      },
    },
  };
});
