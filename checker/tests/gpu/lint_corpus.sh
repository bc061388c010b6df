#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Lints every corpus program (built by CMake into BIN_DIR) GPUCHECK_CORPUS_REPEAT times (default
# 5, below says why) and compares the rules found with EXPECTED.tsv: every expected rule must be
# reported and no other, and so must every note (written note:RULE: lint's statements of fact,
# submission-only and calendar-clock); and the verdict must not change between repetitions. Prints
# one row per program.
# Usage: lint_corpus.sh GPUCHECK CORPUS_DIR BIN_DIR [BUILD_DIR]; with BUILD_DIR, the programs are
# built there first (CMake target lint-corpus), which only a machine with a GPU does.
#
# Why 5 (issue 44; it was 10). With no change in n runs, the 95% upper bound on the rate of a
# change is about 3/n (solutions_pass.sh): 5 runs bound one program's at 45%, but the 38 programs
# 5 times each are 190 lints, whose verdicts change in under 1.6% of them; and a program whose
# verdict changes every other run is still caught (94%: 1 - 2 x 0.5^5).
set -u
source "$(dirname "$0")/have_gpu.sh"
source "$(dirname "$0")/timing.sh"
gpucheck=$1
corpus=$2
bin_dir=$3
build_dir=${4:-}
repeat=${GPUCHECK_CORPUS_REPEAT:-5}
status=0
if [ -n "$build_dir" ]; then
  timed build "lint corpus" cmake --build "$build_dir" --target lint-corpus -j "$(nproc)" >/dev/null ||
    { cmake --build "$build_dir" --target lint-corpus; echo "lint_corpus.sh: the corpus did not build"; exit 1; }
fi
printf '%-44s %-24s %-24s %s\n' program expected found verdict
while IFS=$'\t' read -r file expected why; do
  [ "$file" = file ] && continue
  [ -z "$file" ] && continue
  name=${file%.cu}
  first=""
  stable=yes
  linted=$(timing_now)
  for ((i = 0; i < repeat; i++)); do
    found=$("$gpucheck" lint --json -- "$bin_dir/$name" 2>/dev/null |
      python3 -c 'import json,sys
try: d=json.load(sys.stdin)
except Exception: print("(no report)"); sys.exit()
r=sorted({f["rule"] for f in d["findings"]} | {"note:" + n["rule"] for n in d.get("notes", [])})
print(",".join(r) if r else "-")')
    [ -z "$first" ] && first=$found
    [ "$found" = "$first" ] || stable="no ($first then $found)"
  done
  timing_line "$linted" gpu "lint $name, $repeat times"
  want=$(tr "," "\n" <<<"$expected" | LC_ALL=C sort | paste -sd, -)
  verdict=ok
  if [ "$first" != "$want" ] || [ "$stable" != yes ]; then
    verdict=WRONG
    [ "$stable" = yes ] || verdict="WRONG (unstable: $stable)"
    status=1
  fi
  printf '%-44s %-24s %-24s %s\n' "$name" "$want" "$first" "$verdict"
done <"$corpus/EXPECTED.tsv"
exit $status
