#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# timed_test.sh LOG COMMAND...: runs one GPU test's COMMAND with GPUCHECK_TIMING_LOG=LOG, so that
# every gpucheck inside it logs its build, its wait for the GPU lock and its run there
# (core/timing_log.hpp), and the scripts their own steps (timing.sh); then a last line for the
# whole test, kind "test". LOG is emptied first: it holds the latest run. Exits with COMMAND's
# status. tools/suite_times.py reads these logs (docs/testing.md).
set -u
log=$1
shift
mkdir -p "$(dirname "$log")"
: >"$log"
export GPUCHECK_TIMING_LOG=$log
source "$(dirname "$0")/timing.sh"
start=$(timing_now)
"$@"
code=$?
timing_line "$start" test "exit $code"
exit $code
