#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# first_build_note_test.sh GPUCHECK BUILD_DIR: the first check of a lesson says how long its first
# build takes; a later check does not say it again (issue 47). On fixture lesson 95.
set -u
gpucheck=$1
build_dir=$2
fail() { echo "FAILED: $*"; exit 1; }
rm -f "$build_dir"/bin/fixture/95-*/check
first=$(CUDA_VISIBLE_DEVICES= "$gpucheck" check 95 --fixtures 2>&1)
printf '%s\n' "$first"
printf '%s' "$first" | grep -q "the first time for this lesson: about [0-9.]* min" ||
  fail "the first check does not say how long its first build takes"
again=$(CUDA_VISIBLE_DEVICES= "$gpucheck" check 95 --fixtures 2>&1)
printf '%s\n' "$again"
# (An up-to-date check program may skip the compile line altogether: nothing to build.)
printf '%s' "$again" | grep -q "Checking lesson 95" || fail "the second check did not run"
printf '%s' "$again" | grep -q "the first time" && fail "the second check repeats the first-time note"
echo "first check: the note; second check: none"
