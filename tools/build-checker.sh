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
FIRST_BUILD_CPU_S=169 # user + sys of the cold build measured below

shopt -s nullglob
words=(lessons/*/words.*.json) # the lessons' words are compiled into gpucheck too
if [ -x "$gpucheck" ] && [ -f "$stamp" ] && [ -z "$(find checker cmake CMakeLists.txt \
  lessons/common "${words[@]}" "$build/CMakeCache.txt" -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
notice=
if [ -x "$gpucheck" ]; then # a rebuild (after a git pull) says so only when it takes over 3 s
  (sleep 3 && echo "Rebuilding the checker (its sources changed; log: $log)...") &
  notice=$!
  "$cmake" --build "$build" --target gpucheck gputrace -j "$jobs" >"$log" 2>&1
  status=$?
  kill "$notice" 2>/dev/null
  [ $status -eq 0 ] || { tail -n 40 "$log"; echo "gpucheck itself did not build (log: $log)."; }
else
  # Measured (issue 47) on a 2-core machine, a cold build (a fresh build folder, no compiler
  # cache: CCACHE_DISABLE=1) of gpucheck and gputrace with -j 2: 147.8 s user + 21.1 s sys of
  # CPU (FIRST_BUILD_CPU_S), so about 85 s of wall time plus the links on two idle cores; there it
  # took 570 s of wall time beside other builds (load average 14). The estimate says the idle
  # machine's time; a busy one takes longer, and the progress line shows how far it is.
  minutes=$(((FIRST_BUILD_CPU_S / jobs + 59) / 60))
  echo "Building the checker, gpucheck: first time only, about $minutes min on $jobs cores" \
    "(log: $log)."
  "$(dirname "$0")/quiet-build.sh" "$log" -- "$cmake" --build "$build" --target gpucheck gputrace \
    -j "$jobs"
  status=$?
  [ $status -eq 0 ] || echo "gpucheck itself did not build (log: $log)."
fi
[ $status -eq 0 ] || exit 3
touch "$stamp"
