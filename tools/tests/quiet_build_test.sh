#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# quiet_build_test.sh: tools/quiet-build.sh shows a build's own progress ("[ 42%]" of Makefiles,
# "[17/230]" of Ninja) a tenth of the way at a time, keeps the whole output in its log, and on a
# failure shows the log's end and its path, exiting with the build's status (issue 47).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }

out=$("$here/quiet-build.sh" "$work/ok.log" -- sh -c \
  'echo "[  5%] one"; echo "[ 12%] two"; echo "compiler chatter"; echo "[ 55%] three"; echo "[100%] done"')
code=$?
printf '%s\n' "$out"
[ $code = 0 ] || fail "a build that succeeded gave $code"
[ "$(printf '%s\n' "$out" | tr -s ' ')" = "$(printf ' 12%% built\n 55%% built\n 100%% built')" ] ||
  fail "the progress lines are not the build's own, a tenth at a time"
grep -q "compiler chatter" "$work/ok.log" || fail "the log lacks the build's output"

out=$("$here/quiet-build.sh" "$work/ninja.log" -- sh -c 'echo "[1/4] a"; echo "[4/4] b"')
printf '%s\n' "$out" | grep -q "100% built" || fail "Ninja's [n/total] is not read"

out=$("$here/quiet-build.sh" "$work/bad.log" -- sh -c 'echo "[ 20%] x"; echo "error: it broke"; exit 7')
code=$?
printf '%s\n' "$out"
[ $code = 7 ] || fail "a failed build's status 7 became $code"
printf '%s' "$out" | grep -q "error: it broke" || fail "the failure does not show the log's end"
printf '%s' "$out" | grep -q "$work/bad.log" || fail "the failure does not name the log"
echo "progress, log and status as expected"
