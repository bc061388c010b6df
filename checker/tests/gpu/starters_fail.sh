#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every lesson's starter builds, runs, and fails its checks (exit 1) with a message that says what
# to do (a "fix" line), never a crash.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
status=0
for lesson in $("$gpucheck" list | cut -f1); do
  output=$(NO_COLOR=1 "$gpucheck" check "$lesson" --starter 2>&1) # as committed
  code=$?
  if [ "$code" = 1 ] && grep -q "fix  " <<<"$output"; then
    echo "ok    $lesson: the starter fails with a message"
  else
    echo "FAIL  $lesson: exit $code"
    echo "$output"
    status=1
  fi
done
exit $status
