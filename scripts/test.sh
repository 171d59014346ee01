#!/usr/bin/env bash
# The whole test suite: format, lint, typecheck, build, tests, the Storybook build and its screenshots. CI runs exactly this (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
pnpm exec prettier --check . --log-level warn
pnpm exec turbo run lint typecheck build test storybook:build test:screens --output-logs=new-only --concurrency=2
node scripts/summary.mjs
