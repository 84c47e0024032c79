// What the browser must download to draw a screen on a cold cache, read from the web build's chunk
// graph (apps/web/dist/.vite/manifest.json): the entry (index.html's script), the lazy route modules
// the screen shows, and every chunk they import statically. Sizes are gzip level 9, as a phone
// receives them. Used by scripts/check-first-load.mjs (the test command) and bench/bundle-size.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

/**
 * The first screens, in kB of gzipped JS (docs/decisions/0002-first-load-size.md): `budgetKb` is
 * the ceiling the test command enforces (today's size and a little room: what is won stays won; for
 * the dashboard, the target itself), `targetKb` the target, printed by bench/bundle-size.mjs.
 * `maxFiles`: the JS files the screen may fetch before it draws (the build's chunk plan keeps a first
 * screen in a few files; a phone on HTTP/1.1 fetches six at a time).
 */
export const SCREENS = [
  {
    name: '/login',
    budgetKb: 115,
    targetKb: 120,
    maxFiles: 6,
    // The entry draws a visitor's /login itself, without the router (apps/web/src/app/app-root.tsx).
    modules: ['index.html'],
  },
  {
    name: 'dashboard',
    budgetKb: 150,
    targetKb: 150,
    maxFiles: 10,
    // A signed-in start on the dashboard draws it and the shell without the router (app/dashboard-start.tsx).
    modules: ['index.html', 'src/app/dashboard-start.tsx'],
    // What every dashboard visit loads once it has drawn (decision 0002): the router, the invoice log,
    // the sync badge. None of it validates a form, so none of it may bring zod (its schemas cost a
    // cheap phone ~150 ms to build, and 24 kB gz).
    afterPaint: [
      'src/app/router-root.tsx',
      'src/features/invoices/index.ts',
      'src/app/shell/sync-indicator.tsx',
    ],
  },
];

/** zod's own code is in a file when it names zod's base type (kept by the minifier: a string). */
export const ZOD_MARK = '$ZodType';

export const readManifest = () => {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8'));
};

const gzKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The JS and CSS files a screen needs before it can draw, with their gzipped sizes. */
export const firstLoad = (manifest, modules) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest (renamed or no longer lazy?)`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  const files = [];
  for (const key of seen) {
    const chunk = manifest[key];
    files.push({ file: chunk.file, kb: gzKb(chunk.file), type: 'js' });
    for (const css of chunk.css ?? []) files.push({ file: css, kb: gzKb(css), type: 'css' });
  }
  const unique = [...new Map(files.map((f) => [f.file, f])).values()].sort((a, b) => b.kb - a.kb);
  const sum = (type) => unique.filter((f) => f.type === type).reduce((s, f) => s + f.kb, 0);
  return { files: unique, jsKb: sum('js'), cssKb: sum('css') };
};
