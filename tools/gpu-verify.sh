#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One call's worth of GPU verification (for the device machine): configure, build what runs on the
# GPU, then lesson 04's checks, the fixture exercises, the lint corpus and the lesson experiments.
# Logs go to $OUT (or ./gpu-verify-out). Usage: tools/gpu-verify.sh [SOLUTION_REPEAT] [CORPUS_REPEAT]
set -u
out=${OUT:-gpu-verify-out}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
repeat=${1:-20}
corpus_repeat=${2:-1}
step() { echo; echo "=== $* ($(date +%T))"; }

step configure
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
step build
targets=(gpucheck gputrace lesson.04-two-sync-methods.check lesson.04-two-sync-methods.check-solution
  lesson.04-two-sync-methods.run-solution fixture.80-events-on-default-stream.check
  fixture.81-no-sync-before-stop.check)
for f in checker/tests/corpus/*.cu; do targets+=("corpus.$(basename "${f%.cu}")"); done
cmake --build build -j"$(nproc)" --target "${targets[@]}" >"$out/build.log" 2>&1 || { grep -m5 -E "error" "$out/build.log"; }
gpucheck=build/bin/gpucheck
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,utilization.gpu --format=csv

step "lesson 04 starter"
NO_COLOR=1 $gpucheck check 4 2>&1 | tee "$out/check4-starter.txt"; echo "exit=${PIPESTATUS[0]}"
step "lesson 04 solution x$repeat"
pass=0
for ((i = 0; i < repeat; i++)); do
  NO_COLOR=1 $gpucheck check 4 --solution --json >"$out/solution-run.json" 2>&1
  code=$?; [ $code = 0 ] && pass=$((pass + 1)) || { echo "run $i: exit $code"; cat "$out/solution-run.json"; }
done
echo "lesson 04 solution: $pass of $repeat passed"
step "wrong exercises"
checker/tests/gpu/wrong_exercises.sh $gpucheck
step "lesson 04 experiment"
build/bin/lesson/04-two-sync-methods/run-solution | tee "$out/lesson04-main.txt"
step "lint corpus x$corpus_repeat"
GPUCHECK_CORPUS_REPEAT=$corpus_repeat checker/tests/gpu/lint_corpus.sh $gpucheck checker/tests/corpus build/bin/corpus 2>&1 | tee "$out/corpus.txt"
$gpucheck lint --timeline "$out/timeline-sgemm.svg" -- build/bin/corpus/sgemm_loop_chrono >/dev/null 2>&1
for p in saxpy_after_init_chrono events_default_stream_nonblocking; do
  $gpucheck lint --json --keep-trace "$out/$p.jsonl" -- build/bin/corpus/$p > "$out/$p.lint.json" 2>&1
done
tar czf "$out/traces.tgz" -C "$out" $(cd "$out" && ls *.jsonl *.lint.json 2>/dev/null) 2>/dev/null && rm -f "$out"/*.jsonl "$out"/*.lint.json
