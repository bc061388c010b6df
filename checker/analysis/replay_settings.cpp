// SPDX-License-Identifier: MIT
#include "analysis/replay_settings.hpp"

#include <algorithm>
#include <string>

namespace gpucheck::analysis {

bool call_read_in_replay(const check_item& item, bool confirming) {
  return (!item.passed || confirming) && item.call.begin_ns != 0;
}

std::optional<test_cases_read> what_the_replay_reads(const check_report& report, bool confirming,
                                                     bool whole_run) {
  if (whole_run)
    return std::nullopt;
  test_cases_read reads;
  for (const check_item& item : report.checks) {
    if (!call_read_in_replay(item, confirming))
      continue;
    if (item.call.test_case <= 0)
      return std::nullopt; // a program built before test cases were sent: every test case
    (item.passed ? reads.passed : reads.failed).push_back(item.call.test_case);
  }
  if (reads.failed.empty() && reads.passed.empty())
    return std::nullopt;
  for (std::vector<int>* list : {&reads.failed, &reads.passed}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  // A test case with a failed call is read as failed, whatever else it holds.
  std::erase_if(reads.passed, [&](int test_case) {
    return std::binary_search(reads.failed.begin(), reads.failed.end(), test_case);
  });
  return reads;
}

std::optional<int> last_test_case_read(const check_report& report, bool confirming,
                                       bool whole_run) {
  const std::optional<test_cases_read> reads = what_the_replay_reads(report, confirming, whole_run);
  if (!reads)
    return std::nullopt;
  const int last_failed = reads->failed.empty() ? 0 : reads->failed.back();
  const int last_passed = reads->passed.empty() ? 0 : reads->passed.back();
  return std::max(last_failed, last_passed);
}

namespace {

std::string comma_list(const std::vector<int>& numbers) {
  std::string list;
  for (const int number : numbers)
    list += (list.empty() ? "" : ",") + std::to_string(number);
  return list;
}

} // namespace

check_settings replay_settings(const check_settings& verdict_run,
                               const check_settings::prebuilt_program& checked,
                               const std::string& seed,
                               const std::vector<std::pair<std::string, std::string>>& tracer,
                               std::optional<int> last_test_case,
                               const std::optional<test_cases_read>& reads) {
  check_settings replay = verdict_run;
  replay.prebuilt = checked;
  replay.environment.insert(replay.environment.end(), tracer.begin(), tracer.end());
  replay.environment.emplace_back("GPUCHECK_SEED", seed);
  // One round of trials: only a failing call's window is read (checkapi/timing_trials.hpp).
  replay.environment.emplace_back("GPUCHECK_REPLAY", "1");
  if (reads) {
    replay.environment.emplace_back("GPUCHECK_REPLAY_FAILS", comma_list(reads->failed));
    replay.environment.emplace_back("GPUCHECK_REPLAY_PASSES", comma_list(reads->passed));
  }
  if (last_test_case) {
    replay.program_arguments.push_back("--dt-last=" + std::to_string(*last_test_case));
  }
  replay.sanitize = false;
  replay.watch_gpu = false;
  replay.reporter = &quiet_reporter();
  return replay;
}

} // namespace gpucheck::analysis
