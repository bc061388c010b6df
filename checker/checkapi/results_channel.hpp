// SPDX-License-Identifier: MIT
/// @file results_channel.hpp
/// @brief How a check's outcome reaches gpucheck (and the student).
#pragma once

#include "core/keyed_hash.hpp"

#include <string>

namespace gpucheck {

/// One check's outcome, in the words the student will read.
struct check_outcome {
  std::string name; ///< what was checked, as a sentence
  bool passed = false;
  std::string expected;       ///< e.g. "2.134 ms (the work alone, measured on the GPU)"
  std::string measured;       ///< e.g. "22.410 ms"
  std::string message;        ///< what happened, with the numbers (failures only)
  std::string hint;           ///< what to do about it
  std::string rule;           ///< the timing rule id this mistake is, if any ("stale-queue")
  std::string lesson_section; ///< where the lesson teaches it ("lesson.md#synchronize-first")
  /// Whether a busy or throttled GPU could have caused this failure. Contention only makes a
  /// timing longer: a timing check whose wrong times were all too long sets this true (gpucheck
  /// then says "inconclusive" on a disturbed GPU; judge_timing() decides it for timing trials).
  /// False, the default, for everything else: a wrong result, a time too short, a crash stand
  /// however noisy the GPU was.
  bool noise_could_explain = false;
  /// The call of the student's function that shows the failure (call_timed()'s window): gpucheck
  /// reads what the function did in it from the trace, and names the cause and the lines.
  /// begin_ns = 0: no call was shown.
  struct shown_call {
    long long begin_ns = 0; ///< CLOCK_MONOTONIC, just before the call
    long long end_ns = 0;   ///< just after it returned
    int tid = 0;            ///< the calling thread (gettid)
    double reported_ms = 0; ///< what the function returned; NaN: several numbers, none alone
    double truth_ms = 0;    ///< what the work really took on the GPU
    /// reported_ms is the time of one run: an interval the function timed divided by the runs it
    /// holds, or one such sample of several (a median). gpucheck then holds it to the interval
    /// over its runs, never to the interval alone (rules/returned_value.cpp).
    bool per_run = false;
    // report() sends beside these the doctest test case it was made in (begin_test_case).
  } call;
  /// The message is judge_timing()'s own "your number is ... shorter/longer than the work": how
  /// far off the number is, and no fact that the numbers prove (a unit slip, a run count, a
  /// clock() read). A lesson that words that failure against its own truth reads this, never the
  /// message (its words are in the student's language). Sent to gpucheck: where the trace shows
  /// no finding either, the cause is said to be not determined. Whoever replaces the message
  /// with a cause sets it false.
  bool says_only_how_far_off = false;
  /// The message states what the check saw the student's code do in this run, not a cause read
  /// from the numbers: the work never called or run another number of times, wrong bytes at a
  /// word, the memory kind the runtime reports, a wait or a stream the check observed. Sent to
  /// gpucheck: where the trace shows no finding, the message is shown as it is (why_from "seen"),
  /// never as "inferred from your numbers".
  bool states_what_was_seen = false;
  /// A cause that the message and hint assume and the numbers cannot show, which gpucheck holds
  /// against the trace of the shown call (analysis/assumed_cause.hpp): "pageable-copies" (the
  /// call's host copies were from pageable memory). Empty: the words assume nothing.
  std::string assumes;
  /// The slip the numbers prove exactly (slip_analysis.hpp's slip_id: "times-1000", "truncated",
  /// "swapped"...; "longer-than-call"). gpucheck keeps the message as the why over the trace's
  /// findings, a clock of CPU time excepted (analysis/lesson_diagnosis.cpp). Empty: none.
  std::string slip;
};

/// Sends the outcome to gpucheck (through the results channel that the check program's main()
/// opened, when gpucheck runs it) and prints it for a human running the check program by hand.
/// Returns whether it passed, so that a check reads CHECK(gpucheck::report(outcome)): a check
/// does not pass when the student's code read a clock of CPU time since the previous report
/// (cpu_clock_watch.hpp), whatever its numbers.
bool report(const check_outcome& outcome);

namespace detail {

/// What the check program's main() says once every check ran.
struct summary_fields {
  bool gpu_used = false;
  std::string device_name;
  std::string skip_reason;
  long noise_host_us = -1; ///< the largest timing noise measured (check_main.cpp); -1: none
  long noise_event_us = -1;
};

/// Called once, by check_main.cpp before any check runs: results go to `fd` (gpucheck's results
/// file, opened append-only), each line signed with `line_key`.
void open_results_channel(int fd, const hash_key& line_key);

/// Called by check_main.cpp as each doctest test case starts: the calls that checks show from then
/// on are sent with its place in the run (1 first), so that gpucheck's traced replay can stop after
/// the last test case it needs (analysis/replay_settings.hpp). Returns that place.
int begin_test_case();

/// Writes the summary line, signed with the summary key that only main() holds. A summary that
/// gpucheck cannot verify (or that counts a different number of checks) is no summary: the run
/// is judged as stopped before its checks finished.
void write_summary(const summary_fields& summary, const hash_key& summary_key);

} // namespace detail
} // namespace gpucheck
