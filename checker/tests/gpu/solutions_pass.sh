#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every lesson's reference solution passes, GPUCHECK_REPEAT times in a row (default 10): a correct
# student must never be failed by noise. Prints one row per lesson. GPUCHECK_LESSONS="NN MM" runs
# only those (to re-verify the lessons a change touched); by default, every lesson.
#
# Why 10 (issue 44; it was 20). With no failure in n runs, the 95% upper bound on the per-run
# failure rate is 1 - 0.05^(1/n), about 3/n: 20 runs bound it at 14%, 10 at 26%. No count the
# suite can afford bounds one lesson's false-fail rate at the percent a student should meet (that
# takes about 300 runs of it). What it can bound is the rate pooled over the code every lesson's
# verdict shares (the check API's trials, gpucheck's noise judgement): 10 lessons 10 times are 100
# runs, an average false-fail rate under 3%; and a lesson that fails one run in four is still
# caught (94%). Beside these, each lesson's correct code runs again beside a noisy neighbour
# (its tests/noisy_neighbour.tsv) and in its class (alone and under load), and every run of make test-gpu
# adds its runs to the evidence.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
repeat=${GPUCHECK_REPEAT:-10}
status=0
printf '%-24s %6s %6s %6s %6s\n' lesson runs pass fail other
for lesson in ${GPUCHECK_LESSONS:-$("$gpucheck" list | cut -f1)}; do
  pass=0 fail=0 other=0
  for ((i = 0; i < repeat; i++)); do
    "$gpucheck" check "$lesson" --solution >/tmp/gpucheck-solution.log 2>&1
    case $? in
    0) pass=$((pass + 1)) ;;
    1) fail=$((fail + 1)); cat /tmp/gpucheck-solution.log ;;
    *) other=$((other + 1)); cat /tmp/gpucheck-solution.log ;;
    esac
  done
  printf '%-24s %6d %6d %6d %6d\n' "$lesson" "$repeat" "$pass" "$fail" "$other"
  [ "$pass" = "$repeat" ] || status=1
done
exit $status
