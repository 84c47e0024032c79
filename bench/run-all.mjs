// Runs every benchmark in turn (needs `npm run build` first).
import { execFileSync } from 'node:child_process';

for (const file of [
  'bundle-size.mjs',
  'server-memory.mjs',
  'products-api.mjs',
  'sales-api.mjs',
  'offline-sync.mjs',
]) {
  console.log(`\n== ${file}`);
  execFileSync(process.execPath, [new URL(file, import.meta.url).pathname], { stdio: 'inherit' });
}
