// Gzip size of the JS the public storefront (`/shop/<slug>`, issue 15) downloads before its first
// paint, read from its own build's chunk graph (apps/web/dist/shop/.vite/manifest.json, made by
// `npm run build`; this builds nothing): shop.html's entry and every chunk it imports statically.
// Printed as a ratio against the limit of 60 kB; exits 1 over it. The test command's tighter
// ceiling (what is won stays won) is checked by scripts/check-first-load.mjs with the same figure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const shopDist = fileURLToPath(new URL('../apps/web/dist/shop/', import.meta.url));

/** Issue 15: the storefront's first load, kB of gzipped JS. */
export const STOREFRONT_LIMIT_KB = 60;
/** The test command's ceiling: today's size (about 18 kB) and some room. */
export const STOREFRONT_BUDGET_KB = 30;
/** JS files before the first paint: one entry, maybe a shared chunk. */
export const STOREFRONT_MAX_FILES = 2;

const gzKb = (file) => gzipSync(readFileSync(join(shopDist, file)), { level: 9 }).length / 1024;

/** The JS and CSS shop.html loads before it draws, with gzipped sizes (largest first). */
export const storefrontFirstLoad = () => {
  const path = join(shopDist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the storefront build's manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('shop.html');
  const files = new Map();
  for (const key of seen) {
    const chunk = manifest[key];
    files.set(chunk.file, { file: chunk.file, kb: gzKb(chunk.file), type: 'js' });
    for (const css of chunk.css ?? []) files.set(css, { file: css, kb: gzKb(css), type: 'css' });
  }
  const list = [...files.values()].sort((a, b) => b.kb - a.kb);
  const sum = (type) => list.filter((f) => f.type === type).reduce((s, f) => s + f.kb, 0);
  return {
    files: list,
    jsKb: sum('js'),
    cssKb: sum('css'),
    jsFiles: list.filter((f) => f.type === 'js').length,
  };
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, jsKb, cssKb } = storefrontFirstLoad();
  if (process.env.VERBOSE) for (const f of files) console.log(`   ${f.file} ${f.kb.toFixed(1)} kB gz`);
  const ok = jsKb <= STOREFRONT_LIMIT_KB;
  console.log(
    `storefront first load: ${jsKb.toFixed(1)} kB gz JS; limit ${STOREFRONT_LIMIT_KB} kB; ratio ${(jsKb / STOREFRONT_LIMIT_KB).toFixed(2)} (target <= 1.00) ${ok ? 'PASS' : 'FAIL'}; CSS ${cssKb.toFixed(1)} kB gz`,
  );
  process.exit(ok ? 0 : 1);
}
