#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# grade_batch.sh GPUCHECK SUBMISSIONS OUT: grades fixture submissions of lesson 04 without a GPU
# (CUDA_VISIBLE_DEVICES="") and checks the CSV: the correct one 77, the one that does not compile
# 3, the one that hangs and the one that crashes 4; every student has a report; the batch completes;
# the submissions are not modified.
set -u
gpucheck=$1
submissions=$2
out=$3
rm -rf "$out"
before=$(cd "$submissions" && find . -type f -exec md5sum {} + | sort)
CUDA_VISIBLE_DEVICES= "$gpucheck" grade "$submissions" --lesson 4 --out "$out" --timeout 5
code=$?
status=0
fail() { echo "grade_batch.sh: $*" >&2; status=1; }
[ "$code" = 0 ] || fail "gpucheck grade exited $code, expected 0"
csv="$out/summary.csv"
[ -f "$csv" ] || { fail "no $csv"; exit 1; }
cat "$csv"
expect_row() { # student verdict code
  grep -Eq "^$1,$2,$3,[0-9]+,[0-9]+,[0-9.]+$" "$csv" || fail "no row '$1,$2,$3,...' in the CSV"
  [ -s "$out/$1.json" ] && [ -s "$out/$1.txt" ] || fail "no report for $1"
}
[ "$(head -1 "$csv")" = "student,verdict,exit_code,checks_passed,checks_total,seconds" ] ||
  fail "wrong CSV header"
[ "$(wc -l <"$csv")" = 5 ] || fail "expected 4 students in the CSV"
expect_row alice no-device 77
expect_row bob build-failed 3
expect_row carol crashed 4
expect_row dave crashed 4
grep -q "time limit" "$out/carol.txt" || fail "carol's report does not name the time limit"
grep -q "SIGSEGV" "$out/dave.txt" || fail "dave's report does not name SIGSEGV"
after=$(cd "$submissions" && find . -type f -exec md5sum {} + | sort)
[ "$before" = "$after" ] || fail "the submissions were modified"
exit $status
