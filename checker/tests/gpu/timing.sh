# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Sourced by the GPU test scripts: their own steps in GPUCHECK_TIMING_LOG, in gpucheck's format
# (core/timing_log.hpp: START<TAB>SECONDS<TAB>KIND<TAB>WHAT). Nothing is written where it is unset.
timing_now() { date +%s.%N; }
# timing_line START KIND WHAT: one step, from START (timing_now) until now.
timing_line() {
  [ -n "${GPUCHECK_TIMING_LOG:-}" ] || return 0
  awk -v start="$1" -v now="$(timing_now)" -v kind="$2" -v what="$3" \
    'BEGIN { printf "%.3f\t%.3f\t%s\t%s\n", start, now - start, kind, what }' \
    >>"$GPUCHECK_TIMING_LOG"
}
# timed KIND WHAT COMMAND...: runs COMMAND and logs it as one step; its status.
timed() {
  local kind=$1 what=$2 start code
  shift 2
  start=$(timing_now)
  "$@"
  code=$?
  timing_line "$start" "$kind" "$what"
  return $code
}
