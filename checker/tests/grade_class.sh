#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# grade_class.sh MODE GPUCHECK CLASS_DIR EXPECTED_TSV OUT [GPU_LOAD]: grades a class of submissions
# with `gpucheck grade` and holds every verdict to the expected table (lessons/NN-slug/tests/
# class.tsv beside the class folder lessons/NN-slug/tests/class, or a class of its own such as
# checker/tests/fixtures/attacks; the lesson is the table's "# lesson: NN" line, else the NN of the
# lesson's folder) and every report to the sentences the table's .says file asks of it. MODE is
# the table's column:
#   no-gpu  the GPU hidden (CUDA_VISIBLE_DEVICES=""): builds judged, every program exits 77
#   alone   on a quiet GPU (skipped, exit 77, where there is none)
#   loaded  while GPU_LOAD hammers the GPU from another process
# The .says file (optional, beside the table) has lines "student<TAB>modes<TAB>text": the report of
# that student must contain text (a grep pattern) in each of the comma-separated modes ("all" is
# every mode, "gpu" is alone and loaded), unless the verdict there was inconclusive (75, allowed).
# Also: the batch completes, every student has a row and a report, no process of a submission
# outlives the batch, and no submitted file is modified. Prints one row per student.
# GPUCHECK_EXPECT_SANDBOX=yes: every submission's code must have run in a sandbox (the CSV's
# sandbox column yes, or - where nothing of it ran); GPUCHECK_GRADE_FLAGS: more arguments for gpucheck grade (--require-sandbox...).
set -u
mode=$1
gpucheck=$2
class=$3
expected=$4
out=$5
load=${6:-}
here=$(dirname "$0")
folder=$(basename "$(dirname "$(dirname "$class")")") # lessons/NN-slug/tests/class
lesson=$(sed -n 's/^# lesson: \([0-9][0-9]*\).*/\1/p' "$expected" | head -1)
[ -n "$lesson" ] || lesson=${folder%%-*}
lesson=$((10#$lesson))
says_file=${expected%.tsv}.says
case $mode in
no-gpu) column=2 ;;
alone) column=3 ;;
loaded) column=4 ;;
*)
  echo "grade_class.sh: MODE is no-gpu, alone or loaded" >&2
  exit 2
  ;;
esac
if [ "$mode" != no-gpu ]; then
  source "$here/gpu/have_gpu.sh"
fi
source "$here/gpu/load.sh"
status=0
fail() {
  echo "grade_class.sh: $*" >&2
  status=1
}

mkdir -p "$(dirname "$out")"
# Beside the load that make test-gpu shares between the tests under load (GPUCHECK_SHARED_LOAD,
# gpu/beside_one_load.sh), else beside one of its own.
if [ "$mode" = loaded ] && ! shared_load_runs; then
  trap stop_load EXIT
  start_load "$load" "$out.load.log" ||
    { echo "grade_class.sh: the load program did not start" >&2; exit 1; }
fi

rm -rf "$out"
# GPUCHECK_GRADE_TREE: a grading tree shared by the classes' tests, so that each compiles the
# checker once (gpucheck grade --tree); else one inside the results.
tree=${GPUCHECK_GRADE_TREE:-$out/.build}
before=$(cd "$class" && find . -type f -exec md5sum {} + | sort)
hide_gpu=()
[ "$mode" = no-gpu ] && hide_gpu=(env CUDA_VISIBLE_DEVICES=)
# The time limit: GPUCHECK_GRADE_TIMEOUT, else the table's "# grade timeout: N" line, else 20 s;
# half as long again beside the load make test-gpu shares, where other tests under load run beside
# this one and share the GPU's time too. On an H100 (2026-12-07), three at a time beside it, the
# longest runs that must not reach the limit took 25.6 s of a 30 s limit and 28.7 s of a 60 s one
# (47 s beside one load alone), while a submission that may reach it under load (its row allows 4)
# ran to the doubled limit, 120 s, the longest part of the batch's longest test.
table_timeout=$(sed -n 's/^# grade timeout: \([0-9][0-9]*\).*/\1/p' "$expected" | head -1)
[ -n "$table_timeout" ] && [ "$mode" = loaded ] && shared_load_runs &&
  table_timeout=$((table_timeout * 3 / 2))
# shellcheck disable=SC2086 # GPUCHECK_GRADE_FLAGS is a list of words
NO_COLOR=1 "${hide_gpu[@]}" "$gpucheck" grade "$class" --lesson "$lesson" --out "$out" \
  --timeout "${GPUCHECK_GRADE_TIMEOUT:-${table_timeout:-20}}" --tree "$tree" \
  ${GPUCHECK_GRADE_FLAGS:-}
code=$?
[ "$code" = 0 ] || fail "gpucheck grade exited $code, expected 0"
csv=$out/summary.csv
[ -f "$csv" ] || {
  fail "no $csv"
  exit 1
}

[ "$(head -1 "$csv")" = "student,verdict,exit_code,checks_passed,checks_total,seconds,sandbox" ] ||
  fail "wrong CSV header: $(head -1 "$csv")"
printf '\n%-6s %-13s %4s  %-8s %s\n' student verdict code allowed judgement
rows=0
while IFS=$'\t' read -r student no_gpu alone loaded what; do
  [[ -z "$student" || "$student" == \#* ]] && continue
  rows=$((rows + 1))
  allowed=$(printf '%s\t%s\t%s\t%s\n' "$student" "$no_gpu" "$alone" "$loaded" | cut -f"$column")
  row=$(grep -E "^$student,[a-z-]+,[0-9]+,[0-9]+,[0-9]+,[0-9.]+,(yes|no|UNAVAILABLE|-)$" "$csv")
  got_code=$(cut -d, -f3 <<<"$row")
  got_verdict=$(cut -d, -f2 <<<"$row")
  judgement=right
  if [ -z "$row" ]; then
    judgement="MISSING from the CSV"
    fail "$student has no row"
  elif ! tr , '\n' <<<"$allowed" | grep -qx "$got_code"; then
    judgement="WRONG ($what)"
    fail "$student: exit $got_code, allowed $allowed ($what)"
    sed 's/^/    /' "$out/$student.txt"
  fi
  [ -s "$out/$student.json" ] && [ -s "$out/$student.txt" ] || fail "no report for $student"
  if [ "${GPUCHECK_EXPECT_SANDBOX:-}" = yes ] && grep -qE ",(no|UNAVAILABLE)$" <<<"$row"; then
    judgement="NOT SANDBOXED"
    fail "$student did not run in a sandbox: $row"
  fi
  # A pass on a disturbed GPU stands only once the trace of a replay has confirmed its method
  # (where a check showed a call of the student's function for the trace to judge).
  if [ "$got_code" = 0 ] && ! grep -q '"noise_reasons": \[\]' "$out/$student.json" &&
    grep -q '"call_shown": true' "$out/$student.json" &&
    ! grep -qE '"passes_confirmed_by_trace": [1-9]' "$out/$student.json"; then
    judgement="UNCONFIRMED (a pass on a disturbed GPU)"
    fail "$student passed on a disturbed GPU, but no pass was confirmed by the trace"
  fi
  printf '%-6s %-13s %4s  %-8s %s\n' "$student" "$got_verdict" "$got_code" "$allowed" "$judgement"
done <"$expected"
[ "$(($(wc -l <"$csv") - 1))" = "$rows" ] || fail "the CSV has $(($(wc -l <"$csv") - 1)) students, the table $rows"

# What the reports must say, beyond the verdict.
if [ -f "$says_file" ]; then
  while IFS=$'\t' read -r student modes text; do
    [[ -z "$student" || "$student" == \#* ]] && continue
    wanted=no
    for m in ${modes//,/ }; do
      case $m in
      all) wanted=yes ;;
      gpu) [ "$mode" != no-gpu ] && wanted=yes ;;
      "$mode") wanted=yes ;;
      esac
    done
    [ "$wanted" = yes ] || continue
    # An inconclusive verdict (75, where the table allows it) tells the student to re-run, not why
    # a check failed: the words asked of the student's mistake are asked of a judged run only.
    if grep -qE "^$student,inconclusive,75," "$csv"; then
      echo "($student inconclusive in this mode: '$text' not asked of its report)"
      continue
    fi
    if ! grep -q -- "$text" "$out/$student.txt"; then
      fail "$student's report does not say '$text'; it says:"
      sed 's/^/    | /' "$out/$student.txt" >&2 # the log is often all that comes back from a GPU
    fi
  done <"$says_file"
fi

# A daemon (a class may have a submission that starts one) or anything else a submission started is
# gone once the batch has ended: its programs are under TREE/bin/slots/NN-slug (or TREE/bin/lesson/
# NN-slug, built one after another), another lesson's batch may be running beside this one.
sleep 1
programs="$tree/bin/[a-z]+/$(printf %02d "$lesson")-"
if leftovers=$(pgrep -af "$programs"); then
  fail "processes of the submissions outlived the batch: $leftovers"
  pkill -9 -f "$programs"
fi
after=$(cd "$class" && find . -type f -exec md5sum {} + | sort)
[ "$before" = "$after" ] || fail "the submissions were modified"
exit $status
