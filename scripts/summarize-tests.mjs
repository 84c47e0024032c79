// Prints one closing line for the whole run, "N passed, N failed, N skipped", from the JSON reports; tests
// that passed only on a retry are named as flaky.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
// Every vitest-*.json / vitest.json report (one per database the server tests ran on), then Playwright's.
const files = process.argv.slice(2);
for (const file of files.filter((f) => /vitest[^/]*\.json$/.test(f) && existsSync(f))) {
  const v = JSON.parse(readFileSync(file, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
for (const file of files.filter((f) => /playwright[^/]*\.json$/.test(f) && existsSync(f))) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  flaky += s.flaky ?? 0;
  failed += s.unexpected;
  skipped += s.skipped;
}
const retried = flaky > 0 ? ` (${flaky} of them only on a retry: flaky, see above)` : '';
console.log(`\nall tests: ${passed} passed${retried}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
