#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Records a trace of one run: record.sh PROGRAM [ARGS...]
# Writes to $GPUTRACE_OUTPUT, or ./trace.jsonl. The library is $GPUTRACE_LIB, or the first
# build*/lib/libgputrace.so of this checkout. The same file goes in both variables: the driver
# loads it through CUDA_INJECTION64_PATH (CUPTI), LD_PRELOAD puts it first for the clock reads.
set -euo pipefail
if [[ $# -lt 1 ]]; then
  echo "usage: $0 PROGRAM [ARGS...]   (trace to \$GPUTRACE_OUTPUT or ./trace.jsonl)" >&2
  exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
lib=${GPUTRACE_LIB:-}
if [[ -z $lib ]]; then
  for candidate in "$root"/build/lib/libgputrace.so "$root"/build*/lib/libgputrace.so; do
    if [[ -f $candidate ]]; then
      lib=$candidate
      break
    fi
  done
fi
if [[ -z $lib || ! -f $lib ]]; then
  echo "record.sh: libgputrace.so not found; build it: cmake --build build --target gputrace" >&2
  exit 2
fi
out=${GPUTRACE_OUTPUT:-trace.jsonl}
[[ $out == /* ]] || out=$PWD/$out
exec env CUDA_INJECTION64_PATH="$lib" LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}" \
  GPUTRACE_OUTPUT="$out" GPUTRACE_PID= "$@"
