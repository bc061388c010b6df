#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# status_test.sh GPUCHECK: `gpucheck check` records its verdict in a temporary state file and
# `gpucheck status` shows every fixture lesson with its state: not started, failing (recorded by a
# real check of 90-compile-error), built but not run (77), passed, and passed earlier but changed
# since (a record whose hash is not the file's). The student's own state is never touched.
set -u
gpucheck=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state=$work/state.json
fail() { echo "FAILED: $*"; exit 1; }

"$gpucheck" check 90 --fixtures --state-file "$state" >/dev/null
[ $? = 3 ] || fail "check 90 did not exit 3"
grep -q '"verdict": "build-failed"' "$state" || fail "the check was not recorded: $(cat "$state")"

# Records for three more lessons, written as gpucheck writes them (hash of 92's file as it is).
python3 - "$state" "$(dirname "$0")/../fixtures/lessons/92-crashes/exercise.cu" <<'PY' ||
import json, sys
state = json.load(open(sys.argv[1]))
data = open(sys.argv[2], "rb").read()
h = 14695981039346656037
for b in data:
    h = ((h ^ b) * 1099511628211) % 2**64
state["checks"]["92-crashes"] = {"verdict": "pass", "checked_at": "2025-03-01T14:03:07Z",
                                 "exercise_hash": "fnv1a64:%016x" % h}
state["checks"]["91-hangs"] = {"verdict": "no-device", "checked_at": "2025-03-01T14:03:07Z",
                               "exercise_hash": "x"}
state["checks"]["81-no-sync-before-stop"] = {"verdict": "pass",
                                             "checked_at": "2025-03-01T14:03:07Z",
                                             "exercise_hash": "fnv1a64:0000000000000000"}
json.dump(state, open(sys.argv[1], "w"))
PY
  fail "could not add records to the state file"
out=$("$gpucheck" status --fixtures --state-file "$state") || fail "status exited $?"
echo "$out"
line() { printf '%s\n' "$out" | grep -E "^  $1 " || fail "no line for lesson $1"; }
line 90 | grep -Eq "compile-error +failing \(does not build\) +20[0-9]{2}-[0-9]{2}-[0-9]{2} " ||
  fail "90 is not failing (does not build) with a date"
line 92 | grep -q "passed  " || fail "92 is not passed"
line 91 | grep -q "built, not run (no GPU)" || fail "91 is not built, not run"
line 81 | grep -q "passed earlier, changed since" || fail "81 is not changed since"
line 80 | grep -Eq "not started +-$" || fail "80 is not 'not started'"
printf '%s' "$out" | grep -q "^1 of " || fail "the count of passed lessons is wrong"
printf '%s' "$out" | grep -q "Next: make check LESSON=" || fail "no next lesson"
# Without a driver, "Next" cannot move on: status says why.
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
  printf '%s' "$out" | grep -q "This machine has no NVIDIA GPU" || fail "no word of the missing GPU"
fi

echo "{damaged" > "$state"
out=$("$gpucheck" status --fixtures --state-file "$state") || fail "status of a damaged file"
printf '%s' "$out" | grep -q "could not be read" || fail "a damaged state file is not said"
echo "status shows every state"
