#!/usr/bin/env bash
# Every test: lint, types, unit (contracts, web), server integration (real PostgreSQL when
# TEST_DATABASE_URL is set, and then PGlite as well; else PGlite), then the built app end to end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --browser
mkdir -p test-results
rm -f test-results/vitest*.json test-results/playwright.json

echo "==> lint, format and typecheck"
# The type check (one core) runs beside lint and format (the other): half a minute less.
typecheck_log=$(mktemp)
npm run typecheck --silent >"$typecheck_log" 2>&1 &
typecheck_pid=$!
npx eslint . --max-warnings=0
npx prettier --check . >/dev/null || { npx prettier --check . ; exit 1; }
wait "$typecheck_pid" || { echo "==> typecheck failed"; cat "$typecheck_log"; exit 1; }
rm -f "$typecheck_log"

echo "==> unit and server tests (database: ${TEST_DATABASE_URL:-PGlite})"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The embedded database is the README's default: the server tests run on it too.
  echo "==> server tests again on the embedded database (PGlite)"
  env -u TEST_DATABASE_URL npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json=test-results/vitest-pglite.json
fi

echo "==> build"
npm run build --silent
echo "==> first-load size of /login and the dashboard (docs/decisions/0002)"
node scripts/check-first-load.mjs

echo "==> end to end (Chromium)"
# As in CI, whatever the machine: a test that fails is run once more, with a trace. Recording a trace of
# every test (the default outside CI, for a spec run by hand) takes a third of Chromium's CPU, and the
# embedded database doubles the run's length on a small machine, so one slow moment must not fail it;
# a test that passes only on its retry is counted as flaky in the last line.
npx playwright test -c apps/web/playwright.config.ts --retries 1 --trace on-first-retry

node scripts/summarize-tests.mjs test-results/vitest.json test-results/vitest-pglite.json test-results/playwright.json
