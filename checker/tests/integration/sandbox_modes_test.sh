#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sandbox_modes_test.sh GPUCHECK ATTACKS_DIR OUT: what gpucheck grade and check do where the sandbox
# cannot start (a bwrap that fails: GPUCHECK_BWRAP=/bin/false), and what they say where it can.
#   grade --require-sandbox   grades nothing, exits 4, and says why
#   grade                     grades the class with a loud warning: every report says in words
#                             that it ran WITHOUT a sandbox, the CSV's sandbox column UNAVAILABLE
#   grade --no-sandbox --require-sandbox   a usage error (2)
#   check --require-sandbox   refuses before building (exit 4, the reason in its headline)
#   check --sandbox           (where bwrap works) the check program runs in one, and says so
# ATTACKS_DIR/correct.cu is the honest submission graded (two students). Without a GPU (hidden).
set -u
gpucheck=$1
attacks=$2
out=$3
tree=${GPUCHECK_GRADE_TREE:-$out/.build}
# The lesson correct.cu is done right for: the class table's "# lesson: NN" line.
lesson=$(sed -n 's/^# lesson: \([0-9][0-9]*\).*/\1/p' "$attacks/class.tsv" | head -1)
lesson=$((10#${lesson:?"$attacks/class.tsv names no lesson (# lesson: NN)"}))
status=0
fail() {
  echo "sandbox_modes_test.sh: $*" >&2
  status=1
}
rm -rf "$out"
mkdir -p "$out/class"
cp "$attacks/correct.cu" "$out/class/ana.cu"
cp "$attacks/correct.cu" "$out/class/bo.cu"
export CUDA_VISIBLE_DEVICES= NO_COLOR=1 GPUCHECK_STATE_FILE=$out/state.json

GPUCHECK_BWRAP=/bin/false "$gpucheck" grade "$out/class" --lesson "$lesson" --out "$out/refused" \
  --tree "$tree" --require-sandbox >"$out/refused.log" 2>&1
code=$?
cat "$out/refused.log"
[ "$code" = 4 ] || fail "grade --require-sandbox without a sandbox exited $code, expected 4"
grep -q "the sandbox cannot start here" "$out/refused.log" || fail "grade --require-sandbox did not say why"
[ ! -e "$out/refused/summary.csv" ] && [ ! -e "$out/refused/ana.txt" ] ||
  fail "grade --require-sandbox graded something"

GPUCHECK_BWRAP=/bin/false "$gpucheck" grade "$out/class" --lesson "$lesson" --out "$out/warned" \
  --tree "$tree" --timeout 40 >"$out/warned.log" 2>&1
code=$?
cat "$out/warned.log"
[ "$code" = 0 ] || fail "grade without a sandbox exited $code, expected 0 (graded, with a warning)"
grep -q "WARNING: the sandbox cannot start here" "$out/warned.log" || fail "grade did not warn"
for student in ana bo; do
  grep -q "^$student,no-device,77,.*,UNAVAILABLE$" "$out/warned/summary.csv" ||
    fail "$student's CSV row does not say UNAVAILABLE: $(grep "^$student," "$out/warned/summary.csv")"
  grep -q "WARNING: ran WITHOUT a sandbox" "$out/warned/$student.txt" ||
    fail "$student's report does not warn: $(cat "$out/warned/$student.txt")"
  grep -q '"status": "unavailable"' "$out/warned/$student.json" ||
    fail "$student's JSON report does not say unavailable"
done

"$gpucheck" grade "$out/class" --lesson "$lesson" --no-sandbox --require-sandbox >/dev/null 2>&1
code=$?
[ "$code" = 2 ] || fail "--no-sandbox with --require-sandbox exited $code, expected 2"

GPUCHECK_BWRAP=/bin/false "$gpucheck" check "$lesson" --require-sandbox >"$out/check-refused.log" 2>&1
code=$?
cat "$out/check-refused.log"
[ "$code" = 4 ] || fail "check --require-sandbox without a sandbox exited $code, expected 4"
grep -q "Not run: --require-sandbox" "$out/check-refused.log" || fail "check did not say why"
grep -q "WARNING: ran WITHOUT" "$out/check-refused.log" && fail "check warns of a run that never was"

# Where bwrap works: check --sandbox runs the reference solution's check program in one.
if "$gpucheck" check "$lesson" --solution --sandbox >"$out/check-sandboxed.log" 2>&1; then :; fi
cat "$out/check-sandboxed.log"
if grep -q "Ran in a sandbox of its own" "$out/check-sandboxed.log"; then
  grep -q "BUILT, NOT RUN" "$out/check-sandboxed.log" ||
    fail "the reference solution, sandboxed, did not build and exit 77 without a GPU"
elif ! grep -q "WARNING: ran WITHOUT a sandbox" "$out/check-sandboxed.log"; then
  fail "check --sandbox says nothing of a sandbox"
fi
exit $status
