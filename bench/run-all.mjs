// Runs every benchmark in turn (needs `npm run build` first); one that fails does not stop the rest.
// Each prints its figures as ratios against limits measured in the same run (README: Benchmarks).
import { spawnSync } from 'node:child_process';

const BENCHES = [
  'bundle-size.mjs',
  'storefront-size.mjs',
  'lighthouse.mjs',
  'server-memory.mjs',
  'auth-read.mjs',
  'sales-api.mjs',
  'products-api.mjs',
  'product-upload.mjs',
  'stock-summary.mjs',
  'reports-scale.mjs',
  'offline-sync.mjs',
  'live-changes.mjs',
];

const failed = [];
for (const file of BENCHES) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, [new URL(file, import.meta.url).pathname], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${file} (exit ${run.status ?? run.signal})`);
}
console.log(
  failed.length ? `\nbenchmarks that did not finish: ${failed.join(', ')}` : '\nall benchmarks ran',
);
