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

/// How far each number may be from the checker's. The student's pages are not the checker's:
/// pinned memory on another NUMA node of a two-socket host crosses one more link, and the checker
/// measures before and after the call, not in it. 25% holds a correct student there, and is far
/// from what a mistake makes (pageable memory: 7.6 against 55.5 GB/s; a clock that does not wait:
/// many times the truth). A GiB slip lies inside it: judge_link names it where every number of
/// every trial shows it (tolerances.md).
constexpr double link_relative_tolerance = 0.25;

/// The phenomenon is the gain of both at once: the "both" number over the faster direction alone.
/// The student's gain, from their own numbers (so a slower NUMA node cancels out), is within this
/// of the checker's: a link that carries both directions at once gains 1.6-2 times, copies in turn
/// in_turn_gain (1.0 where both directions run at one speed), one copy's bytes counted half the
/// checker's gain (0.8-1.0). A mistake is named only where the student's gain is within this of
/// its relation and not of the other's.
constexpr double duplex_gain_tolerance = 0.10;

/// A link carries both directions at once where the checker's gain is at least this; only then
/// does a student's gain near in_turn_gain (or half the checker's) show a mistake.
constexpr double duplex_ratio = 1.3;

/// [ms] The time a "both" number of `bytes_each_way` stands for: what the trace compares with the
/// copies it saw; 0 when `gbps` is not positive.
double both_ms(double bytes_each_way, double gbps);

/// [1] `n`'s both-at-once number over its faster direction alone; 0 when that is not positive.
double duplex_gain(const link_numbers& n);

/// [1] The gain of copies one after the other at `n`'s speeds each way: both copies' bytes over the
/// two times added, 2 d h / (d + h), over the faster direction: 2 min(d, h) / (d + h); 0 when a
/// direction is not positive.
double in_turn_gain(const link_numbers& n);

/// Whether every number of `trial` is within link_relative_tolerance of its truth, its gain
/// within duplex_gain_tolerance of the truth's, and the words arrived.
bool link_trial_right(const link_trial& trial);

/// The check's outcome: passed when at most `allowed_misses` trials are wrong. A failure names,
/// in this order, what the numbers show: words not copied; a number that is no bandwidth; host
/// memory the runtime says is pageable or managed (`memory`, from the student's allocate_host)
/// with copies slower than the checker's pinned ones; a unit slip every number of every trial
/// shows; on a link that carries both at once, a "both" number every wrong trial shows as the
/// copies in turn, or as one copy's bytes counted, or, where it fits both or the trials differ,
/// as one of the two, the cause not determined; otherwise the numbers against the truth, with the
/// call shown to the trace. The first three and a power of 1000 are certain; GiB, the "both"
/// number and a plain miss a busy GPU may excuse. `section` is where the lesson teaches the
/// experiment.
check_outcome judge_link(const std::vector<link_trial>& trials, host_memory memory,
                         const std::string& section, int allowed_misses);

} // namespace gpucheck
