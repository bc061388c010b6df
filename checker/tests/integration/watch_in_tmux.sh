#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# watch_in_tmux.sh GPUCHECK: `gpucheck watch` in a real terminal (tmux). It starts watching a
# lesson whose exercise does not compile (line 8), an editor saves a change (a temporary file
# renamed over exercise.cu) that moves the error to line 12, and the screen must show the new
# verdict first, alone (cleared); Ctrl-C must then stop it with exit 0 and the check recorded.
# The course is a small host-only CMake project in a temporary folder that stands in for the
# course's build tree, so that neither a GPU nor minutes of nvcc are needed; gpucheck configures
# and builds it as it does the course. Exit 77 (skipped) without tmux.
set -u
gpucheck=$1
command -v tmux >/dev/null || { echo "tmux is not installed: skipped"; exit 77; }

work=$(mktemp -d)
socket="gpucheck-watch-test-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAILED: $*"; echo "--- screen:"; tmux -L "$socket" capture-pane -p -t watch; exit 1; }

lesson=$work/src/lessons/90-compile-error
mkdir -p "$lesson"
cat > "$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(watch_fixture LANGUAGES CXX)
set(dir ${CMAKE_SOURCE_DIR}/lessons/90-compile-error)
set_source_files_properties(${dir}/exercise.cu PROPERTIES LANGUAGE CXX)
add_executable(lesson.90-compile-error.check ${dir}/exercise.cu)
target_compile_options(lesson.90-compile-error.check PRIVATE -x c++)
CMAKE
printf '// SPDX-License-Identifier: MIT\nint add(int a, int b);\n' > "$lesson/exercise.h"
cat > "$lesson/exercise.cu" <<'CODE'
// SPDX-License-Identifier: MIT
// The student's exercise: a missing semicolon (g++ names line 8).
#include "exercise.h"


int add(int a, int b) {
  int sum = 0;
  sum = a + b
  return sum;
}
CODE

wait_for() { # wait_for REGEX SECONDS: until the screen matches
  for _ in $(seq 1 $(($2 * 5))); do
    tmux -L "$socket" capture-pane -p -t watch | tr '\n' ' ' | grep -Eq -- "$1" && return 0
    sleep 0.2
  done
  return 1
}

tmux -L "$socket" new-session -d -s watch -x 160 -y 50 \
  "cd '$work' && '$gpucheck' watch 90 --source-dir src --build-dir build --state-file state.json; echo WATCH-EXIT=\$?; sleep 60"
wait_for "exercise.cu:8.*Watching" 180 || fail "the first check's verdict (exercise.cu:8) did not appear"

# An editor's save: write a temporary file, rename it over the exercise.
cat > "$lesson/.exercise.cu.tmp" <<'CODE'
// SPDX-License-Identifier: MIT
// The student's exercise: the semicolon is fixed, but line 12 uses a name that does not exist.
#include "exercise.h"

int add(int a, int b) {
  int sum = 0;
  sum = a + b;
  return sum;
}

int twice(int a) {
  return add(a, a) + undeclared_name;
}
CODE
mv "$lesson/.exercise.cu.tmp" "$lesson/exercise.cu"
wait_for "exercise.cu:12.*Watching" 120 || fail "the save was not checked again (no exercise.cu:12)"
screen=$(tmux -L "$socket" capture-pane -p -t watch)
first_line=$(printf '%s\n' "$screen" | sed -n 1p)
printf '%s' "$first_line" | grep -q "DOES NOT BUILD" || fail "the verdict is not on the first line: $first_line"
printf '%s' "$screen" | grep -q "exercise.cu:8" && fail "the screen was not cleared (the old verdict is still there)"

tmux -L "$socket" send-keys -t watch C-c
wait_for "Stopped watching lesson 90-compile-error.*WATCH-EXIT=0" 20 || fail "Ctrl-C did not stop watch with exit 0"
grep -q '"verdict": "build-failed"' "$work/state.json" || fail "the check was not recorded in the state file"
echo "--- screen:"
tmux -L "$socket" capture-pane -p -t watch
echo "watch re-checked on save, showed the verdict first on a cleared screen, and quit on Ctrl-C"
