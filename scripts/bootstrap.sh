#!/usr/bin/env bash
# Installs what the two README commands need on a fresh machine (Node >= 20 and npm, as root):
# pnpm at the pinned version, then the workspace's dependencies. Idempotent and quiet when done.
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(node -p "require('./package.json').packageManager.split('@')[1]")
have=$(pnpm --version 2>/dev/null || true)
if [ "$have" != "$want" ]; then
  echo "› installing pnpm@$want"
  npm install --global --no-fund --no-audit "pnpm@$want" >/dev/null
fi

# Browser tests drive Debian's chromium (never a downloaded browser).
if ! command -v chromium >/dev/null 2>&1; then
  echo "› installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
fi

# The server's storage tests and `pnpm bench` make throwaway clusters with Debian's PostgreSQL
# (initdb/pg_ctl under /usr/lib/postgresql/*/bin). The drop-in stops the package from creating
# and starting its own `main` cluster on port 5432, which nothing here uses.
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  echo "› installing postgresql (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  mkdir -p /etc/postgresql-common/createcluster.d
  echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/latch.conf
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi

export TURBO_TELEMETRY_DISABLED=1
export DO_NOT_TRACK=1
echo "› installing dependencies"
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
