#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# grading_tree_lock_test.sh GPUCHECK CLASS_A LESSON_A CLASS_B LESSON_B: two batches of `gpucheck
# grade --build-only`, of two lessons, started at once in one grading tree (as the GPU tests'
# classes under load are): one batch at a time configures and builds in it (cli/grade_command.cpp,
# TREE/gpucheck-grading.lock). A `cmake` on PATH that takes a second logs when each of its runs
# starts and ends: no run may start while another runs, and the batch that waited says so.
set -u
gpucheck=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAILED: $*"
  exit 1
}
export CUDA_VISIBLE_DEVICES= NO_COLOR=1 GPUCHECK_LANG=en
mkdir "$work/bin"
cat >"$work/bin/cmake" <<'CMAKE'
#!/bin/sh
echo "start $PPID" >>"$CMAKE_LOG"
sleep 1
echo "end $PPID" >>"$CMAKE_LOG"
CMAKE
chmod +x "$work/bin/cmake"
export CMAKE_LOG=$work/cmake.log PATH="$work/bin:$PATH"
"$gpucheck" grade "$2" --lesson "$3" --out "$work/a" --tree "$work/tree" --build-only \
  >"$work/a.txt" 2>&1 &
first=$!
"$gpucheck" grade "$4" --lesson "$5" --out "$work/b" --tree "$work/tree" --build-only \
  >"$work/b.txt" 2>&1
second=$?
wait "$first"
[ $? = 0 ] && [ "$second" = 0 ] ||
  fail "a batch failed: $(cat "$work/a.txt" "$work/b.txt")"
# Each batch configures and builds (at least 2 runs of cmake each), each run ended before the next
# began.
runs=$(grep -c '^start' "$work/cmake.log")
[ "$runs" -ge 4 ] || fail "$runs runs of cmake, not 2 a batch at least: $(cat "$work/cmake.log")"
awk '$1 == "start" { if (running) bad = 1; running = $2 }
     $1 == "end" { if (running != $2) bad = 1; running = "" }
     END { exit bad }' "$work/cmake.log" ||
  fail "two batches built in the tree at once: $(cat "$work/cmake.log")"
cat "$work/a.txt" "$work/b.txt" | grep -q "Waiting for another batch that is building in the grading tree" ||
  fail "neither batch said it waited: $(cat "$work/a.txt" "$work/b.txt")"
echo "two batches, one tree: $runs runs of cmake, one at a time"
