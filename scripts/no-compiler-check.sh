#!/usr/bin/env bash
# Proves the native addon (packages/memory-trim) optional: a clean clone of this checkout's HEAD installs with
# `npm ci`, builds, starts on SQLite and passes the server tests on a machine whose C compiler and make are
# hidden. better-sqlite3 needs no compiler where it can download its prebuilt binary from GitHub; a machine
# without internet (like the project's own) cannot, so the binary this checkout built stands in for that
# download (prebuild-install's local prebuilds), and everything else installs as a user's would.
# Usage: scripts/no-compiler-check.sh [vitest arguments, default: --project server]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${NO_COMPILER_DIR:-/tmp/tollgate-no-compiler}
port=${NO_COMPILER_PORT:-3990}
rm -rf "$work" && mkdir -p "$work/bin" "$work/prebuilds"

for tool in cc gcc g++ c++ clang clang++ make gmake cmake; do
  printf '#!/bin/sh\necho "%s: not installed (hidden by no-compiler-check)" >&2\nexit 127\n' "$tool" >"$work/bin/$tool"
  chmod +x "$work/bin/$tool"
done
version=$(node -p "require('$repo/node_modules/better-sqlite3/package.json').version")
abi=$(node -p process.versions.modules)
tar -C "$repo/node_modules/better-sqlite3" -czf \
  "$work/prebuilds/better-sqlite3-v$version-node-v$abi-$(node -p process.platform)-$(node -p process.arch).tar.gz" \
  build/Release/better_sqlite3.node

git clone -q "$repo" "$work/main"
[ -d "$repo/../shared" ] && ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"
cd "$work/main"
export PATH="$work/bin:$PATH"
export npm_config_better_sqlite3_local_prebuilds="$work/prebuilds"
if cc --version >/dev/null 2>&1 || make --version >/dev/null 2>&1; then echo "a compiler is still reachable" >&2; exit 1; fi

echo "=== npm ci (no compiler, no make)"
npm ci --no-audit --no-fund --foreground-scripts >"$work/install.log" 2>&1 || { tail -40 "$work/install.log"; exit 1; }
grep -F '@tollgate/memory-trim: not built' "$work/install.log"
if [ -e packages/memory-trim/build/Release/memory_trim.node ]; then echo "the addon was built after all" >&2; exit 1; fi
unset npm_config_better_sqlite3_local_prebuilds

echo "=== npm run build"
npm run build >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }

echo "=== npm start (SQLite)"
PORT=$port SQLITE_PATH="$work/tollgate.db" LOG_LEVEL=debug npm start >"$work/start.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/api/status" >/dev/null && break; sleep 1; done
curl -sf "http://127.0.0.1:$port/api/status" | head -c 200 && echo
kill "$server"; wait "$server" || true
grep -i 'malloc_trim\|memory-trim' "$work/start.log" | head -3 || true

echo "=== server tests"
if [ $# -eq 0 ]; then set -- --project server; fi
npx vitest run "$@"
