#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/slurm-compare.sh CLASS_DIR LESSON [WORK]: grades every submission of CLASS_DIR through a
# one-node Slurm cluster started on 127.0.0.1 (the loopback test's, checker/tests/integration/
# slurm_cluster.sh) and through the local batch, and compares the two summary.csv files
# (student, verdict, exit code, checks passed, checks failed; not the seconds). Needs root,
# slurm-wlm and munge (tools/ensure-deps.sh slurm) and a built gpucheck. Without a GPU the tasks
# ask for none and the GPU checks come back 77 in both batches; on a cluster with GPUs, run
# `gpucheck grade --slurm` and the local batch by hand and compare the same columns.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
class=${1:?usage: tools/slurm-compare.sh CLASS_DIR LESSON [WORK]}
lesson=${2:?usage: tools/slurm-compare.sh CLASS_DIR LESSON [WORK]}
work=${3:-$root/build/slurm-compare}
gpucheck=${GPUCHECK:-$root/build/bin/gpucheck}
skip() {
  echo "slurm-compare: $* (as root: tools/ensure-deps.sh slurm)" >&2
  exit 77
}
[ "$(id -u)" = 0 ] || skip "the loopback Slurm cluster needs root"
[ -x "$gpucheck" ] || { echo "slurm-compare: no gpucheck at $gpucheck (make gpucheck)" >&2; exit 2; }
source "$root/checker/tests/integration/slurm_cluster.sh"
start_loopback_cluster "$work"
cp -r "$class"/. "$work/subs/"
rm -f "$work"/subs/*.says "$work"/subs/*.tsv
count=$(find "$work/subs" -mindepth 1 -maxdepth 1 | wc -l)
export NO_COLOR=1
began=$(date +%s)
"$gpucheck" grade "$work/subs" --lesson "$lesson" --slurm --gpus-per-task 0 --time 30:00 \
  --timeout 30 --out "$work/slurm-out" >"$work/slurm.log" 2>&1
echo "Slurm batch: exit $?, $(($(date +%s) - began)) s, $count submissions"
began=$(date +%s)
"$gpucheck" grade "$work/subs" --lesson "$lesson" --timeout 30 --out "$work/local-out" \
  >"$work/local.log" 2>&1
echo "local batch: exit $?, $(($(date +%s) - began)) s"
slurm_rows=$(($(wc -l <"$work/slurm-out/summary.csv") - 1))
local_rows=$(($(wc -l <"$work/local-out/summary.csv") - 1))
echo "rows: Slurm $slurm_rows, local $local_rows"
if [ "$slurm_rows" = "$count" ] && diff <(cut -d, -f1-5 "$work/local-out/summary.csv" | sort) \
  <(cut -d, -f1-5 "$work/slurm-out/summary.csv" | sort); then
  echo "the same: every one of $count submissions has the same verdict, exit code and counts"
  cut -d, -f2,3 "$work/slurm-out/summary.csv" | tail -n +2 | sort | uniq -c
  exit 0
fi
echo "slurm-compare: the two batches differ (diff above)" >&2
exit 1
