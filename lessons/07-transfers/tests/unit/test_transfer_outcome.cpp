// SPDX-License-Identifier: MIT
// Lesson 07's speed and number checks told from their numbers (judgement/transfer_outcome.hpp):
// the section and the call shown follow the verdict; a number slip is named and certain; wrong
// bytes say whether they were right once the GPU had finished.
#include "judgement/transfer_outcome.hpp"

#include "checkapi/say.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/07-transfers/lesson.md";
constexpr double bytes = 256.0 * 1024 * 1024; // each way
constexpr double trip_bytes = 2 * bytes;

double ms_at(double gbps) {
  return bytes / (gbps * 1e9) * 1e3;
}

round_trip_times times_for(double student_ms) {
  round_trip_times t;
  t.bytes_each_way = bytes;
  t.student_ms = student_ms;
  t.pinned_serial_ms = 3 * ms_at(55);
  t.pageable_serial_ms = 2 * ms_at(6.7) + ms_at(55);
  t.peak = {55, 55};
  return t;
}

// A call that returned `reported_gbps` for a round trip the checker timed at `truth_ms`.
round_trip_call call_of(double reported_gbps, double truth_ms) {
  round_trip_call trip;
  trip.call.reported_ms = reported_gbps > 0 ? trip_bytes / (reported_gbps * 1e9) * 1e3 : 0.0;
  trip.call.call_ms = truth_ms + 0.1;
  trip.call.begin_ns = 1'000'000;
  trip.call.end_ns = 2'000'000;
  trip.truth_ms = truth_ms;
  trip.truth_gbps = trip_bytes / (truth_ms * 1e-3) / 1e9;
  return trip;
}

} // namespace

TEST_CASE("a reported bandwidth is read back from its milliseconds") {
  CHECK(reported_gbps(call_of(40.0, 15.0).call, trip_bytes) == doctest::Approx(40.0));
  CHECK(reported_gbps(call_of(0.0, 15.0).call, trip_bytes) == 0.0);
}

TEST_CASE("the speed check passes an overlapped round trip and shows the call of a serial one") {
  const std::vector<round_trip_call> calls{call_of(50.0, 21.0)};
  const round_trip_times fast = times_for(1.2 * ms_at(55));
  CHECK(speed_outcome(fast, judge_speed(fast), host_memory::pinned, calls, lesson).passed);

  const round_trip_times serial = times_for(3 * ms_at(55));
  const check_outcome slow =
      speed_outcome(serial, judge_speed(serial), host_memory::pinned, calls, lesson);
  CHECK_FALSE(slow.passed);
  CHECK(slow.noise_could_explain);        // on a loaded machine, the trace decides
  CHECK(slow.call.begin_ns == 1'000'000); // no overlap at all: the trace reads its call
  CHECK(slow.lesson_section == lesson + "#chunks-on-several-streams");

  const round_trip_times pageable = times_for(2 * ms_at(6.7) + ms_at(55));
  const check_outcome staged =
      speed_outcome(pageable, judge_speed(pageable), host_memory::unknown, calls, lesson);
  CHECK(staged.assumes == "pageable-copies");
  CHECK(staged.lesson_section == lesson + "#pageable-and-pinned-memory");
  const check_outcome managed =
      speed_outcome(serial, judge_speed(serial), host_memory::managed, calls, lesson);
  CHECK(managed.assumes.empty());
  CHECK(managed.lesson_section == lesson + "#pageable-and-pinned-memory");
}

TEST_CASE("the number check allows one miss of three, and names a slip for certain") {
  CHECK(number_outcome({call_of(40.0, 13.4), call_of(40.0, 13.4), call_of(20.0, 13.4)}, trip_bytes,
                       lesson)
            .passed);

  const check_outcome gib = number_outcome(
      {call_of(40.0 / 1.073741824, 13.4), call_of(40.0 / 1.073741824, 13.4)}, trip_bytes, lesson);
  CHECK_FALSE(gib.passed);
  CHECK_FALSE(gib.slip.empty());
  CHECK_FALSE(gib.noise_could_explain);

  const double truth_ms = trip_bytes / 40e9 * 1e3;
  const check_outcome a_little_high =
      number_outcome({call_of(48.0, truth_ms), call_of(48.0, truth_ms)}, trip_bytes, lesson);
  CHECK_FALSE(a_little_high.passed);
  CHECK(a_little_high.noise_could_explain); // a neighbour delays the checker's events alone
  const check_outcome far_high =
      number_outcome({call_of(90.0, truth_ms), call_of(90.0, truth_ms)}, trip_bytes, lesson);
  CHECK_FALSE(far_high.noise_could_explain);
}

TEST_CASE("wrong bytes say whether they were right once the GPU had finished") {
  const check_outcome right = bytes_outcome(-1, -1, lesson);
  CHECK(right.passed);
  CHECK(right.message.empty());

  const check_outcome not_waited = bytes_outcome(4099, -1, lesson);
  CHECK_FALSE(not_waited.passed);
  CHECK(not_waited.states_what_was_seen);
  CHECK(not_waited.message == say("check.l07.bytes.not-waited.message", {{"index", "4099"}}));
  CHECK(not_waited.hint == say("check.l07.bytes.not-waited.hint"));

  // Still wrong at the end: named at the word read then, with the chunks' hint.
  const check_outcome never_right = bytes_outcome(4099, 8198, lesson);
  CHECK_FALSE(never_right.passed);
  CHECK(never_right.states_what_was_seen);
  CHECK(never_right.message == say("check.l07.bytes.message", {{"index", "8198"}}));
  CHECK(never_right.hint == say("check.l07.bytes.hint"));
  CHECK(never_right.measured == say("check.l07.bytes.wrong", {{"index", "4099"}}));
}
