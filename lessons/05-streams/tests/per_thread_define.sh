#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# per_thread_define.sh NVCC: lesson 05's claim about the per-thread default stream, compiled.
# A #define of CUDA_API_PER_THREAD_DEFAULT_STREAM in a .cu file comes too late (nvcc includes
# cuda_runtime.h before the file's first line), so the object calls the legacy stream's
# cudaStreamSynchronize; with --default-stream per-thread it calls cudaStreamSynchronize_ptsz.
set -u
nvcc=$1
source=$(dirname "$0")/../per_thread_define.cu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }
calls() { nm "$1" | awk '$1 == "U" && $2 ~ /^cudaStreamSynchronize/ { print $2 }'; }

"$nvcc" -c "$source" -o "$work/plain.o" || fail "the probe does not compile"
"$nvcc" -c --default-stream per-thread "$source" -o "$work/option.o" ||
  fail "the probe does not compile with --default-stream per-thread"
plain=$(calls "$work/plain.o")
option=$(calls "$work/option.o")
echo "the #define alone: $plain; with --default-stream per-thread: $option"
[ "$plain" = cudaStreamSynchronize ] || fail "the #define in the file changed the call to '$plain'"
[ "$option" = cudaStreamSynchronize_ptsz ] || fail "the option gave '$option', not the per-thread call"
# The preprocessed file enters cuda_runtime.h before it enters line 1 of the probe.
order=$("$nvcc" -E "$source" 2>/dev/null | awk '
  /^# [0-9]+ ".*cuda_runtime\.h"/ && !runtime { runtime = NR }
  /^# 1 ".*per_thread_define\.cu"/ && !probe { probe = NR }
  END { print (runtime && probe && runtime < probe) ? "runtime first" : "not so" }')
[ "$order" = "runtime first" ] || fail "nvcc -E does not show cuda_runtime.h before the file's first line"
echo "as lesson 05 says"
