// SPDX-License-Identifier: MIT
/// @file fusion_judgement.hpp
/// @brief Judging lesson 09's fusion: the bytes two elementwise kernels and their fused version
/// move, the fused version's speed against the unfused pair and against the device's measured
/// copy bandwidth, and a reported bandwidth against the checker's truth. Plain C++: check.cu runs
/// the work on the GPU and hands the numbers here; the unit tests hand simulated ones.
///
/// Bandwidth is in GB/s, 1e9 bytes a second, as in checkapi/bandwidth.hpp, whose
/// find_bandwidth_slip() this judgement reuses.
#pragma once

#include "checkapi/bandwidth.hpp"
#include "checkapi/slip_analysis.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace gpucheck {

/// [bytes] What the unfused pair asks of memory for `items` items of `item_bytes` each: the first
/// kernel reads x and writes t, the second reads t and writes y (four passes over a buffer).
std::uint64_t pair_bytes(std::uint64_t items, std::uint64_t item_bytes);

/// [bytes] What the fused kernel asks of memory: it reads x and writes y (two passes).
std::uint64_t fused_bytes(std::uint64_t items, std::uint64_t item_bytes);

/// What a wrong byte count shows, against the exact count.
enum class byte_count_slip {
  none,
  reads_only,      ///< half the count: the reads counted, the writes not (or the reverse); for
                   ///< the pair, the same as the fused kernel's count
  items_not_bytes, ///< the count / item_bytes: items counted, not bytes
  pair_for_fused,  ///< the fused kernel given the pair's count: t still counted
  other,           ///< wrong, and none of the above
};

/// The slip `reported` shows against `exact` (a count for `items` items of `item_bytes`), for
/// the fused kernel when `fused`, for the pair otherwise.
byte_count_slip find_byte_count_slip(std::uint64_t reported, std::uint64_t items,
                                     std::uint64_t item_bytes, bool fused);

/// The bars the fused version is held to, set from the H200's recorded run of main.cu
/// (lessons/09-fusion/results/main.txt): a device copy of 1 GiB at 4223 GB/s; the given pair and
/// a plain fused kernel (one item a thread) at 2662-2667 GB/s, 63% of it, and 60-65% from 16 MiB
/// up; the fused kernel's time 0.50 of the pair's from 64 MiB up.
struct fusion_bar {
  /// The fused kernel's time is at most this share of the unfused pair's. The bytes predict 0.5;
  /// a "fused" kernel whose intermediate still goes to memory and back predicts 1.0.
  double most_fused_over_pair = 0.75;
  /// The fused kernel's achieved bandwidth (its exact bytes over the checker's time of it) is at
  /// least this share of the device's measured copy bandwidth. 0.5 for a student: the plain
  /// kernel's 63% passes with room for a slower GPU moment, a kernel a fifth slower than it still
  /// passes; the reference is held to reference_share_of_copy.
  double least_share_of_copy = 0.50;
};

/// The reference's bar (issue 23): at least 80% of the measured copy bandwidth.
constexpr double reference_share_of_copy = 0.80;

/// The checker's own times of the student's fused kernel and of the unfused pair, on the same
/// stream, the same buffers, and the device's copy bandwidth, all from its own events.
struct fusion_times {
  std::uint64_t items = 0;      ///< items in the buffers
  std::uint64_t item_bytes = 4; ///< [bytes] one item
  double pair_ms = 0;           ///< median time of the unfused pair (both kernels)
  double fused_ms = 0;          ///< median time of the student's fused version
  double copy_gbps = 0;         ///< a device-to-device copy's bytes read and written, over its time
};

/// [GB/s] The fused version's achieved bandwidth: its exact bytes over its time.
double fused_achieved_gbps(const fusion_times& times);
/// [GB/s] The pair's: its exact bytes over its time.
double pair_achieved_gbps(const fusion_times& times);
/// The fused version's achieved bandwidth as a share of the copy bandwidth (1.0: a copy's speed).
double share_of_copy(const fusion_times& times);
/// fused_ms / pair_ms; 0 when either is not positive.
double fused_over_pair(const fusion_times& times);

enum class fusion_speed_verdict {
  fast_enough,
  faster_than_memory, ///< above most_share_of_copy: the events bracketed no kernel
  no_gain,            ///< not faster than the pair by the margin the bytes predict
  below_copy_share,   ///< faster than the pair, yet far from the device's copy bandwidth
};

/// Above this share of the copy bandwidth, a kernel that reads and writes every byte cannot be:
/// the checker's events on the stream it gave did not bracket the kernel (another stream), and
/// measured a few microseconds for a run of about half a millisecond (100 times the copy's
/// speed and more). 10, not 1.5: the copy bandwidth is the fastest of five copies, and a neighbour
/// that slowed all five by half must not make a right kernel look faster than memory.
constexpr double most_share_of_copy = 10;

/// Asked in this order: faster than memory allows, the gain over the pair, then the share of the
/// copy bandwidth.
fusion_speed_verdict judge_fusion_speed(const fusion_times& times, fusion_bar bar = {});

/// Whether a busy GPU could have produced a miss. Another process's kernels share the memory and
/// the time slices, and lengthen any run; the checker alternates its runs of the pair and of the
/// fused version, so that both see the same neighbour, but a burst can still fall on one of them.
/// So every miss of the speed check may be noise but one faster than memory allows (a neighbour
/// never speeds a kernel up): it is inconclusive on a busy GPU, and the check
/// repeats a failing round once. A quiet GPU (gpucheck decides) makes it a failure.
bool noise_could_explain_fusion_speed(fusion_speed_verdict verdict);

/// How far a reported bandwidth may be from the checker's truth (the kernel's exact bytes over the
/// fastest of the checker's runs of it): 5%. Both time the same kernel
/// with events on the stream that carries it: they differ by the events' resolution (about
/// 0.5 us) and by what lies between an event and the kernel (1-3 us), against runs of about
/// 0.11 ms (the number's job, 512 MiB moved); a host clock started before the launch adds the
/// launch call (4.7 us in lesson 03's recorded burst) and a wake-up (not measured), which this
/// tolerance may or may not forgive; a first launch it does not (check.cu shows it).
/// 5% stays clear of the GiB slip (x 0.931, asked at 2% around it).
constexpr double fused_gbps_relative_tolerance = 0.05;

/// What a reported bandwidth shows: find_bandwidth_slip()'s slips (a GiB slip, half the truth:
/// bytes counted once, 1000 times: MB/s), with a tolerance of fused_gbps_relative_tolerance, and
/// twice the truth as counted_twice (the pair's bytes for the fused kernel).
enum class gbps_slip {
  none,
  in_gib_per_s,
  counted_once,  ///< half: the reads counted and not the writes (or the reverse)
  counted_twice, ///< twice: the intermediate's write and read counted too
  in_mb_per_s,
  ms_as_seconds,  ///< a thousandth: a time in milliseconds used as seconds
  own_byte_count, ///< the time is right: the student's own fused_bytes(n), which is wrong, over it
  whole_ms_time,  ///< the bytes over a time made whole milliseconds (whole_ms_time_slip())
  other,
};

gbps_slip find_gbps_slip(double reported_gbps, double truth_gbps);

/// One call of the student's bandwidth function against the checker's truth for it.
struct gbps_call {
  double reported_gbps = 0;
  double truth_gbps = 0;
  double counted_bytes = 0; ///< [bytes] the student's fused_bytes(n) of the job; 0: not asked
  double exact_bytes = 0;   ///< [bytes] what the timed kernel moves; 0: not known
};

/// Whether the call's number is its bytes over a time cut or rounded to whole milliseconds:
/// the student's own count (or the exact one) over the number is exactly a whole number of ms,
/// and the one that cutting, rounding or rounding up makes of the checker's time of the work
/// (find_whole_ms_time(), within fused_gbps_relative_tolerance). The number's check times about
/// 0.13 ms: cut to 0, a division by zero that the code turns into 1 ms, 7.7 times low, which a
/// busy GPU can also make; the exact whole millisecond it cannot.
slip_result whole_ms_time_slip(const gbps_call& call);

/// The slip one call shows. First whether a whole millisecond under the number explains it
/// (whole_ms_time_slip()); then whether the student's own byte count explains the number: a
/// fused_bytes that is wrong (items for bytes, t's write counted, ...) gives a number off by
/// counted / exact whatever the clock did, and the clock is then right when the number times
/// exact / counted is the truth (within fused_gbps_relative_tolerance). Otherwise
/// find_gbps_slip(reported, truth).
gbps_slip find_gbps_slip(const gbps_call& call);

/// The judgement of one check of reported bandwidths: one round of calls, and a second one when
/// the first failed in a way noise could explain.
struct gbps_verdict {
  bool passed = false;
  bool retry = false;           ///< run a second round and judge both (first round only)
  bool shown_in_second = false; ///< the shown call is in the second round
  std::size_t shown = 0;        ///< the call that shows the failure, in its round
  gbps_slip slip = gbps_slip::none;
  /// Only the first call of the first round missed, below the truth, and every later call was
  /// right: the first call of the process timed the kernel's first launch (no warm-up).
  bool cold_first_call = false;
  bool noise_could_explain = false;
};

/// One round: passed when every call is within the tolerance. Not noise: a number that is not
/// positive, or 1.5 times the truth or more (a stop before the kernel ended, events that bracket
/// nothing, the pair's bytes, MB/s), in two calls (or the only one), since the truth is the
/// checker's fastest run and a neighbour only slows runs; the student's own byte count in every
/// call of the round; and a time in whole milliseconds in every miss, two at least (or the only
/// call): an exact relation, which no neighbour makes. Anything else may be a neighbour's: it
/// lengthens the student's runs (a lower number, even a GiB slip or half the truth in every call),
/// or all of the checker's (a truth lower by a little, rarely by half).
gbps_verdict judge_gbps_round(const std::vector<gbps_call>& calls);

/// The whole check. `first` is the first round, whose first call is the first launch of the
/// student's kernel in the process; `second` is empty until the first verdict asks for a retry.
/// A first round that noise could explain is repeated; a second round that passes passes the
/// check, unless the first round's only miss was its first call, below the truth: that is a
/// missing warm-up, which only the first call of a process can show (noise could still explain
/// it, so it is inconclusive on a busy GPU).
gbps_verdict judge_fused_gbps(const std::vector<gbps_call>& first,
                              const std::vector<gbps_call>& second);

/// What to tell the student, in the student's language.
struct fusion_advice {
  std::string message; ///< what the numbers show
  std::string hint;    ///< what to do about it
  /// The message says only how far off the number is (a number below the truth that no slip
  /// and no launch's worth explains): the trace must give the cause, or none is determined.
  bool only_how_far_off = false;
};

/// For a wrong byte count of `which` ("unfused_bytes" or "fused_bytes").
fusion_advice advise_on_byte_count(byte_count_slip slip, const std::string& which,
                                   std::uint64_t reported, std::uint64_t exact,
                                   std::uint64_t items);

/// For a fused version that is not fast enough.
fusion_advice advise_on_fusion_speed(fusion_speed_verdict verdict, const fusion_times& times,
                                     fusion_bar bar = {});

/// A number lower than the truth by at most this much time [ms] is "off by the launch": what a
/// launch and a wake-up cost the host (5-20 us a launch on the H200), counted as the kernel's.
constexpr double launch_worth_ms = 0.05;

/// For a reported bandwidth that is not the truth (any verdict that did not pass); `bytes` is
/// what the timed kernel moved, so that a number lower than the truth by a launch's worth of time
/// is told apart.
/// `counted_bytes` is the student's fused_bytes(n) for that job, said for own_byte_count.
fusion_advice advise_on_fused_gbps(const gbps_verdict& verdict, double reported_gbps,
                                   double truth_gbps, double bytes, double counted_bytes = 0);

} // namespace gpucheck
