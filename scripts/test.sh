#!/usr/bin/env bash
# Every test: lint, types, unit (contracts, web), server integration (real PostgreSQL when
# TEST_DATABASE_URL is set, else PGlite), then the built app end to end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --browser
mkdir -p test-results

echo "==> lint and format"
npx eslint . --max-warnings=0
npx prettier --check . >/dev/null || { npx prettier --check . ; exit 1; }
echo "==> typecheck"
npm run typecheck --silent

echo "==> unit and server tests (database: ${TEST_DATABASE_URL:-PGlite})"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

echo "==> build"
npm run build --silent

echo "==> end to end (Chromium)"
npx playwright test -c apps/web/playwright.config.ts

node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json
