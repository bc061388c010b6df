#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cheats_caught.sh GPUCHECK: every cheating exercise (fixture lessons 7x-cheat-*) is caught, with
# its expected exit code, GPUCHECK_CHEAT_REPEAT times (default 3); none ever exits 0. Forged
# result lines are reported as ignored and the secret token never leaks.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
repeat=${GPUCHECK_CHEAT_REPEAT:-3}
status=0
expect() { # lesson expected-code [regex]
  for ((i = 0; i < repeat; i++)); do
    output=$(NO_COLOR=1 "$gpucheck" check "$1" --fixtures 2>&1)
    code=$?
    if [ "$code" = 0 ] || [ "$code" != "$2" ] || grep -q LEAKED <<<"$output" ||
      { [ -n "${3:-}" ] && ! grep -Eq "$3" <<<"$output"; }; then
      echo "FAIL  cheat $1: exit $code, expected $2${3:+ and /$3/}"
      echo "$output"
      status=1
      return
    fi
  done
  echo "ok    cheat $1: exit $2, $repeat times"
}
expect 70 1                      # prints PASS, returns a constant
expect 71 4 "exited with status 0" # exit(0) inside the function
expect 72 1 "Ignored [0-9]+ line"  # forges the results file
expect 73 1                      # a constant answer
expect 74 1                      # caches the first answer
expect 75 4                      # calls the check API itself, then exit(0)
exit $status
