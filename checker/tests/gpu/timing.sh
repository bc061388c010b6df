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
# wait_for_load PID LOG: until gpu_load (started with its output in LOG) says it is busy, which it
# says right before its first kernels; at most 10 s. Logged as one step, kind load-start. Fails
# when gpu_load has exited or said nothing by then. (The scripts slept 3 s instead: 63 s of the
# full suite's, with the GPU idle.)
wait_for_load() {
  local start
  start=$(timing_now)
  for _ in $(seq 100); do
    if grep -q "^gpu_load: busy" "$2" 2>/dev/null; then
      timing_line "$start" load-start "gpu_load started"
      return 0
    fi
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
