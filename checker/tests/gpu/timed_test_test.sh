#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# timed_test_test.sh: timed_test.sh passes its command's status through, empties the log of an
# earlier run, and logs the command's own steps (timing.sh) and then the whole test, in the format
# core/timing_log.hpp gives and tools/suite_times.py reads. Needs no GPU.
set -u
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/timings/a_test.tsv
mkdir -p "$work/timings"
echo "stale line of an earlier run" >"$log"
"$here/timed_test.sh" "$log" bash -c "source '$here/timing.sh'; timed build 'a step' sleep 0.2; exit 3"
code=$?
fail() {
  echo "timed_test_test.sh: $*"
  cat "$log"
  exit 1
}
[ "$code" = 3 ] || fail "exit $code, expected the command's 3"
grep -q stale "$log" && fail "the earlier run's log was kept"
[ "$(wc -l <"$log")" = 2 ] || fail "not two lines (the step, the test)"
grep -Eq $'^[0-9]+\\.[0-9]{3}\t0\\.[2-9][0-9]{2}\tbuild\ta step$' "$log" || fail "no step of 0.2 s"
tail -1 "$log" | grep -Eq $'^[0-9]+\\.[0-9]{3}\t[0-9]+\\.[0-9]{3}\ttest\texit 3$' ||
  fail "the last line is not the test's"
python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import suite_times
log = suite_times.read_timing_log(sys.argv[2])
assert dict(log["steps"]).keys() == {"build"} and log["seconds"] >= log["steps"]["build"], log' \
  "$here/../../../tools" "$log" || fail "tools/suite_times.py does not read it"
echo "timed_test.sh: the command's status, its steps and the test's line, as suite_times.py reads"
