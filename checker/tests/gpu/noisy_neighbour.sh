#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# noisy_neighbour.sh GPUCHECK GPU_LOAD SOURCE_DIR: while another process hammers the GPU
# (gpu_load), every lesson's correct solution gets pass or inconclusive (0 or 75), never a fail,
# and the known-wrong programs never pass: the rows of each lesson's tests/noisy_neighbour.tsv and
# of the checker's own noisy_neighbour.tsv here, each run its number of times
# (GPUCHECK_NOISY_REPEAT overrides). GPUCHECK_LESSONS="NN checker" runs only the rows of those
# parts (a lesson's number, or "checker"); by default, every row. Prints one row per program.
# How many runs (issue 44): a correct solution's verdict depends on the load (0 or 75), so its
# rows run 3 or 5 times; a starter's fixed wrong answer (allowed "1" alone) fails whatever the
# load, since no disturbance makes a number noise cannot produce excusable (timing_trials.cpp):
# 2 runs show that, and a second that the first was not luck of the moment.
set -u
source "$(dirname "$0")/have_gpu.sh"
source "$(dirname "$0")/load.sh"
gpucheck=$1
load=$2
source_dir=${3:?usage: noisy_neighbour.sh GPUCHECK GPU_LOAD SOURCE_DIR}
table=$(dirname "$0")/noisy_neighbour.tsv
# Files of its own: the tests under load may run beside each other (make test-gpu).
work=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-noisy.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Beside the load make test-gpu shares between the tests under load, else beside one of its own.
if ! shared_load_runs; then
  trap 'stop_load; rm -rf "$work"' EXIT
  start_load "$load" "$work/load.log" || { echo "noisy_neighbour.sh: gpu_load did not start"; exit 1; }
fi
status=0
printf '%-26s %5s %5s %5s %5s %5s\n' program runs pass fail inconc other
run_many() { # name repeat allowed-codes gpucheck-arguments...
  local name=$1 repeat=$2 allowed=$3
  shift 3
  local pass=0 fail=0 inconclusive=0 other=0 verdict=ok
  for ((i = 0; i < repeat; i++)); do
    NO_COLOR=1 "$gpucheck" check "$@" >"$work/check.log" 2>&1
    code=$?
    case $code in
    0) pass=$((pass + 1)) ;;
    1) fail=$((fail + 1)) ;;
    75) inconclusive=$((inconclusive + 1)) ;;
    *) other=$((other + 1)) ;;
    esac
    if ! grep -qw "$code" <<<"$allowed"; then
      verdict="WRONG (exit $code)"
      status=1
      cat "$work/check.log"
    fi
  done
  printf '%-26s %5d %5d %5d %5d %5d  %s\n' "$name" "$repeat" "$pass" "$fail" "$inconclusive" \
    "$other" "$verdict"
}
wanted() { # part: is it one of GPUCHECK_LESSONS (all where that is unset)?
  [ -z "${GPUCHECK_LESSONS:-}" ] && return 0
  local one
  for one in $GPUCHECK_LESSONS; do
    [ "$one" = "$1" ] || { [[ "$one" =~ ^[0-9]+$ && "$1" =~ ^[0-9]+$ ]] && ((10#$one == 10#$1)); } &&
      return 0
  done
  return 1
}
# Every row as the checker's table has it: part, name, runs, allowed codes, arguments. A lesson's
# table leaves out the part and the lesson's number, which are its folder's (NN-slug).
all_rows() {
  local lesson_table nn name runs allowed arguments
  for lesson_table in "$source_dir"/lessons/[0-9][0-9]-*/tests/noisy_neighbour.tsv; do
    [ -e "$lesson_table" ] || continue
    nn=$(basename "$(dirname "$(dirname "$lesson_table")")")
    nn=${nn%%-*}
    while IFS=$'\t' read -r name runs allowed arguments; do
      [[ -z "$name" || "$name" == \#* ]] && continue
      printf '%s\t%s\t%s\t%s\t%s\n' "$nn" "$nn $name" "$runs" "$allowed" "$((10#$nn)) $arguments"
    done <"$lesson_table"
  done
  cat "$table"
}
rows=0
while IFS=$'\t' read -r part name runs allowed arguments; do
  [[ -z "$part" || "$part" == \#* ]] && continue
  wanted "$part" || continue
  rows=$((rows + 1))
  # shellcheck disable=SC2086 # the arguments are words
  run_many "$name" "${GPUCHECK_NOISY_REPEAT:-$runs}" "$allowed" $arguments
done < <(all_rows)
[ "$rows" -gt 0 ] || { echo "noisy_neighbour.sh: no row of the tables is in '${GPUCHECK_LESSONS:-}'"; exit 1; }
exit $status
