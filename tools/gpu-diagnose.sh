#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On a GPU: grade the diagnosis corpus (checker/tests/fixtures/diagnosis/NN-slug/) with the traces
# kept (each with its source lines: the replay fixtures of test_analysis_diagnosis), plus a lesson's
# class, and the starters; everything under $OUT in one archive.
#   tools/gpu-diagnose.sh [LESSON...]     (default: 04)
set -u
out=${OUT:-gpu-diagnose-out}
mkdir -p "$out/d"
export PATH=/usr/local/cuda/bin:$PATH NO_COLOR=1
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build build --target gpucheck gputrace -j"$(nproc)" >"$out/build.log" 2>&1 || { grep -m10 error "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for lesson in ${*:-04}; do
  folder=$(ls -d checker/tests/fixtures/diagnosis/"$lesson"-* 2>/dev/null | head -1)
  [ -n "$folder" ] || continue
  slug=$(basename "$folder")
  echo "=== diagnosis corpus $slug ($(date +%T))"
  build/bin/gpucheck grade "$folder" --lesson "$lesson" --out "$out/d/$slug" --tree build/diagnose-tree --keep-traces --timeout 30 2>&1 | tail -20
  if [ -d "checker/tests/fixtures/class/$slug" ]; then
    echo "=== class $slug ($(date +%T))"
    build/bin/gpucheck grade "checker/tests/fixtures/class/$slug" --lesson "$lesson" --out "$out/d/class-$slug" --tree build/diagnose-tree --timeout 10 2>&1 | tail -40
  fi
  echo "=== starter and solution of $lesson ($(date +%T))"
  build/bin/gpucheck check "$lesson" > "$out/d/starter-$lesson.txt" 2>&1; echo "starter exit $?"
  build/bin/gpucheck check "$lesson" --solution > "$out/d/solution-$lesson.txt" 2>&1; echo "solution exit $?"
done
tar czf "$out/diagnose.tgz" -C "$out" d && rm -rf "$out/d"
