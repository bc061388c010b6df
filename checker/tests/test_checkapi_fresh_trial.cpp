// SPDX-License-Identifier: MIT
// A timing trial sent back from a fresh process (checkapi/fresh_trial.hpp): what it sends is what
// the check program reads back, a number that is not finite included, and a process that failed or
// sent only part of a trial gives no trial at all.
#include "checkapi/fresh_trial.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace gpucheck;

namespace {

// What run_fresh_process() makes of a process that reported `trial` and ended well: each value as
// report_fresh_value() prints it ("%.17g") and the parent parses it.
fresh_result sent(const timing_trial& trial) {
  fresh_result run;
  run.ok = true;
  for (const auto& [name, value] : fresh_trial_values(trial)) {
    char printed[64];
    std::snprintf(printed, sizeof printed, "%.17g", value);
    run.values[name] = std::stod(printed);
  }
  return run;
}

timing_trial measured_trial() {
  timing_trial trial;
  trial.reported_ms = 61.30625;
  trial.truth_ms = 61.2875;
  trial.call.call_ms = 61.31;
  trial.work_runs = 1;
  trial.read_cpu_clock = gpucheck::cpu_clock::none;
  trial.own_clock = true;
  return trial;
}

} // namespace

TEST_CASE("a trial sent from a fresh process is read back with its numbers and counts") {
  const time_tolerance tolerance{0.02, 0.3};
  const auto read = fresh_trial(sent(measured_trial()), tolerance);
  REQUIRE(read);
  CHECK(read->reported_ms == 61.30625);
  CHECK(read->truth_ms == 61.2875);
  CHECK(read->call.reported_ms == 61.30625);
  CHECK(read->call.truth_ms == 61.2875);
  CHECK(read->call.call_ms == 61.31);
  CHECK(read->work_runs == 1);
  CHECK(read->read_cpu_clock == gpucheck::cpu_clock::none);
  CHECK(read->own_clock);
  CHECK(read->tolerance.relative == 0.02);
  CHECK(read->verdict() == time_verdict::accurate);
  SUBCASE("it names no call for the trace: the fresh process ran untraced") {
    CHECK(read->call.begin_ns == 0);
    CHECK(read->call.end_ns == 0);
  }
}

TEST_CASE("a fresh trial keeps what the numbers prove: runs, a clock() read, another truth") {
  timing_trial trial = measured_trial();
  trial.work_runs = 2;
  trial.read_cpu_clock = gpucheck::cpu_clock::getrusage;
  trial.own_clock = false;
  const auto read = fresh_trial(sent(trial), {});
  REQUIRE(read);
  CHECK(read->work_runs == 2);
  CHECK(read->read_cpu_clock == gpucheck::cpu_clock::getrusage);
  CHECK_FALSE(read->own_clock);
}

TEST_CASE("a number that is not finite comes back as not a number, and is judged so") {
  timing_trial trial = measured_trial();
  trial.reported_ms = std::numeric_limits<double>::infinity();
  const auto read = fresh_trial(sent(trial), {});
  REQUIRE(read);
  CHECK(std::isnan(read->reported_ms));
  CHECK(read->verdict() == time_verdict::not_a_number);
}

TEST_CASE("a fresh process that failed, or sent part of a trial, gives no trial") {
  SUBCASE("it did not end well") {
    fresh_result run = sent(measured_trial());
    run.ok = false;
    CHECK_FALSE(fresh_trial(run, {}));
  }
  SUBCASE("a value is missing") {
    fresh_result run = sent(measured_trial());
    run.values.erase("trial_truth_ms");
    CHECK_FALSE(fresh_trial(run, {}));
  }
  SUBCASE("it sent nothing") {
    fresh_result run;
    run.ok = true;
    CHECK_FALSE(fresh_trial(run, {}));
  }
}
