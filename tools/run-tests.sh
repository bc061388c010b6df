#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/run-tests.sh BUILD_DIR JOBS: make test. Builds everything (the build's progress on one
# line, its output in BUILD_DIR/test-build.log), runs every test this machine can run (ctest, one
# per core, the GPU's quick pass where there is a GPU), then names each skipped test with its
# reason and prints the install line for every missing package. Exits with ctest's status.
set -u
build=$1
jobs=$2
here=$(cd "$(dirname "$0")" && pwd)
cmake=${CMAKE:-cmake}
# As root, first installs what the book's and the docs' tests need (as make check does for its
# own); elsewhere those tests are skipped (CTest's "Skipped", exit 77).
if [ "$(id -u)" = 0 ]; then "$here/ensure-deps.sh" book docs || true; fi
echo "Building everything the tests need (log: $build/test-build.log)..."
"$here/quiet-build.sh" "$build/test-build.log" -- "$cmake" --build "$build" -j "$jobs" || exit $?
results=$(cd "$build" && pwd)/test-results.xml
rm -f "$results"
(cd "$build" && ctest --output-on-failure -j "$jobs" -LE gpu-slow --output-junit "$results")
status=$?
if command -v python3 >/dev/null; then
  python3 "$here/test_summary.py" "$results"
  echo "Where the time went: tools/suite_times.py --build $build"
fi
if ! "$here/ensure-deps.sh" --check book docs slurm >/dev/null 2>&1; then
  echo "Some tests need packages this machine lacks (the book, the API docs, Slurm). To run them:"
  "$here/ensure-deps.sh" --check book docs slurm 2>&1 | tail -n 1
fi
exit $status
