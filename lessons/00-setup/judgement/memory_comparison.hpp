// SPDX-License-Identifier: MIT
/// @file memory_comparison.hpp
/// @brief Judging compare_host_memory: each kind's copy against the checker's own copies of that
/// kind, and what the two numbers show together.
///
/// Lesson 00's check.cu calls the student's compare_host_memory, which allocates pageable and
/// pinned memory itself and times one copy from each. Each number is held, as time_copy_ms's are,
/// to the checker's event timings of the same copy from its own memory of that kind
/// (copy_facts.hpp: the bytes must arrive, a unit slip is named). Beyond that, the two numbers are
/// read together: a "pinned" time that reads as the checker's pageable copy in every trial, where
/// the checker's own pinned copy was 2.5 times as fast or more, is said as such (its buffer was not
/// pinned, or the pinning was timed: the trace of the call tells which), and so are a pageable time
/// that reads as the pinned copy and the two times swapped. Plain C++, tested without a GPU
/// (tests/unit/test_memory_comparison.cpp).
#pragma once

#include "judgement/copy_facts.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of compare_host_memory: its copy from pageable memory and its copy from pinned
/// memory, each against the checker's timings of that copy from its own memory of that kind.
struct memory_trial {
  copy_trial pageable;
  copy_trial pinned;
};

/// The checker's pageable copies take at least this many times its pinned copies' time for a
/// number to be read as the other kind's: with 35% either way, 2.1 times keeps the two bands apart
/// (the recorded H200 runs: 4 to 8 times).
constexpr double distinct_kinds_ratio = 2.5;

/// The outcome of the check: passed when each kind has at most `allowed_misses` trials off its
/// truth and every copy arrived. A failure shows the first failing kind's call (pinned first, the
/// phenomenon), with its own words; where every trial's numbers show the kinds mixed up (a pinned
/// time that is the pageable truth, a pageable time that is the pinned truth, or the two swapped)
/// it says so; no busy GPU excuses a swap. `section` is where the lesson teaches the two kinds.
check_outcome judge_memory_comparison(const std::vector<memory_trial>& trials,
                                      const time_tolerance& tolerance, const std::string& section,
                                      int allowed_misses);

} // namespace gpucheck
