// SPDX-License-Identifier: MIT
// Judging a reported time against the truth (judge.hpp), and the slips a number shows by itself
// (number_slip.hpp) or the count of work runs (work_runs.hpp): plain C++, tested without a GPU on
// the numbers real mistakes produce.
#include "checkapi/judge.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/work_runs.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using gpucheck::number_slip;
using gpucheck::time_verdict;

namespace {

const gpucheck::time_tolerance five_percent_or_50_us{0.05, 0.05};

// A call that took `call_ms` on the checker's clock, around work of `truth_ms`.
gpucheck::timed_call call(double reported_ms, double truth_ms, double call_ms) {
  return {reported_ms, truth_ms, call_ms};
}

} // namespace

TEST_CASE("a time is accurate within the larger of the relative and the absolute tolerance") {
  CHECK(five_percent_or_50_us.allowed_ms(10.0) == doctest::Approx(0.5));
  CHECK(five_percent_or_50_us.allowed_ms(0.2) == doctest::Approx(0.05));
  CHECK(gpucheck::judge_time(10.4, 10.0, five_percent_or_50_us) == time_verdict::accurate);
  CHECK(gpucheck::judge_time(10.6, 10.0, five_percent_or_50_us) == time_verdict::too_long);
  CHECK(gpucheck::judge_time(9.4, 10.0, five_percent_or_50_us) == time_verdict::too_short);
  CHECK(gpucheck::judge_time(0.24, 0.2, five_percent_or_50_us) == time_verdict::accurate);
  CHECK(gpucheck::judge_time(0.26, 0.2, five_percent_or_50_us) == time_verdict::too_long);
}

TEST_CASE("NaN, infinity and negative numbers are not times") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(gpucheck::judge_time(nan, 1.0, five_percent_or_50_us) == time_verdict::not_a_number);
  CHECK(gpucheck::judge_time(inf, 1.0, five_percent_or_50_us) == time_verdict::not_a_number);
  CHECK(gpucheck::judge_time(-1.0, 1.0, five_percent_or_50_us) == time_verdict::not_a_number);
}

TEST_CASE("times are written with the unit that reads best") {
  CHECK(gpucheck::format_ms(2.3781) == "2.378 ms");
  CHECK(gpucheck::format_ms(0.0) == "0.000 ms");
  CHECK(gpucheck::format_ms(0.0512) == "51.2 us");
  CHECK(gpucheck::format_ms(2378.4) == "2.38 s");
}

TEST_CASE("a number in the wrong unit is found, whichever unit it is") {
  // A reference solution's numbers: 2.378 ms of work, a call of 2.43 ms around it.
  CHECK(gpucheck::find_number_slip(call(2378.0, 2.378, 2.43), five_percent_or_50_us) ==
        number_slip::in_microseconds);
  CHECK(gpucheck::find_number_slip(call(2.378e6, 2.378, 2.43), five_percent_or_50_us) ==
        number_slip::in_nanoseconds);
  CHECK(gpucheck::find_number_slip(call(0.002378, 2.378, 2.43), five_percent_or_50_us) ==
        number_slip::in_seconds);
  SUBCASE("an accurate number shows no slip") {
    CHECK(gpucheck::find_number_slip(call(2.39, 2.378, 2.43), five_percent_or_50_us) ==
          number_slip::none);
  }
  SUBCASE("a number wrong for another reason shows none either") {
    // The clock started before the queue drained: 20 ms of earlier work included.
    CHECK(gpucheck::find_number_slip(call(22.4, 2.378, 22.5), five_percent_or_50_us) ==
          number_slip::none);
    // The clock stopped after the launch: 8 us for 2.378 ms of work (not 1000 times smaller).
    CHECK(gpucheck::find_number_slip(call(0.008, 2.378, 0.01), five_percent_or_50_us) ==
          number_slip::none);
  }
}

TEST_CASE("a number longer than the call that measured it is a slip, not noise") {
  CHECK(gpucheck::find_number_slip(call(25.0, 2.378, 22.5), five_percent_or_50_us) ==
        number_slip::longer_than_the_call);
  SUBCASE("within the clocks' own disagreement, it is not") {
    // Events read on the GPU's clock can exceed the host's reading by a hair.
    CHECK(gpucheck::find_number_slip(call(22.51, 2.378, 22.5), five_percent_or_50_us) ==
          number_slip::none);
  }
}

TEST_CASE("a whole check has a unit slip only when every call shows it") {
  SUBCASE("five calls in microseconds") {
    const auto found = gpucheck::common_number_slip(
        {call(2378.0, 2.378, 2.43), call(512.0, 0.51, 0.56), call(4800.0, 4.81, 4.9),
         call(1001.0, 1.0, 1.05), call(3333.0, 3.33, 3.4)},
        five_percent_or_50_us);
    CHECK(found.slip == number_slip::in_microseconds);
    CHECK(found.shown.reported_ms == 2378.0);
  }
  SUBCASE("one call that matches a unit by chance is no unit slip") {
    // Launch-only times (an unsynced stop) of 3 us: the 3 ms call reads like seconds, the others
    // do not, and none is longer than its call.
    const auto found = gpucheck::common_number_slip(
        {call(0.003, 1.0, 0.004), call(0.003, 3.0, 0.004), call(0.003, 4.5, 0.004)},
        five_percent_or_50_us);
    CHECK(found.slip == number_slip::none);
  }
  SUBCASE("microseconds with a method mistake: longer than the call, the first such shown") {
    const auto found = gpucheck::common_number_slip(
        {call(2.4, 2.378, 2.43), call(22400.0, 2.378, 22.5), call(23500.0, 3.5, 23.6)},
        five_percent_or_50_us);
    CHECK(found.slip == number_slip::longer_than_the_call);
    CHECK(found.shown.reported_ms == 22400.0);
  }
  SUBCASE("accurate calls show nothing") {
    const auto found = gpucheck::common_number_slip(
        {call(2.39, 2.378, 2.43), call(1.01, 1.0, 1.05)}, five_percent_or_50_us);
    CHECK(found.slip == number_slip::none);
  }
  SUBCASE("no calls, no slip") {
    CHECK(gpucheck::common_number_slip({}, five_percent_or_50_us).slip == number_slip::none);
  }
  SUBCASE("cut to whole milliseconds, a short call's 0 among them: cut, shown where it is not 0") {
    const auto found = gpucheck::common_number_slip(
        {call(0.0, 0.62, 0.7), call(2.0, 2.71, 2.8), call(3.0, 3.55, 3.6)}, five_percent_or_50_us);
    CHECK(found.slip == number_slip::relation);
    CHECK(found.relation.kind == gpucheck::slip_kind::truncated);
    CHECK(found.shown.reported_ms == 2.0);
  }
  SUBCASE("0 in every call is a function that times nothing, not a unit") {
    const auto found = gpucheck::common_number_slip({call(0.0, 0.62, 0.7), call(0.0, 0.41, 0.5)},
                                                    five_percent_or_50_us);
    CHECK(found.slip == number_slip::none);
  }
}

TEST_CASE("the advice names the slip with the student's own numbers") {
  SUBCASE("microseconds") {
    const auto advice =
        gpucheck::advise_on_slip({number_slip::in_microseconds, call(2378.4, 2.378, 2.43), {}});
    CHECK(advice.message.find("returned 2378.4") != std::string::npos);
    CHECK(advice.message.find("2.378 ms") != std::string::npos);
    CHECK(advice.message.find("microseconds") != std::string::npos);
    CHECK(advice.hint.find("std::milli") != std::string::npos);
  }
  SUBCASE("seconds") {
    const auto advice =
        gpucheck::advise_on_slip({number_slip::in_seconds, call(0.002378, 2.378, 2.43), {}});
    CHECK(advice.message.find("returned 0.002378") != std::string::npos);
    CHECK(advice.message.find("in seconds") != std::string::npos);
  }
  SUBCASE("longer than the call") {
    const auto advice =
        gpucheck::advise_on_slip({number_slip::longer_than_the_call, call(25.0, 2.378, 22.5), {}});
    CHECK(advice.message.find("only 22.500 ms passed") != std::string::npos);
    CHECK(advice.message.find("microseconds") == std::string::npos);
    CHECK_FALSE(advice.hint.empty());
  }
  SUBCASE("longer than the call, and would fit in it as microseconds") {
    // Microseconds with the queue timed along: 22.4 ms of queue and work, in microseconds.
    const auto advice = gpucheck::advise_on_slip(
        {number_slip::longer_than_the_call, call(22400.0, 2.378, 22.5), {}});
    CHECK(advice.message.find("Is it in microseconds? As milliseconds, 22.400 ms would fit") !=
          std::string::npos);
  }
  SUBCASE("no slip, no advice") {
    const auto advice = gpucheck::advise_on_slip({});
    CHECK(advice.message.empty());
    CHECK(advice.hint.empty());
  }
}

namespace {

// A failed timing check, as a lesson's check.cu fills it in before the run count is looked at.
gpucheck::check_outcome failed_with_rule() {
  gpucheck::check_outcome outcome;
  outcome.passed = false;
  outcome.message = "your number is 2.000 ms shorter than the work";
  outcome.hint = "Call cudaDeviceSynchronize()";
  outcome.rule = "unsynced-stop";
  outcome.noise_could_explain = true;
  return outcome;
}

} // namespace

TEST_CASE("a function that never ran the work is told so, on any GPU") {
  // A class's submission: events around nothing read 1.3 us, for 2.5 ms of work that never ran.
  auto outcome = failed_with_rule();
  CHECK(gpucheck::name_work_runs(outcome, {{1, 2.51, 2.5}, {0, 0.0013, 2.5}}));
  CHECK(outcome.message.find("never called work(stream)") != std::string::npos);
  CHECK(outcome.message.find("1.3 us") != std::string::npos);
  CHECK(outcome.rule.empty());
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.states_what_was_seen);
  CHECK_FALSE(outcome.passed);
}

TEST_CASE("a sum of several runs is named, a warm-up run before the timed one is not") {
  SUBCASE("three runs, their sum returned, in two calls: certain") {
    auto outcome = failed_with_rule();
    CHECK(gpucheck::name_work_runs(outcome, {{3, 6.2, 2.0}, {3, 9.1, 3.0}}));
    CHECK(outcome.message.find("called work(stream) 3 times and returned 6.200 ms") !=
          std::string::npos);
    CHECK(outcome.rule.empty());
    CHECK_FALSE(outcome.noise_could_explain);
    CHECK_FALSE(outcome.states_what_was_seen);
  }
  SUBCASE("one call's sum is named, but a busy GPU could have made it") {
    auto outcome = failed_with_rule();
    CHECK(gpucheck::name_work_runs(outcome, {{3, 6.2, 2.0}}));
    CHECK(outcome.message.find("called work(stream) 3 times") != std::string::npos);
    CHECK(outcome.noise_could_explain);
  }
  SUBCASE("a benchmark on a busy GPU: one call of six near its 49 runs' sum is chance") {
    // A class's benchmark beside a noisy neighbour: 49 runs of 51 us, 2.545 ms returned.
    auto outcome = failed_with_rule();
    CHECK_FALSE(gpucheck::name_work_runs(
        outcome, {{49, 2.545, 0.051}, {200, 3.3, 0.9}, {60, 4.1, 1.2}, {49, 0.4, 0.051}}));
    CHECK(outcome.rule == "unsynced-stop");
    CHECK(outcome.noise_could_explain);
  }
  SUBCASE("two runs, one of them returned: the number has another cause") {
    auto outcome = failed_with_rule();
    CHECK_FALSE(gpucheck::name_work_runs(outcome, {{2, 2.0, 2.0}, {2, 0.01, 2.0}}));
    CHECK(outcome.rule == "unsynced-stop");
    CHECK(outcome.noise_could_explain);
  }
  SUBCASE("every call ran the work once") {
    auto outcome = failed_with_rule();
    CHECK_FALSE(gpucheck::name_work_runs(outcome, {{1, 0.01, 2.0}, {1, 0.02, 3.0}}));
    CHECK(outcome.message == failed_with_rule().message);
  }
}

TEST_CASE("a passed check is left alone by the run count") {
  gpucheck::check_outcome outcome;
  outcome.passed = true;
  CHECK_FALSE(gpucheck::name_work_runs(outcome, {{0, 0.0, 2.0}}));
  CHECK(outcome.message.empty());
  CHECK(outcome.passed);
}

TEST_CASE("noise can lengthen a time, and shorten one only against a separate measurement") {
  for (const bool own_clock : {true, false}) {
    CHECK(gpucheck::noise_could_cause(time_verdict::accurate, own_clock));
    CHECK(gpucheck::noise_could_cause(time_verdict::too_long, own_clock));
    CHECK_FALSE(gpucheck::noise_could_cause(time_verdict::not_a_number, own_clock));
  }
  // A kernel's own %globaltimer is never shortened by contention; events around another run are.
  CHECK_FALSE(gpucheck::noise_could_cause(time_verdict::too_short, true));
  CHECK(gpucheck::noise_could_cause(time_verdict::too_short, false));
}

TEST_CASE("a number outside a window of right values is read in the unit that puts it inside") {
  // A first GEMM's cold start: 90-110 ms in fresh processes, so 36 to 275 ms is accepted.
  CHECK(gpucheck::unit_that_fits(67548.0, 36.0, 275.0) == "microseconds");
  CHECK(gpucheck::unit_that_fits(0.0675, 36.0, 275.0) == "seconds");
  CHECK(gpucheck::unit_that_fits(67548000.0, 36.0, 275.0) == "nanoseconds");
  CHECK(gpucheck::unit_that_fits(67.5, 36.0, 275.0).empty()); // right as it is
  CHECK(gpucheck::unit_that_fits(4.2, 36.0, 275.0).empty());  // a warm call: no unit helps
}

TEST_CASE("a unit slip against a window says the number as returned and what it reads as") {
  CHECK(gpucheck::unit_slip_message(67548.0, "microseconds", "a cold start") ==
        "your function returned 67548 (as milliseconds); read as microseconds, it is 67.548 ms, "
        "a cold start: the number is in microseconds, not milliseconds.");
  CHECK(gpucheck::unit_slip_message(0.0025, "seconds", "a warm GEMM") ==
        "your function returned 0.0025 (as milliseconds); read as seconds, it is 2.500 ms, "
        "a warm GEMM: the number is in seconds, not milliseconds.");
}
