#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# slurm_loopback.sh GPUCHECK WORK CLASS_DIR...: `gpucheck grade --slurm` on a one-node Slurm
# cluster that this test starts on 127.0.0.1 (munged, slurmctld, slurmd from Debian's slurm-wlm and
# munge, each with its own state, spool, socket and ports under WORK) and tears down on exit. There
# is no GPU here, so the tasks ask for none (--gpus-per-task 0) and the GPU checks come back 77; the
# batch must still complete with a report and a CSV row per submission, the same verdicts as the
# local batch mode on the same folder, and a re-run must resubmit only what has no result.
# Three submissions of one class: the first CLASS_DIR (a lesson's tests/class, its table
# class.tsv beside it) whose table has, without a GPU, a .cu file that builds (77), a folder that
# builds (77) and a submission that does not build (3); the first such rows, with their verdicts.
# Exit 77 (skipped, said why) when this is not root or Slurm and munge are not installed.
set -u
gpucheck=$1
work=$2
shift 2
skip() {
  echo "SKIPPED: $* (as root: tools/ensure-deps.sh slurm, or apt-get install slurm-wlm munge)"
  exit 77
}
[ "$(id -u)" = 0 ] || skip "the loopback Slurm cluster needs root (slurmd starts the tasks)"
for tool in munged slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null || skip "$tool is not installed"
done
status=0
fail() {
  echo "slurm_loopback.sh: $*" >&2
  status=1
}

# The class's table (student, no-GPU verdicts, ...) names the three: sets file, folder and broken,
# and fails when one is missing.
choose_three() { # CLASS_DIR
  file='' folder='' broken=''
  local student no_gpu rest
  while IFS=$'\t' read -r student no_gpu rest; do
    case $student in '#'* | '') continue ;; esac
    if [ "$no_gpu" = 77 ] && [ -z "$file" ] && [ -f "$1/$student.cu" ]; then
      file=$student
    elif [ "$no_gpu" = 77 ] && [ -z "$folder" ] && [ -d "$1/$student" ]; then
      folder=$student
    elif [ "$no_gpu" = 3 ] && [ -z "$broken" ]; then
      broken=$student
    fi
  done <"$1.tsv"
  [ -n "$file" ] && [ -n "$folder" ] && [ -n "$broken" ]
}
class=''
for candidate in "$@"; do
  if choose_three "$candidate"; then
    class=$candidate
    break
  fi
done
if [ -z "$class" ]; then
  echo "slurm_loopback.sh: no class of $* has a file and a folder that build and a submission" \
    "that does not (class.tsv, no-GPU column 77, 77, 3)" >&2
  exit 1
fi
lesson=$(basename "$(dirname "$(dirname "$class")")")
lesson=${lesson%%-*}
# The array task of the one that does not build: submissions are graded in name order.
broken_task=$(($(printf '%s\n' "$file" "$folder" "$broken" | LC_ALL=C sort | grep -nxF -- "$broken" |
  cut -d: -f1) - 1))

source "$(dirname "$0")/slurm_cluster.sh"
start_loopback_cluster "$work"

# Two that build (77 without a GPU; the folder's file need not be named exercise.cu) and one that
# does not build (3).
for student in "$file" "$folder" "$broken"; do
  if [ -d "$class/$student" ]; then
    cp -r "$class/$student" "$work/subs/"
  else
    cp "$class/$student.cu" "$work/subs/"
  fi
done
declare -A expected=(["$file"]=77 ["$broken"]=3 ["$folder"]=77)
echo "Lesson $lesson's class ($class): $file, $folder and $broken"

export CUDA_VISIBLE_DEVICES= NO_COLOR=1
timeout 1500 "$gpucheck" grade "$work/subs" --lesson "$lesson" --slurm --gpus-per-task 0 --time 20:00 \
  --timeout 20 --out "$work/slurm-out"
code=$?
[ "$code" = 0 ] || fail "gpucheck grade --slurm exited $code, expected 0"
csv=$work/slurm-out/summary.csv
grep -q -- "--array=0,1,2" "$work/slurm-out/.slurm/grade.sbatch" || fail "the job script does not ask for an array of 3"
grep -q -- "--gpus-per-task" "$work/slurm-out/.slurm/grade.sbatch" && fail "--gpus-per-task 0 still asks for a GPU"
for student in "${!expected[@]}"; do
  row=$(grep -E "^$student,[a-z-]+,[0-9]+,[0-9]+,[0-9]+,[0-9.]+,(yes|no|UNAVAILABLE|-)$" "$csv" \
    2>/dev/null)
  got=$(cut -d, -f3 <<<"$row")
  echo "$student: ${row:-MISSING}"
  [ "$got" = "${expected[$student]}" ] || fail "$student: exit '${got}', expected ${expected[$student]}"
  [ -s "$work/slurm-out/$student.json" ] && [ -s "$work/slurm-out/$student.txt" ] ||
    fail "no report for $student"
done
[ "$(($(wc -l <"$csv") - 1))" = 3 ] || fail "the CSV has $(($(wc -l <"$csv") - 1)) rows, expected 3"

# The same folder graded by the local batch: the same rows but for the seconds (each task in a
# sandbox as the local batch's, where one can start: the same sandbox column). It grades in the
# Slurm batch's shared tree (--tree), whose course side is built already: configuring and building
# a second tree would double this test's time and test nothing more.
"$gpucheck" grade "$work/subs" --lesson "$lesson" --timeout 20 --out "$work/local-out" \
  --tree "$work/slurm-out/.slurm/tree" >/dev/null ||
  fail "the local batch failed"
if ! diff <(cut -d, -f1-5,7 "$work/local-out/summary.csv") <(cut -d, -f1-5,7 "$csv"); then
  fail "the Slurm batch and the local batch disagree (diff above)"
fi

# Re-run: with every result there, nothing is submitted; with one result gone, only that one is.
again=$(timeout 600 "$gpucheck" grade "$work/subs" --lesson "$lesson" --slurm --gpus-per-task 0 \
  --timeout 20 --out "$work/slurm-out" 2>&1) || fail "the re-run exited $?"
grep -q "nothing submitted" <<<"$again" || fail "a re-run with every result submitted again: $again"
rm "$work/slurm-out/.slurm/results/$broken.row"
again=$(timeout 900 "$gpucheck" grade "$work/subs" --lesson "$lesson" --slurm --gpus-per-task 0 \
  --timeout 20 --out "$work/slurm-out" 2>&1) || fail "the resubmission exited $?"
grep -q "Submitting 1 of 3" <<<"$again" || fail "the resubmission did not submit $broken alone: $again"
grep -q -- "--array=$broken_task$" "$work/slurm-out/.slurm/grade.sbatch" ||
  fail "the resubmitted array is not $broken's task ($broken_task)"
grep -qE "^$broken,[a-z-]+,3," "$csv" || fail "$broken's row is missing after the resubmission"

[ "$status" = 0 ] && echo "Slurm batch: 3 of 3 graded, the same verdicts as the local batch; a re-run resubmits only what has no result"
exit $status
