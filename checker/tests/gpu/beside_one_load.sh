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
trap 'stop_load; rm -f "$log"' EXIT
start_load "$load" "$log" || { echo "beside_one_load.sh: the load program did not start" >&2; exit 1; }
# shellcheck disable=SC2154 # load_pid: set by start_load (load.sh)
GPUCHECK_SHARED_LOAD=$load_pid "$@"
