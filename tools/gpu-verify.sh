#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# GPU verification in device calls that each end within 10 minutes, logs under $OUT:
#   tools/gpu-verify.sh tests    configure, build everything, run the GPU tests except the corpus
#                                and the class
#   tools/gpu-verify.sh class    (after tests, on the same machine) every class graded alone and
#                                under load, and the lint corpus GPUCHECK_CORPUS_REPEAT times (3)
#   tools/gpu-verify.sh grading  one call from a bare machine: build gpucheck, grade the class
#                                alone, repeat the solutions of GPUCHECK_LESSONS (02 04) 20 times,
#                                grade the class under load; reports copied under $OUT
#   tools/gpu-verify.sh corpus   the lint corpus x10, the tracer's overhead, the book's recorded
#                                outputs, and a timeline of lesson 04's starter
#   tools/gpu-verify.sh quick    one short call from a bare machine (LIMIT_S seconds, 560):
#                                builds only what these need, then the PyTorch scripts, the
#                                tracer's tests and the start-state test, make selftest, and
#                                the solutions 10 times lesson by lesson (QUICK_LESSONS's order)
#                                while time is left; logs.tgz holds their JUnit files
#   tools/gpu-verify.sh resume DEADLINE_S
#                                make test-gpu's tests one at a time (or those in $TESTS; a
#                                fixture's setup once, not before each; the tests under load
#                                last, GPUCHECK_LOADED_JOBS at a time beside one load, as make
#                                test-gpu runs them, in batches of GPUCHECK_LOADED_BATCH), starting
#                                none after DEADLINE_S seconds and stopping one that would outrun
#                                the call (CALL_LIMIT_S: the seconds of the call left when this
#                                script starts, 585 by default; it is then not marked done); the tests done are remembered in
#                                build/, so the next call on the same (warm) machine goes on where
#                                this one stopped. Builds first when build/ has not been built here.
#                                FIRST="REGEX...": the tests matching each, in that order, go
#                                first (what a change touched, where the call may be the only one).
#                                TESTS="$(cat FILE)": FILE written by tools/gpu_ledger.py todo
#                                --longest-first, the tests not yet passed on this code in any
#                                call, longest first (docs/testing.md); their order is kept.
#                                Each class's reports come back in one archive, and each test's
#                                JUnit file with the timing logs in suite-times.tgz (for
#                                tools/suite_times.py --junit ... --timings test-timings).
set -u
out=${OUT:-gpu-verify-out}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
step() { echo; echo "=== $* ($(date +%T))"; }
# configure_and_build [TARGET...]: the build tree every mode uses (all targets when none is named),
# its logs under $out; stops the script with the first errors when either step fails.
configure_and_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/configure.log" 2>&1 ||
    { tail -30 "$out/configure.log"; exit 1; }
  cmake --build build ${1:+--target "$@"} -j"$(nproc)" >"$out/build.log" 2>&1 ||
    { grep -m10 -E "error" "$out/build.log"; exit 1; }
}

case ${1:-tests} in
tests)
  step configure and build
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,utilization.gpu --format=csv
  configure_and_build
  step "GPU tests (all but the corpus)"
  (cd build && GPUCHECK_REPEAT=${GPUCHECK_REPEAT:-20} ctest -L gpu -E "corpus|class" --output-on-failure) 2>&1 | tee "$out/test-gpu.log"
  ;;
grading)
  step "build gpucheck"
  configure_and_build gpucheck gpu_load
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader
  for part in alone solutions loaded; do
    step "$part"
    case $part in
    alone) (cd build && ctest -R gpu_grade_a_class_alone -V) >"$out/class-alone.log" 2>&1 ;;
    solutions) (cd build && GPUCHECK_LESSONS=${GPUCHECK_LESSONS:-02 04} ctest -R gpu_solutions -V) >"$out/solutions.log" 2>&1 ;;
    loaded) (cd build && ctest -R gpu_grade_a_class_under_load -V) >"$out/class-loaded.log" 2>&1 ;;
    esac
    grep -E "^[0-9]+: ([a-z]+ +[a-z-]+ +[0-9]+ |[0-9]{2}-[a-z-]+ +[0-9]+ )|grade_class.sh:|Test +#" "$out"/*"$part"*.log | cut -c1-160
    # One archive per batch: the device tool brings back at most 8 files from $OUT.
    if [ "$part" != solutions ]; then
      tar czf "$out/class-$part-reports.tgz" -C build/checker/tests/gpu --exclude=.build \
        "class-$part" 2>/dev/null
    fi
  done
  ;;
class)
  step "GPU tests: a class graded alone and under load; the lint corpus"
  # The classes' no-GPU integration tests are left to CI; here only what needs the GPU.
  (cd build && GPUCHECK_CORPUS_REPEAT=${GPUCHECK_CORPUS_REPEAT:-3} ctest -R "^gpu_.*(class|corpus)" -V) 2>&1 | tee "$out/test-class.log"
  tar czf "$out/class-reports.tgz" -C build/checker/tests/gpu --exclude=.build class-alone class-loaded 2>/dev/null
  ;;
resume)
  deadline=${2:-480}
  t0=$(date +%s)
  left() { echo $((deadline - ($(date +%s) - t0))); }
  if [ ! -f build/gpu-verify-built ]; then
    step configure and build
    configure_and_build
    touch build/gpu-verify-built
  fi
  done_file=build/gpu-verify-done.txt
  touch "$done_file"
  # A CTest fixture's setup (the builds every GPU test requires) runs before each test that ctest
  # -R selects, 4 to 5 s each time once built; here it runs once a machine: a fixture whose setup
  # passed in this build tree is left out of the later tests' runs (ctest -FS).
  # Kept with a checksum of the sources: a tree sent again with other code sets them up again.
  fixtures_file=build/gpu-verify-fixtures.txt
  sources=$(find CMakeLists.txt cmake checker lessons solutions book/tools -type f -print0 |
    sort -z | xargs -0 cat | sha1sum | cut -d' ' -f1)
  [ -f "$fixtures_file.sources" ] && [ "$(cat "$fixtures_file.sources")" = "$sources" ] ||
    : >"$fixtures_file"
  echo "$sources" >"$fixtures_file.sources"
  touch "$fixtures_file"
  setups=$(cd build && ctest --show-only=json-v1 | python3 -c '
import json, sys
for test in json.load(sys.stdin).get("tests", []):
    for prop in test.get("properties", []):
        if prop["name"] == "FIXTURES_SETUP":
            for fixture in prop["value"]:
                print(test["name"], fixture)')
  tests=${TESTS:-$(cd build && ctest -N -L gpu-full | sed -n 's/^ *Test *#[0-9]*: //p')}
  # The tests under load (label gpu-loaded) run several at a time beside one load
  # (tools/test-gpu.sh): after the others, but for those FIRST names, which keep their place.
  under_load=$(cd build && ctest -N -L gpu-loaded -FS '.*' | sed -n 's/^ *Test *#[0-9]*: //p')
  is_loaded() { printf '%s\n' $under_load | grep -qxF -- "$1"; }
  first=""
  if [ -n "${FIRST:-}" ]; then
    first=$(for pattern in $FIRST; do printf '%s\n' $tests | grep -E -- "$pattern"; done | awk '!seen[$0]++')
  fi
  rest=$(printf '%s\n' $tests | grep -vxF -f <(printf '%s\n' $first ""))
  tests="$first $(for t in $rest; do is_loaded "$t" || echo "$t"; done) \
    $(for t in $rest; do is_loaded "$t" && echo "$t"; done)"
  mkdir -p build/gpu-verify-junit
  # run_tests NAME_OF_LOG TEST...: one test, or a batch of tests under load, through ctest: each
  # test's JUnit file kept in build/ across calls (tools/suite_times.py --junit reads them all as
  # one make test-gpu, with the timing logs and the labels archived below). A test may run past
  # the deadline by 90 s, never past the call's own end (CALL_LIMIT_S from this script's start,
  # 585 s by default: a device call ends at 600 s), which would lose the archives below. Marks
  # done each test that ended (passed or failed) in time; 1 when one did not.
  run_tests() {
    local log=$1 budget hard set_up regex status started
    shift
    started=$(date +%s)
    budget=$(($(left) + 90))
    hard=$((${CALL_LIMIT_S:-585} - ($(date +%s) - t0) - 15))
    [ "$hard" -lt "$budget" ] && budget=$hard
    [ "$budget" -ge 30 ] || { echo "no time left in this call for $*"; return 1; }
    set_up=$(sort -u "$fixtures_file" | paste -sd'|')
    regex="^($(printf '%s\n' "$@" | sed 's/\./\\./g' | paste -sd'|'))\$"
    if [ $# = 1 ]; then
      (cd build && timeout "$budget" ctest -R "$regex" ${set_up:+-FS "^($set_up)\$"} \
        --output-on-failure --output-junit "$PWD/gpu-verify-junit/$1.xml") >"$out/$log.log" 2>&1
    else
      # ctest stops the batch itself by then (--stop-time), and still writes its JUnit file.
      (cd build && timeout $((budget + 20)) ../checker/tests/gpu/beside_one_load.sh bin/gpu_load \
        ctest -R "$regex" ${set_up:+-FS "^($set_up)\$"} -j "${GPUCHECK_LOADED_JOBS:-3}" \
        --stop-time "$(date -d "+$budget seconds" +%T)" --output-on-failure \
        --output-junit "$PWD/gpu-verify-junit/$log.xml") >"$out/$log.log" 2>&1
    fi
    status=$?
    while read -r setup fixture; do
      [ -n "$setup" ] && grep -qE "Test +#[0-9]+: $setup \.+ +Passed" "$out/$log.log" &&
        echo "$fixture" >>"$fixtures_file"
    done <<<"$setups"
    grep -E "tests passed|grade_class.sh:" "$out/$log.log" | head -5
    local t ended=0
    for t in "$@"; do
      if grep -qE "Test +#[0-9]+: $(sed 's/\./\\./g' <<<"$t") \.+ *(\*\*\*)?(Passed|Failed|Skipped)" \
        "$out/$log.log"; then
        echo "$t" >>"$done_file"
        ended=$((ended + 1))
      fi
    done
    if [ "$status" -eq 124 ] || [ "$ended" -lt $# ]; then
      echo "$(($# - ended)) of $# test(s) did not end, after $(($(date +%s) - started)) s" \
        "of the ${budget} s allowed: not done"
      return 1
    fi
  }
  batch=()
  # run_batch: the tests under load gathered so far, at once.
  run_batch() {
    [ ${#batch[@]} -gt 0 ] || return 0
    step "under load, ${GPUCHECK_LOADED_JOBS:-3} at a time: ${batch[*]}"
    local log=gpu_loaded_batch_$(date +%s)
    run_tests "$log" "${batch[@]}"
    local code=$?
    batch=()
    return $code
  }
  stopped=no
  for t in $tests; do
    grep -qx "$t" "$done_file" && continue
    [ "$(left)" -gt 60 ] || { step "deadline: $t and later tests not started"; stopped=yes; break; }
    if is_loaded "$t"; then
      batch+=("$t")
      # At most GPUCHECK_LOADED_BATCH (6) a batch: a batch the call's end cuts short leaves all
      # of its unfinished tests to the next call.
      [ ${#batch[@]} -lt "${GPUCHECK_LOADED_BATCH:-6}" ] || run_batch || { stopped=yes; break; }
      continue
    fi
    run_batch || { stopped=yes; break; }
    step "$t"
    run_tests "$t" "$t" || { stopped=yes; break; }
  done
  [ "$stopped" = yes ] || run_batch
  # One archive: the device tool brings back at most 8 files from $OUT.
  tar czf "$out/resume-logs.tgz" -C "$out" $(cd "$out" && ls gpu_*.log 2>/dev/null) 2>/dev/null &&
    rm -f "$out"/gpu_*.log
  tar czf "$out/class-reports.tgz" -C build/checker/tests/gpu --exclude=.build class-alone \
    class-loaded 2>/dev/null
  (cd build && ctest --show-only=json-v1 >gpu-verify-tests.json &&
    tar czf "$out/suite-times.tgz" gpu-verify-junit test-timings gpu-verify-tests.json \
      gpu-verify-done.txt 2>/dev/null)
  ;;
quick)
  t0=$(date +%s)
  limit=${LIMIT_S:-560}
  left() { echo $((limit - ($(date +%s) - t0))); }
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader
  step "configure, build what the quick tests need"
  configure_and_build gpucheck gputrace test_late_loaded_library cuda_start_state_after_start \
    book-timeline
  mkdir -p build/quick
  # -FS gpu-programs: these tests need only the targets above, not the whole tree's setup.
  step "the PyTorch scripts, the tracer, the start state"
  (cd build && timeout $(($(left) - 20)) ctest -R 'tracer_|gpu_lint_pytorch_scripts|gpu_cuda_start_state' \
    -FS gpu-programs --output-on-failure --output-junit "$PWD/quick/first.xml") >"$out/first.log" 2>&1
  echo "exit $?"; grep -E "Test +#|tests passed|tests failed" "$out/first.log"
  step "make selftest"
  timeout $(($(left) - 10)) make selftest >"$out/selftest.log" 2>&1
  echo "exit $?"; grep -vE "^ *ok " "$out/selftest.log" | tail -25
  for lesson in ${QUICK_LESSONS:-01 02 03 04 05 06 07 08 09 00}; do
    [ "$(left)" -gt 45 ] || { step "no time left for the solutions of $lesson and later"; break; }
    step "the solutions of $lesson, 10 times"
    (cd build && timeout $(($(left) - 10)) ctest -R "^gpu_solutions_pass_every_time.$lesson-" \
      -FS gpu-programs --output-on-failure --output-junit "$PWD/quick/solutions-$lesson.xml") \
      >"build/quick/solutions-$lesson.log" 2>&1
    echo "exit $?"; grep -E "tests passed|^[0-9]+: [0-9]{2}-" "build/quick/solutions-$lesson.log"
  done
  tar czf "$out/logs.tgz" -C build quick test-timings 2>/dev/null
  ;;
corpus)
  step "GPU test: lint corpus"
  (cd build && ctest -R corpus --output-on-failure) 2>&1 | tee "$out/corpus.log"
  step "tracer overhead"
  tools/bench-tracer-overhead.sh 2>&1 | tee "$out/overhead.txt"
  step "lesson 04 starter with its timeline"
  NO_COLOR=1 build/bin/gpucheck check 4 --timeline "$out/check4-starter.svg" 2>&1 | tee "$out/check4-starter.txt"
  step "book outputs"
  tools/record-results.sh >"$out/record.log" 2>&1; echo "record-results exit $?"; tail -5 "$out/record.log"
  tar czf "$out/results.tgz" lessons/*/results
  ;;
esac
