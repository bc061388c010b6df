#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# reliability_verdicts.sh GPUCHECK: the verdicts that need a GPU to show. Fixture 97's kernel writes
# out of bounds: the plain check names the address error (cudaErrorIllegalAddress, or on an H200
# cudaErrorInvalidAddressSpace) and suggests SANITIZE=1 (exit 4);
# with --sanitize, memcheck's finding names the write, the kernel and exercise.cu:11. The NaN and
# exit(0) fixtures keep their verdicts on a GPU too.
set -u
source "$(dirname "$0")/have_gpu.sh"
gpucheck=$1
status=0
expect() { # description expected-code regex gpucheck-arguments...
  local what=$1 want=$2 regex=$3
  shift 3
  output=$(NO_COLOR=1 "$gpucheck" check "$@" 2>&1)
  code=$?
  if [ "$code" = "$want" ] && tr '\n' ' ' <<<"$output" | grep -Eq "$regex"; then
    echo "ok    $what"
  else
    echo "FAIL  $what: exit $code (expected $want), /$regex/"
    echo "$output"
    status=1
  fi
}
expect "illegal address is named" 4 "cudaError(IllegalAddress|InvalidAddressSpace).*SANITIZE=1" 97 --fixtures
expect "memcheck finds the write" 4 \
  "compute-sanitizer found.*Invalid __global__ write.*kernel fill.*exercise.cu:11" \
  97 --fixtures --sanitize
expect "NaN with its index" 1 "NaN at index 3" 95 --fixtures
expect "exit(0) is not a pass" 4 "exited with status 0" 96 --fixtures
expect "a correct solution has no sanitizer finding" 0 "found no problem" 4 --solution --sanitize
exit $status
