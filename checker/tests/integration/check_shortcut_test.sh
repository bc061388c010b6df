#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_shortcut_test.sh GPUCHECK BUILD_DIR LESSON_DIR: `gpucheck check` of fixture lesson 95 (in
# LESSON_DIR) after an edit to its exercise alone is built by CMake's own commands without CMake
# (core/check_build_shortcut.hpp): with a `cmake` on PATH that fails, the check still gives its
# verdict, and make then has nothing left to do. After an edit to any other file of the lesson,
# the same failing `cmake` is called: the shortcut is not taken.
set -u
gpucheck=$1
build=$2
lesson=$3
target=fixture.95-nan-results.check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAILED: $*"
  exit 1
}
export CUDA_VISIBLE_DEVICES= GPUCHECK_STATE_FILE=$work/state.json NO_COLOR=1
mkdir "$work/bin"
printf '#!/bin/sh\necho "cmake was called: $*"\nexit 2\n' >"$work/bin/cmake"
chmod +x "$work/bin/cmake"

# A build through CMake leaves the stamp.
"$gpucheck" check 95 --fixtures >"$work/first.txt" 2>&1
[ $? = 1 ] || fail "the first check did not exit 1: $(cat "$work/first.txt")"
[ -f "$build/gpucheck/$target.built" ] || fail "no stamp after a build through CMake"

# The exercise edited: no CMake, the same verdict, the program relinked.
touch "$lesson/exercise.cu"
PATH="$work/bin:$PATH" "$gpucheck" check 95 --fixtures >"$work/second.txt" 2>&1
code=$?
if grep -q "cmake was called" "$work/second.txt"; then
  # Which input was newer than the stamp (another test running beside this one may write one).
  root=$(cd "$lesson/../../../../.." && pwd)
  newer=$(find "$lesson" "$root/checker" "$root/lessons/common" "$root/cmake" "$root/CMakeLists.txt" \
    "$build/CMakeCache.txt" -type f -newer "$build/gpucheck/$target.built" -not -name '.*' \
    -not -path "$lesson/exercise.cu" 2>/dev/null | head -5)
  fail "CMake was called for an edit to the exercise; inputs newer than the stamp: ${newer:-none}"
fi
[ $code = 1 ] || fail "the second check did not exit 1: $(cat "$work/second.txt")"
grep -q "NaN at index 3" "$work/second.txt" || fail "the verdict changed: $(cat "$work/second.txt")"
[ "$build/bin/fixture/95-nan-results/check" -nt "$lesson/exercise.cu" ] ||
  fail "the check program was not linked again"
left=$(cmake --build "$build" --target "$target" 2>&1) || fail "make failed after the shortcut: $left"
grep -E "Building|Linking" <<<"$left" && fail "make had work left after the shortcut"

# Another file of the lesson edited: the shortcut is not taken.
touch "$lesson/exercise.h"
PATH="$work/bin:$PATH" "$gpucheck" check 95 --fixtures >"$work/third.txt" 2>&1
grep -q "cmake was called" "$work/third.txt" ||
  fail "an edit to exercise.h did not go through CMake: $(cat "$work/third.txt")"
"$gpucheck" check 95 --fixtures >/dev/null 2>&1 # built again, for the tests after this one
echo "an edit to the exercise alone: built without CMake, same verdict, nothing left for make;" \
  "an edit to exercise.h: through CMake"
