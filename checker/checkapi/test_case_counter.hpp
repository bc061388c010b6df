// SPDX-License-Identifier: MIT
/// @file test_case_counter.hpp
/// @brief A doctest listener that tells the results channel when each test case starts.
///
/// The calls that checks show are sent with the place of their test case in the run (1 first:
/// results_channel.hpp, begin_test_case), so that gpucheck's traced replay can stop after the last
/// test case it reads (doctest's --dt-last=N, analysis/replay_settings.hpp). Test cases start in
/// the order doctest runs them, and the count is the one --dt-last counts: with no --dt-first,
/// every test case that passes the filters runs. Each test case also starts its own sequence of
/// draws. check_main.cpp registers it.
#pragma once

#include "checkapi/random_draw.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/timing_trials.hpp"

#include <doctest/doctest.h>

namespace gpucheck::detail {

struct test_case_counter final : doctest::IReporter {
  explicit test_case_counter(const doctest::ContextOptions&) {}
  // Each test case draws from a sequence of its own (random_draw.hpp), so that the replay, which
  // draws less in a test case it cuts short, draws the same in the next ones.
  void test_case_start(const doctest::TestCaseData&) override {
    const int ordinal = begin_test_case();
    draw_afresh_for(static_cast<std::uint64_t>(ordinal));
    note_test_case(ordinal); // what the replay reads of it (timing_trials.hpp)
  }
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {} // a subcase: the same case
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

} // namespace gpucheck::detail
