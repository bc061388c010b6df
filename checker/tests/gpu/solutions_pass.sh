#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every lesson's reference solution passes, GPUCHECK_REPEAT times in a row (default 20): a correct
# student must never be failed by noise. Prints one row per lesson. GPUCHECK_LESSONS="02 04" runs
# only those (to re-verify the lessons a change touched); by default, every lesson.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
repeat=${GPUCHECK_REPEAT:-20}
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
