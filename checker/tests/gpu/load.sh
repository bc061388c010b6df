# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Sourced by the scripts that check beside gpu_load (gpu_load.cu): starting it, and the one load
# make test-gpu shares between its tests under load (beside_one_load.sh).
source "$(dirname "${BASH_SOURCE[0]}")/timing.sh"
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
# start_load GPU_LOAD LOG: starts gpu_load in the background (its output in LOG, its process id
# in load_pid) and waits until it is busy; when it is not, prints its output and fails. The
# caller stops it (stop_load, or its own trap).
start_load() {
  "$1" 36000 >"$2" 2>&1 &
  load_pid=$!
  wait_for_load "$load_pid" "$2" && return 0
  cat "$2"
  return 1
}
# stop_load: stops the load start_load started, if any.
stop_load() {
  [ -n "${load_pid:-}" ] || return 0
  kill "$load_pid" 2>/dev/null
  wait "$load_pid" 2>/dev/null
  load_pid=
}
# shared_load_runs: whether the load beside_one_load.sh started for the tests under load runs
# (GPUCHECK_SHARED_LOAD, its process id): a test then checks beside it, and starts none of its own.
shared_load_runs() {
  [ -n "${GPUCHECK_SHARED_LOAD:-}" ] && kill -0 "$GPUCHECK_SHARED_LOAD" 2>/dev/null
}
