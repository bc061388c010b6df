// SPDX-License-Identifier: MIT
/// @file cache_judgement.hpp
/// @brief Judging time_warm_and_cold, the student's experiment of the L2 flush: one run of a
/// memory-bound read, warm (after another run) and cold (after a flush), against the read's own
/// clock.
///
/// check.cu hands the student a read kernel and a flush kernel that stamp, on %globaltimer, the
/// first block's start and the last block's end of every run, and notes in which order the
/// student called them. A run of the read that follows another read is warm, one that follows a
/// flush is cold; the medians of their own clocks are the truths. The student's event pairs
/// enclose some of those runs, so each number is longer than its truth by no more than what a
/// pair of events around one kernel adds. The medians count the runs no event pair enclosed too
/// (a warm-up's), which a busy GPU can make longer than the timed ones (an H200 beside gpu_load:
/// warm runs 20.9 us by their median, the events around a timed one 13.4 us); so what no busy GPU
/// makes, a number shorter than its run, is judged against the shortest run of its kind. Plain C++:
/// tests/unit/test_cache_judgement.cpp hands made-up numbers.
#pragma once

#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of time_warm_and_cold and what the checker saw around it.
struct cache_trial {
  double warm_ms = 0;          ///< what the call returned
  double cold_ms = 0;          ///< what the call returned
  double truth_warm_ms = 0;    ///< the median of the warm runs by the read's own clock
  double truth_cold_ms = 0;    ///< the median of the cold runs by the read's own clock
  double shortest_warm_ms = 0; ///< the shortest warm run by the read's own clock
  double shortest_cold_ms = 0; ///< the shortest cold run by the read's own clock
  double flush_ms = 0;         ///< the median of the flushes by the flush's own clock
  int warm_runs = 0;           ///< runs of the read right after a run of the read
  int cold_runs = 0;           ///< runs of the read right after a flush
  bool off_stream = false;     ///< the read or the flush was queued on another stream than given
  timed_call call;             ///< the call's window, for the trace
};

/// How close each number must be to its truth, and the phenomenon it must show.
struct cache_tolerance {
  double below_ms = 0.002;   ///< the events enclose the run; %globaltimer ticks up to 1 us
  double above_ms = 0.020;   ///< what a pair of events around one kernel may add...
  double above_share = 0.25; ///< ...or this share of the run, whichever is larger
  /// Where the read's own clock shows the flush slowing it by at least min_gap_ms, the student's
  /// cold number exceeds their warm one by at least this share of that gap (the events' cost is
  /// the same in both and cancels).
  double gap_share = 0.5;
  double min_gap_ms = 0.002;
  int fewest_samples = 10; ///< exercise.h asks for at least 10 samples of each
};

/// Whether one call's numbers agree with the read's own clock and show the flush's effect.
bool cache_trial_right(const cache_trial& trial, const cache_tolerance& tolerance = {});

/// The check's outcome: passed when at most `allowed_misses` trials are wrong. A failure names,
/// in this order, what stands on any GPU: work queued off the stream given, too few runs after a
/// flush or after a run, a number that is no time, a number shorter than the shortest run of its
/// kind; then
/// a cold number that holds the flush, a gap between the two numbers far smaller than the read's
/// own, and otherwise the numbers against the truths. `section` is where the lesson teaches it.
check_outcome judge_cache(const std::vector<cache_trial>& trials, const std::string& section,
                          int allowed_misses, const cache_tolerance& tolerance = {});

} // namespace gpucheck
