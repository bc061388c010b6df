#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Known-wrong exercises of a lesson (fixture lessons 80 and 81, in that lesson's tests/fixtures)
# fail its checks with the right rule id.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
status=0
expect() { # expect LESSON RULE
  output=$(NO_COLOR=1 "$gpucheck" check "$1" --fixtures 2>&1)
  code=$?
  if [ "$code" = 1 ] && grep -q "rule      $2" <<<"$output"; then
    echo "ok    fixture $1: exit 1, rule $2"
  else
    echo "FAIL  fixture $1: exit $code, expected exit 1 with rule $2"
    echo "$output"
    status=1
  fi
}
expect 80 event-stream-mismatch
expect 81 unsynced-stop
exit $status
