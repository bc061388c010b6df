// SPDX-License-Identifier: MIT
// Lesson 04's facts beyond the timing (judgement/sync_facts.hpp): a stream wait that waited for the
// other stream too fails, excused by noise only where the call ended with its own work; a batch's
// fields swapped and an interval divided already are named, on any GPU.
#include "judgement/sync_facts.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;

namespace {

// A call of time_with_stream_sync on 2 ms of work: right, and whether it waited for the other
// stream's 60 ms, ending `after_ms` after its own work.
stream_trial stream_call(bool waited, double after_ms = 0.0) {
  stream_trial trial;
  trial.timing.reported_ms = 2.0;
  trial.timing.truth_ms = 2.0;
  trial.timing.call = {2.0, 2.0, waited ? 60.0 : 2.1};
  trial.timing.call.begin_ns = 1'000'000;
  trial.timing.call.end_ns = 2'000'000;
  trial.other.done_at_return = waited;
  trial.other.other_ms = 60.0;
  trial.other.ended_after_work_ms = after_ms;
  return trial;
}

// A batch of `runs` runs of 0.008 ms, returned as {total_ms, said_runs}.
short_work_trial batch(int runs, double total_ms, int said_runs) {
  short_work_trial trial;
  trial.timing.truth_ms = 0.008;
  trial.timing.work_runs = runs;
  trial.timing.call = {total_ms / said_runs, 0.008, 2.0};
  trial.total_ms = total_ms;
  trial.said_runs = said_runs;
  return trial;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("a stream wait that waited for the other stream fails, past the allowed misses") {
  check_outcome one;
  one.passed = true;
  fail_if_other_stream_waited(one, {stream_call(true, 40.0), stream_call(false)}, 1, "l.md#w");
  CHECK(one.passed); // one miss is allowed

  check_outcome long_after;
  long_after.passed = true;
  fail_if_other_stream_waited(long_after, {stream_call(true, 40.0), stream_call(true, 30.0)}, 1,
                              "l.md#w");
  CHECK_FALSE(long_after.passed);
  CHECK_FALSE(long_after.noise_could_explain); // it went on 30 ms and more after its work
  CHECK(long_after.states_what_was_seen);
  CHECK(long_after.lesson_section == "l.md#w");
  CHECK(long_after.call.begin_ns == 1'000'000);
  CHECK(contains(long_after.measured, "2"));

  check_outcome together;
  together.passed = true;
  fail_if_other_stream_waited(together, {stream_call(true, 1.0), stream_call(true, 40.0)}, 1, "s");
  CHECK_FALSE(together.passed);
  CHECK(together.noise_could_explain); // both ends pushed together: a paused GPU can do it
  CHECK_FALSE(together.states_what_was_seen);

  check_outcome failed; // a number already wrong keeps its own words
  failed.message = "too long";
  fail_if_other_stream_waited(failed, {stream_call(true, 40.0), stream_call(true, 30.0)}, 1, "s");
  CHECK(failed.message == "too long");
}

TEST_CASE("a batch's fields swapped, and an interval divided already, are named") {
  check_outcome swapped;
  swapped.noise_could_explain = true;
  // 1000 runs of 8 us: 8 ms in all, returned as total_ms = 1000 and runs = 8.
  name_batch_slips(swapped, {batch(1000, 1000.0, 8), batch(1000, 1000.0, 8)});
  CHECK(swapped.slip == "swapped");
  CHECK_FALSE(swapped.noise_could_explain);

  check_outcome divided;
  divided.noise_could_explain = true;
  name_batch_slips(divided, {batch(1000, 0.008, 1000), batch(1000, 0.0081, 1000)});
  CHECK(contains(divided.message, "1000"));
  CHECK_FALSE(divided.noise_could_explain);
  CHECK_FALSE(divided.says_only_how_far_off);

  check_outcome one_run;
  one_run.message = "too long";
  name_batch_slips(one_run, {batch(1000, 8.0, 1)});
  CHECK(one_run.message == "too long");
  CHECK_FALSE(one_run.hint.empty());

  check_outcome passed;
  passed.passed = true;
  name_batch_slips(passed, {batch(1000, 1000.0, 8)});
  CHECK(passed.slip.empty());
}
