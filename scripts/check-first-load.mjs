// The test command's size check of the first screens (after `npm run build`): the gzipped JS that
// /login and the dashboard need before they can draw must stay within the budgets of
// docs/decisions/0002-first-load-size.md. Fails naming the screen, its budget and its largest files.
// The public storefront (its own build, apps/web/dist/shop) is held to its ceiling the same way.
import {
  STOREFRONT_BUDGET_KB,
  STOREFRONT_LIMIT_KB,
  STOREFRONT_MAX_FILES,
  storefrontFirstLoad,
} from '../bench/storefront-size.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, firstLoad, readManifest, SCREENS, ZOD_MARK } from './first-load.mjs';

const manifest = readManifest();
let failed = false;
for (const screen of SCREENS) {
  const { files, jsKb, cssKb } = firstLoad(manifest, screen.modules);
  const jsFiles = files.filter((f) => f.type === 'js').length;
  const line = `${screen.name}: ${jsKb.toFixed(1)} kB gz JS (budget ${screen.budgetKb} kB) in ${jsFiles} files (at most ${screen.maxFiles}), ${cssKb.toFixed(1)} kB gz CSS`;
  if (jsFiles > screen.maxFiles) {
    failed = true;
    console.error(`first load ${line} TOO MANY FILES`);
    console.error(
      '  A first screen is drawn from a few chunks (apps/web/build-plugins.ts recordChunkPlan): is it still in FIRST_SCREENS of vite.config.ts, and was the build made with `npm run build`?',
    );
    continue;
  }
  if (jsKb <= screen.budgetKb) {
    console.log(`first load ${line} ok`);
    continue;
  }
  failed = true;
  console.error(`first load ${line} OVER BUDGET by ${(jsKb - screen.budgetKb).toFixed(1)} kB`);
  console.error('  largest files:');
  for (const f of files.filter((x) => x.type === 'js').slice(0, 8))
    console.error(`    ${f.file} ${f.kb.toFixed(1)} kB`);
  console.error(
    '  Load it lazily (a route with lazyPage, a widget with React.lazy behind useAfterFirstPaint); see docs/decisions/0002-first-load-size.md.',
  );
}

for (const screen of SCREENS.filter((s) => s.afterPaint)) {
  const withZod = firstLoad(manifest, screen.afterPaint)
    .files.filter((f) => f.type === 'js' && readFileSync(join(dist, f.file), 'utf8').includes(ZOD_MARK))
    .map((f) => f.file);
  if (withZod.length === 0) {
    console.log(`after the first paint of ${screen.name}: no zod ok`);
    continue;
  }
  failed = true;
  console.error(`after the first paint of ${screen.name}: zod comes in ${withZod.join(', ')}`);
  console.error(
    `  ${screen.afterPaint.join(', ')} import a value from a module of @ms/contracts that builds zod schemas: move that value to a module without zod (e.g. invoices/invoice-totals.ts).`,
  );
}

{
  const { files, jsKb, cssKb, jsFiles } = storefrontFirstLoad();
  const line = `storefront /shop/<slug>: ${jsKb.toFixed(1)} kB gz JS (budget ${STOREFRONT_BUDGET_KB} kB, issue limit ${STOREFRONT_LIMIT_KB} kB) in ${jsFiles} files (at most ${STOREFRONT_MAX_FILES}), ${cssKb.toFixed(1)} kB gz CSS`;
  if (jsKb <= STOREFRONT_BUDGET_KB && jsFiles <= STOREFRONT_MAX_FILES) console.log(`first load ${line} ok`);
  else {
    failed = true;
    console.error(`first load ${line} ${jsFiles > STOREFRONT_MAX_FILES ? 'TOO MANY FILES' : 'OVER BUDGET'}`);
    for (const f of files.filter((x) => x.type === 'js'))
      console.error(`    ${f.file} ${f.kb.toFixed(1)} kB`);
    console.error(
      '  The storefront (apps/web/src/shop, vite.shop.config.ts) is Preact and plain CSS only: no React, Mantine, zod or app code.',
    );
  }
}

process.exit(failed ? 1 : 0);
