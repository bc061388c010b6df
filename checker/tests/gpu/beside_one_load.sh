#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# beside_one_load.sh GPU_LOAD COMMAND...: runs COMMAND beside one gpu_load, which every test
# under load that COMMAND runs shares (GPUCHECK_SHARED_LOAD, its process id: grade_class.sh and
# noisy_neighbour.sh then start none of their own). make test-gpu runs its tests under load so,
# several at a time (tools/test-gpu.sh): each is beside the load and beside the others, which
# are load too. Exits with COMMAND's status; the load is stopped however COMMAND ends.
set -u
source "$(dirname "$0")/load.sh"
load=${1:?usage: beside_one_load.sh GPU_LOAD COMMAND...}
shift
log=$(mktemp "${TMPDIR:-/tmp}/gpucheck-shared-load.XXXXXX")
"$load" 36000 >"$log" 2>&1 &
load_pid=$!
trap 'kill "$load_pid" 2>/dev/null; wait "$load_pid" 2>/dev/null; rm -f "$log"' EXIT
wait_for_load "$load_pid" "$log" || {
  cat "$log"
  echo "beside_one_load.sh: the load program did not start" >&2
  exit 1
}
GPUCHECK_SHARED_LOAD=$load_pid "$@"
