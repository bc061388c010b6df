// SPDX-License-Identifier: MIT
// A timing trial sent back from a fresh process (checkapi/fresh_trial.hpp): what it sends is what
// the check program reads back, a number that is not finite included, and a process that failed or
// sent only part of a trial gives no trial at all.
#include "checkapi/fresh_trial.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <unistd.h>

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

TEST_CASE("a fresh process's read of a clock of CPU time counts as the parent's") {
  // What the child's main() sends (write_fresh_done) when its code read clock_gettime with
  // CLOCK_PROCESS_CPUTIME_ID, beside a value of the check's own.
  fresh_result run;
  run.ok = true;
  run.values["first_ms"] = 812.5;
  run.values[detail::fresh_cpu_clock_value] = static_cast<double>(cpu_clock::process_cputime);
  const std::uint64_t before = cpu_clock_reads();
  detail::count_fresh_cpu_clock_read(run);
  CHECK(cpu_clock_reads() == before + 1);
  CHECK(cpu_clock_read_since(before) == cpu_clock::process_cputime);
  CHECK(run.values.count(detail::fresh_cpu_clock_value) == 0); // not a value of the check's
  CHECK(run.value("first_ms") == 812.5);

  SUBCASE("no read sent: nothing counted") {
    fresh_result quiet;
    quiet.values["first_ms"] = 1.0;
    const std::uint64_t reads = cpu_clock_reads();
    detail::count_fresh_cpu_clock_read(quiet);
    CHECK(cpu_clock_reads() == reads);
  }
  SUBCASE("a value that names no clock (printed by other code) is not a read") {
    fresh_result odd;
    odd.values[detail::fresh_cpu_clock_value] = 9.0;
    const std::uint64_t reads = cpu_clock_reads();
    detail::count_fresh_cpu_clock_read(odd);
    CHECK(cpu_clock_reads() == reads);
    CHECK(odd.values.count(detail::fresh_cpu_clock_value) == 1);
  }
}

TEST_CASE("a fresh process ends its values with the clock of CPU time it read") {
  // write_fresh_done's output, caught through a pipe in place of stdout.
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  std::fflush(stdout);
  const int saved = dup(STDOUT_FILENO);
  dup2(fds[1], STDOUT_FILENO);
  detail::note_cpu_clock_read(cpu_clock::getrusage);
  detail::write_fresh_done(hash_key{1, 2});
  std::fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  close(fds[1]);
  std::string printed;
  char buffer[512];
  ssize_t count = 0;
  while ((count = read(fds[0], buffer, sizeof buffer)) > 0)
    printed.append(buffer, static_cast<std::size_t>(count));
  close(fds[0]);
  const std::string sent = std::string(detail::fresh_value_prefix) + detail::fresh_cpu_clock_value +
                           " " + std::to_string(static_cast<int>(cpu_clock::getrusage));
  const auto value_at = printed.find(sent);
  const auto done_at = printed.find(detail::fresh_done_prefix);
  REQUIRE(value_at != std::string::npos);
  REQUIRE(done_at != std::string::npos);
  CHECK(value_at < done_at); // before the line that makes it count
}

TEST_CASE("the replay's test cases stay in the parent: a child's places in the run are its own") {
  CHECK(detail::dropped_from_fresh_environment("GPUCHECK_REPLAY_FAILS=2,5"));
  CHECK(detail::dropped_from_fresh_environment("GPUCHECK_REPLAY_PASSES="));
  CHECK(detail::dropped_from_fresh_environment("LD_PRELOAD=/build/lib/libgputrace.so"));
  CHECK_FALSE(detail::dropped_from_fresh_environment("GPUCHECK_SEED=7")); // the same draws
  CHECK_FALSE(detail::dropped_from_fresh_environment("GPUCHECK_REPLAY=1"));
}
