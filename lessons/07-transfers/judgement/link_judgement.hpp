// SPDX-License-Identifier: MIT
/// @file link_judgement.hpp
/// @brief Judging measure_link, the student's experiment of the link's peak: three bandwidths
/// (to the device alone, to the host alone, both at once on two streams) against the checker's own
/// pinned copies of the same words between the same GPU buffers, timed with events before and
/// after the student's call.
///
/// The truth of each number is another measurement of the same copies, not the student's own
/// copies: noise moves it too, so a miss either way may be a busy GPU's, unless the numbers name a
/// fact no busy GPU makes (a unit slip, pageable or managed memory, no words copied). Plain C++:
/// check.cu runs the copies; tests/unit/test_link_judgement.cpp hands made-up numbers.
#pragma once

#include "checkapi/host_memory.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// [GB/s] The link's three speeds: what measure_link returns, or the checker's truth.
struct link_numbers {
  double to_device_gbps = 0;
  double to_host_gbps = 0;
  double both_gbps = 0; ///< both copies' bytes over the time of the two at once
};

/// One call of measure_link and what the checker measured around it.
struct link_trial {
  double bytes_each_way = 0; ///< [bytes] the words of this trial, drawn afresh
  link_numbers reported;     ///< what the call returned
  link_numbers truth;        ///< the checker's: the mean of its medians before and after the call
  bool copied = true;        ///< device_in held the content after the call
  timed_call call;           ///< the call's window, for the trace
};

/// How far each number may be from the checker's. Pinned copies of 64 MiB or more vary by about
/// 1% from one to the next on a quiet GPU; 10% leaves room for the both-at-once copies, which the
/// copy engines share less evenly (tolerances.md). A GiB slip lies inside it: judge_link names it
/// where every number of every trial shows it.
constexpr double link_relative_tolerance = 0.10;

/// A link carries both directions at once where the checker's both-at-once speed is at least
/// this many times the faster direction alone; only then does a "both" number at one direction's
/// speed show copies that did not overlap.
constexpr double duplex_ratio = 1.3;

/// Whether every number of `trial` is within link_relative_tolerance of its truth, and the words
/// arrived.
bool link_trial_right(const link_trial& trial);

/// The check's outcome: passed when at most `allowed_misses` trials are wrong. A failure names,
/// in this order, what the numbers show: words not copied; a number that is no bandwidth; host
/// memory the runtime says is pageable or managed (`memory`, from the student's allocate_host)
/// with copies slower than the checker's pinned ones; a unit slip every number of every trial
/// shows; a "both" number at one direction's speed on a link that carries both at once; otherwise
/// the numbers against the truth, with the call shown to the trace. The first three and a power
/// of 1000 are certain; GiB, one direction and a plain miss a busy GPU may excuse. `section` is
/// where the lesson teaches the experiment.
check_outcome judge_link(const std::vector<link_trial>& trials, host_memory memory,
                         const std::string& section, int allowed_misses);

} // namespace gpucheck
