#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/test-gpu.sh BUILD_DIR [LESSONS]: make test-gpu. The full GPU tests (label gpu-full; with
# LESSONS, those lessons' and the shared ones) in two phases: first every test that needs a quiet
# GPU, one at a time and alone; then the tests under load (label gpu-loaded: the classes under
# load, the rows beside the noisy neighbour), GPUCHECK_LOADED_JOBS at a time (3 by default; 1 runs
# them one after another), beside one gpu_load they share (checker/tests/gpu/beside_one_load.sh).
# Each phase leaves its JUnit file (BUILD_DIR/test-gpu-results.xml, test-gpu-loaded-results.xml);
# then where the time went (tools/suite_times.py). Exits 1 when a test of either phase failed.
set -u
build=${1:?usage: tools/test-gpu.sh BUILD_DIR [LESSONS]}
lessons=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
labels='.*'
if [ -n "$lessons" ]; then
  labels='^(gpu-shared'
  for n in $lessons; do labels="$labels|lesson-$(printf %02d "$((10#$n))")"; done
  labels="$labels)$"
fi
quiet=$build/test-gpu-results.xml
loaded=$build/test-gpu-loaded-results.xml
rm -f "$quiet" "$loaded"
echo "=== The tests on a quiet GPU, one at a time"
(cd "$build" && GPUCHECK_SETUP_LESSONS="$lessons" ctest --output-on-failure -L gpu-full \
  -L "$labels" -LE gpu-loaded --output-junit "$quiet")
status=$?
echo "=== The tests under load, ${GPUCHECK_LOADED_JOBS:-3} at a time, beside one load"
# Their setup tests (the builds) passed in the first phase, or its tests failed for it already.
(cd "$build" && GPUCHECK_SETUP_LESSONS="$lessons" "$here/../checker/tests/gpu/beside_one_load.sh" \
  "$build/bin/gpu_load" ctest --output-on-failure -L gpu-loaded -L "$labels" \
  -j "${GPUCHECK_LOADED_JOBS:-3}" -FS '^gpu-(programs|grading-trees)$' --output-junit "$loaded")
loaded_status=$?
[ "$loaded_status" = 0 ] || status=1
junit=(--junit "$quiet")
[ -f "$loaded" ] && junit+=(--junit "$loaded")
python3 "$here/suite_times.py" --build "$build" "${junit[@]}" --top 10 || true
exit $status
