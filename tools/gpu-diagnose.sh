#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On a GPU: grade the diagnosis corpus (checker/tests/fixtures/diagnosis/NN-slug/) with the traces
# kept, each with its source lines and the calls its checks showed: the replay fixtures of
# test_analysis_diagnosis. Everything comes back in $OUT/diagnose.tgz:
#   traces/NN-slug/NAME.trace.jsonl   copy into checker/tests/fixtures/diagnosis/traces/
#   reports/NN-slug/NAME.txt|.json    what the student was told
#   tools/gpu-diagnose.sh [NN...]     (default: every lesson with a corpus)
# CORPUS=DIR records the submissions of another folder laid out the same way (new ones, before
# they join the corpus with their traces).
set -u
out=${OUT:-gpu-diagnose-out}
work=$(mktemp -d)
export PATH=/usr/local/cuda/bin:$PATH NO_COLOR=1
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build build --target gpucheck gputrace -j"$(nproc)" >"$out/build.log" 2>&1 || { grep -m10 error "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
corpus=${CORPUS:-checker/tests/fixtures/diagnosis}
lessons=${*:-$(ls "$corpus" | grep -E '^[0-9]{2}-' | cut -c1-2)}
for lesson in $lessons; do
  folder=$(ls -d "$corpus"/"$lesson"-* | head -1)
  slug=$(basename "$folder")
  echo "=== $slug ($(date +%T))"
  build/bin/gpucheck grade "$folder" --lesson "$lesson" --out "$work/reports/$slug" \
    --tree "build/diagnose-tree-$lesson" --keep-traces --timeout 60 2>&1 | grep -v "^Summary"
  mkdir -p "$work/traces/$slug"
  mv "$work/reports/$slug"/*.trace.jsonl "$work/traces/$slug/"
done
tar czf "$out/diagnose.tgz" -C "$work" traces reports
