import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssCheck, slimMantineImports } from './build-plugins';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));

/** The installable app: React, Mantine, a custom service worker (src/sw.ts) that precaches the shell. */
export default defineConfig({
  resolve: { alias: { '@ms/contracts': contracts, '@': src } },
  plugins: [
    slimMantineImports(),
    mantineCssCheck(),
    react(),
    VitePWA({
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries the first screen needs in one file rather than a handful of small ones
          // (lazy pages still get their own chunks).
          groups: [{ name: 'vendor', tags: ['$initial'], test: /node_modules/ }],
        },
      },
    },
  },
});
