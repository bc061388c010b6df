#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Benchmark (not a test): the tracer's overhead, as traced / untraced wall time (median of 5 runs
# each, interleaved), for a program that launches 10,000 small kernels and for lesson 04's check.
# Needs an NVIDIA GPU and a configured build (make test). Usage: tools/bench-tracer-overhead.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cmake --build "$build" --target gputrace lesson.04-two-sync-methods.check-solution -j"$(nproc)" >/dev/null
tracer=$build/lib/libgputrace.so
many=$build/bench/many_kernels
mkdir -p "$build/bench"
"$nvcc" -O2 -o "$many" "$root/checker/tests/gpu_trace/many_kernels.cu"

wall_ms() { # wall_ms traced|plain PROGRAM...: one run's wall time in ms
  local mode=$1
  shift
  local start end
  start=$(date +%s%N)
  if [ "$mode" = traced ]; then
    CUDA_INJECTION64_PATH=$tracer LD_PRELOAD=$tracer GPUTRACE_OUTPUT=$build/bench/trace.jsonl \
      "$@" >/dev/null 2>&1 || true
  else
    "$@" >/dev/null 2>&1 || true
  fi
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-36s %12s %12s %7s\n' program untraced_ms traced_ms ratio
for name in many_kernels lesson04_check; do
  case $name in
  many_kernels) program=("$many") ;;
  lesson04_check) program=("$build/bin/lesson/04-two-sync-methods/check-solution") ;;
  esac
  plain=() traced=()
  for _ in 1 2 3 4 5; do
    plain+=("$(wall_ms plain "${program[@]}")")
    traced+=("$(wall_ms traced "${program[@]}")")
  done
  p=$(printf '%s\n' "${plain[@]}" | median)
  t=$(printf '%s\n' "${traced[@]}" | median)
  printf '%-36s %12d %12d %7.2f\n' "$name" "$p" "$t" "$(awk -v t="$t" -v p="$p" 'BEGIN { print t / p }')"
done
