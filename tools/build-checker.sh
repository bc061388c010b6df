#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/build-checker.sh BUILD_DIR JOBS: builds gpucheck and its tracer for the Makefile's front
# door, quietly: the student sees the verdict, not the compiler. Its log is BUILD_DIR/gpucheck-build.log.
# When no file of the checker or of the build's definition is newer than the last build's stamp,
# make's own walk through gpucheck's targets (a second of the edit-to-verdict loop) is skipped.
set -u
build=$1
jobs=$2
cmake=${CMAKE:-cmake}
gpucheck=$build/bin/gpucheck
stamp=$build/gpucheck-built.stamp
log=$build/gpucheck-build.log

if [ -x "$gpucheck" ] && [ -f "$stamp" ] && [ -z "$(find checker cmake CMakeLists.txt \
  lessons/common "$build/CMakeCache.txt" -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
notice=
if [ -x "$gpucheck" ]; then # a rebuild (after a git pull) says so only when it takes over 3 s
  (sleep 3 && echo "Rebuilding the checker (its sources changed)...") &
  notice=$!
else
  minutes=$(expr 270 / "$jobs" / 60 + 1)
  echo "Building the checker, gpucheck (first time only; about $minutes min on $jobs cores)..."
fi
"$cmake" --build "$build" --target gpucheck gputrace -j "$jobs" >"$log" 2>&1
status=$?
[ -z "$notice" ] || kill "$notice" 2>/dev/null
if [ $status -ne 0 ]; then
  cat "$log"
  echo "gpucheck itself did not build (log above)."
  exit 3
fi
touch "$stamp"
