// SPDX-License-Identifier: MIT
/// @file quiet_listener.hpp
/// @brief A doctest listener that hears everything and does nothing: a listener derives from it
/// and overrides only the events it needs (test_case_counter.hpp; the unit tests' main()).
#pragma once

#include <doctest/doctest.h>

namespace gpucheck {

struct quiet_listener : doctest::IReporter {
  explicit quiet_listener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {} // a subcase: the same case
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

} // namespace gpucheck
