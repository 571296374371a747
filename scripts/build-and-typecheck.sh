#!/usr/bin/env bash
# The test command's build and typecheck, at once. The typecheck reads sources only (the
# `tidemark-source` condition), so it needs nothing the build writes; run one after the other, each
# left a core of a two-core machine idle for much of its time. The typecheck's output (its errors)
# is printed once both are done, after the build's.
set -uo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp)"
pnpm typecheck >"$log" 2>&1 &
typecheck=$!
pnpm build
built=$?
wait "$typecheck"
checked=$?
cat "$log"
rm -f "$log"
if [ "$built" -ne 0 ] || [ "$checked" -ne 0 ]; then
  echo "build exited with $built, typecheck with $checked" >&2
  exit 1
fi
