#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_gpu_phases_test.sh: tools/test-gpu.sh (make test-gpu) runs ctest twice: first the tests of
# a quiet GPU (label gpu-full but gpu-loaded), with no shared load; then the tests under load
# (gpu-loaded), three at a time, their setups not run again, while the shared gpu_load runs and is
# named to them; the load is stopped after; a failure under load is make test-gpu's failure.
# A `ctest` on PATH stands in for CTest (it logs its arguments and the load it was given, and
# writes a JUnit file), and a gpu_load that only sleeps for the load.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'pkill -f "$work/build/bin/gpu_load" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }
mkdir -p "$work/bin" "$work/build/bin"
printf '#!/bin/sh\necho "gpu_load: busy (a stand-in)"\nexec sleep "$1"\n' >"$work/build/bin/gpu_load"
cat >"$work/bin/ctest" <<'CTEST'
#!/usr/bin/env bash
load=none
[ -n "${GPUCHECK_SHARED_LOAD:-}" ] && kill -0 "$GPUCHECK_SHARED_LOAD" 2>/dev/null && load=running
echo "ctest $* | load $load" >>"$CTEST_LOG"
status=0
[[ " $* " == *" -L gpu-loaded "* ]] && status=${CTEST_LOADED_STATUS:-0}
while [ $# -gt 0 ]; do
  [ "$1" = --output-junit ] && printf '<testsuite time="1"><testcase name="gpu_x" time="1" status="run"/></testsuite>\n' >"$2"
  shift
done
exit "$status"
CTEST
chmod +x "$work/bin/ctest" "$work/build/bin/gpu_load"
export PATH="$work/bin:$PATH" CTEST_LOG=$work/ctest.log

"$here/test-gpu.sh" "$work/build" "5" >"$work/out.txt" 2>&1 || fail "exit $?: $(cat "$work/out.txt")"
cat "$work/ctest.log"
# (suite_times.py asks ctest for the tests' labels too: not a run.)
runs=$(grep -e "--output-junit" "$work/ctest.log")
[ "$(wc -l <<<"$runs")" = 2 ] || fail "not two runs of ctest"
quiet=$(sed -n 1p <<<"$runs")
loaded=$(sed -n 2p <<<"$runs")
grep -q -- "-L gpu-full -L ^(gpu-shared|lesson-05)\$ -LE gpu-loaded " <<<"$quiet" ||
  fail "the first phase is not the quiet tests of lesson 05 and the shared ones"
grep -q "| load none$" <<<"$quiet" || fail "the quiet tests ran beside a load"
grep -q -- "-L gpu-loaded -L ^(gpu-shared|lesson-05)\$ -j 3 -FS " <<<"$loaded" ||
  fail "the second phase is not the tests under load, three at a time, setups not again"
grep -q "| load running$" <<<"$loaded" || fail "the tests under load were given no running load"
sleep 0.3
pgrep -f "$work/build/bin/gpu_load" >/dev/null && fail "the shared load outlived make test-gpu"

: >"$work/ctest.log"
CTEST_LOADED_STATUS=8 "$here/test-gpu.sh" "$work/build" >"$work/out.txt" 2>&1 &&
  fail "a test under load failed, and make test-gpu exited 0"
echo "two phases, the load shared and stopped; a failure fails"
