#!/usr/bin/env bash
# The main job: every package in watch mode (the playground and its local stack join as they land).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
exec pnpm exec turbo run dev
