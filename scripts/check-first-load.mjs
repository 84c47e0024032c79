// The test command's size check of the first screens (after `npm run build`): the gzipped JS that
// /login and the dashboard need before they can draw must stay within the budgets of
// docs/decisions/0002-first-load-size.md. Fails naming the screen, its budget and its largest files.
import { firstLoad, readManifest, SCREENS } from './first-load.mjs';

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
process.exit(failed ? 1 : 0);
