#!/usr/bin/env bash
# The main job: the playground on the local devnet (its dev command starts the devnet, then Vite,
# and prints the URL). `pnpm dev` instead runs every package's watch mode alongside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
exec pnpm exec turbo run dev --filter=@latch/playground
