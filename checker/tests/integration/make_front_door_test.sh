#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make_front_door_test.sh SOURCE_DIR BUILD_DIR: the Makefile as a student meets it without a GPU.
# `make run LESSON=0` says that the GPU is missing, fails, and make adds no "make: *** ... Error"
# line after gpucheck's own verdict; gpucheck's status (77) is kept in BUILD_DIR/last-exit-status.
set -u
source_dir=$1
build_dir=$2
fail() { echo "FAILED: $*"; exit 1; }
command -v make >/dev/null || { echo "make is not installed: skipped"; exit 77; }

rm -f "$build_dir/last-exit-status"
out=$(CUDA_VISIBLE_DEVICES= make --no-print-directory -C "$source_dir" BUILD="$build_dir" run LESSON=0 2>&1)
code=$?
printf '%s\n' "$out"
[ "$code" != 0 ] || fail "make run without a GPU succeeded"
printf '%s' "$out" | grep -q "Built, not run: lesson 00-setup's program needs an NVIDIA GPU" ||
  fail "make run does not say that the GPU is missing"
printf '%s' "$out" | grep -q "make: \*\*\*" && fail "make added its own error line after the verdict"
[ "$(cat "$build_dir/last-exit-status" 2>/dev/null)" = 77 ] ||
  fail "gpucheck's status is not 77 in $build_dir/last-exit-status"
echo "make run without a GPU: said so, failed quietly (make exit $code), gpucheck status 77"
