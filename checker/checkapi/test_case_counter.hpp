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

#include "checkapi/quiet_listener.hpp"
#include "checkapi/random_draw.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/timing_trials.hpp"

namespace gpucheck::detail {

struct test_case_counter final : quiet_listener {
  using quiet_listener::quiet_listener;
  // Each test case draws from a sequence of its own (random_draw.hpp), so that the replay, which
  // draws less in a test case it cuts short, draws the same in the next ones.
  void test_case_start(const doctest::TestCaseData&) override {
    const int ordinal = begin_test_case();
    draw_afresh_for(static_cast<std::uint64_t>(ordinal));
    note_test_case(ordinal); // what the replay reads of it (timing_trials.hpp)
  }
};

} // namespace gpucheck::detail
