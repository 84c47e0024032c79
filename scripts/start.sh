#!/usr/bin/env bash
# Quick start: install, build, and start the product (API + app on one port, default 3000).
# Embedded PGlite in ./data unless DATABASE_URL is set. Pass --no-demo to skip the demo business.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "==> build"
npm run build --silent
echo "==> start"
exec node apps/server/dist/server.js "$@"
