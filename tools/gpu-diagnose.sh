#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On a GPU: grade the diagnosis corpus (lessons/NN-slug/tests/diagnosis/) with the traces
# kept, each with its source lines and the calls its checks showed: the replay fixtures of
# test_analysis_diagnosis. Everything comes back in $OUT/diagnose.tgz:
#   traces/NN-slug/NAME.trace.jsonl.gz   copy into lessons/NN-slug/tests/diagnosis-traces/
#                                        (gzip-compressed: a loop of launches makes 10 MB)
#   reports/NN-slug/NAME.txt|.json    what the student was told
#   tools/gpu-diagnose.sh [NN...]     (default: every lesson with a corpus)
# CORPUS=DIR records the submissions of another folder laid out as DIR/NN-slug/NAME.cu (new ones,
# before they join the corpus with their traces). UNRECORDED=1 grades only the submissions each
# lesson's tests/diagnosis/unrecorded.txt lists (those still without a trace), and skips a lesson
# that lists none. The archive is written again after each lesson, so that a run cut short by a
# time limit keeps the lessons it finished. LOADED=1 grades each lesson a second time while
# gpu_load hammers the GPU from another process (reports-loaded/NN-slug/, no traces kept): the
# verdicts a disturbed GPU gives the same submissions; LOADED=only grades beside it alone (a second
# device call, where both do not fit in one).
set -u
source "$(dirname "$0")/../checker/tests/gpu/load.sh" # start_load, stop_load
out=${OUT:-gpu-diagnose-out}
mkdir -p "$out"
out=$(cd "$out" && pwd) # absolute: the archive is written from inside the work folder
work=$(mktemp -d)
export PATH=/usr/local/cuda/bin:$PATH NO_COLOR=1
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build build --target gpucheck gputrace gpu_load -j"$(nproc)" >"$out/build.log" 2>&1 || { grep -m10 error "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
corpus=${CORPUS:-}
# The lesson folders with a corpus: lessons/NN-slug/tests/diagnosis, or CORPUS/NN-slug.
if [ -n "$corpus" ]; then
  lessons=${*:-$(ls "$corpus" | grep -E '^[0-9]{2}-' | cut -c1-2)}
else
  lessons=${*:-$(ls -d lessons/[0-9][0-9]-*/tests/diagnosis | cut -d/ -f2 | cut -c1-2)}
fi
for lesson in $lessons; do
  if [ -n "$corpus" ]; then
    folder=$(ls -d "$corpus"/"$lesson"-* | head -1)
    slug=$(basename "$folder")
  else
    slug=$(basename "$(ls -d lessons/"$lesson"-* | head -1)")
    folder=lessons/$slug/tests/diagnosis
    if [ -n "${UNRECORDED:-}" ]; then
      listed=$(grep -v '^#' "$folder/unrecorded.txt" 2>/dev/null | sed '/^ *$/d')
      [ -n "$listed" ] || continue
      mkdir -p "$work/unrecorded/$slug"
      for name in $listed; do cp "$folder/$name" "$work/unrecorded/$slug/"; done
      folder=$work/unrecorded/$slug
    fi
  fi
  echo "=== $slug ($(date +%T))"
  # One grading tree for every lesson, as the GPU suite's classes share one: the checker's own
  # code is compiled once.
  if [ "${LOADED:-}" != only ]; then
    build/bin/gpucheck grade "$folder" --lesson "$lesson" --out "$work/reports/$slug" \
      --tree build/diagnose-tree --keep-traces --timeout 60 2>&1 | grep -v "^Summary"
    mkdir -p "$work/traces/$slug"
    mv "$work/reports/$slug"/*.trace.jsonl "$work/traces/$slug/"
    gzip -9n "$work/traces/$slug"/*.trace.jsonl
  fi
  if [ -n "${LOADED:-}" ]; then
    echo "=== $slug beside gpu_load ($(date +%T))"
    start_load build/bin/gpu_load "$work/load.log" || exit 1
    build/bin/gpucheck grade "$folder" --lesson "$lesson" --out "$work/reports-loaded/$slug" \
      --tree build/diagnose-tree --timeout 60 2>&1 | grep -v "^Summary"
    stop_load
  fi
  (cd "$work" && tar czf "$out/diagnose.tgz" $(ls -d traces reports reports-loaded 2>/dev/null))
done
