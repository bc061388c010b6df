#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make_front_door_test.sh SOURCE_DIR BUILD_DIR LESSON_FOLDER: the Makefile as a student meets it
# without a GPU. `make run LESSON=NN` (LESSON_FOLDER is NN-slug, a lesson with a main.cu) says that
# the GPU is missing and exits with gpucheck's own status, 77, and make adds no "make: *** ...
# Error" line after gpucheck's verdict; `make lint` without FILE and
# `make run` without LESSON say what is missing and exit 2 (usage), also without make's line.
set -u
source_dir=$1
build_dir=$2
folder=${3:?usage: make_front_door_test.sh SOURCE_DIR BUILD_DIR LESSON_FOLDER}
number=${folder%%-*}
fail() { echo "FAILED: $*"; exit 1; }
command -v make >/dev/null || { echo "make is not installed: skipped"; exit 77; }
front_door() { CUDA_VISIBLE_DEVICES= make --no-print-directory -C "$source_dir" BUILD="$build_dir" "$@" 2>&1; }

out=$(front_door run LESSON=$number SOLUTION=1) # the reference: a student's half-edited file may not build
code=$?
printf '%s\n' "$out"
[ "$code" = 77 ] || fail "make run without a GPU exited $code, not gpucheck's 77"
printf '%s' "$out" | grep -qF "Built, not run: lesson $folder's program needs an NVIDIA GPU" ||
  fail "make run does not say that the GPU is missing"
printf '%s' "$out" | grep -q "make: \*\*\*" && fail "make added its own error line after the verdict"

for target in lint run; do
  out=$(front_door $target)
  code=$?
  printf '%s\n' "$out"
  [ "$code" = 2 ] || fail "make $target without its argument exited $code, not 2"
  printf '%s' "$out" | grep -q "^Which .*make $target [A-Z]*=" ||
    fail "make $target without its argument does not say which argument"
  printf '%s' "$out" | grep -q "make: \*\*\*" && fail "make $target added its own error line"
done
out=$(front_door list)
code=$?
[ "$code" = 0 ] || fail "make list exited $code"
printf '%s' "$out" | grep -q "Nothing to be done" && fail "a passing target ends with make's own line"

echo "make run without a GPU: said so, exit 77, no make error line; lint and run without an argument: said so, exit 2"
