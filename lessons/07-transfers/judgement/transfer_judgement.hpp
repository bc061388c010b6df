// SPDX-License-Identifier: MIT
/// @file transfer_judgement.hpp
/// @brief Judging lesson 07's transfers: a reported bandwidth against the checker's truth (bytes
/// over the checker's own event timing of the same work, on the stream that carried it), and the
/// speed of a pinned, chunked, overlapped round trip against the link peak the checker measured
/// itself. Plain C++: check.cu runs the work on the GPU and hands the numbers here; the unit tests
/// hand simulated ones.
///
/// Bandwidth here is in GB/s (checkapi/bandwidth.hpp).
#pragma once

#include "checkapi/bandwidth.hpp"
#include "checkapi/host_memory.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace gpucheck {

/// The words of lesson 07's job, each way: 2^26 - 5, a prime (256 MiB less 20 bytes). A chunking
/// that gives every chunk count / chunks words drops the last count % chunks words; over a job
/// of 2^26 words that slip passed unseen with 2, 4, 8 or 16 chunks. A prime is a multiple of no
/// chunk count, so the slip always leaves words out.
constexpr std::size_t round_trip_words = (std::size_t{1} << 26) - 5;

/// The bytes check reads host_out at checkapi/word_sample.hpp's sampled_words, with the last
/// 1024 words in order (a dropped remainder is fewer words than chunks, all at the end: the first
/// of them is the one shown).
constexpr std::size_t sampled_tail_words = 1024;

/// The link's peak, as the checker measured it: pinned copies of a large buffer, each direction
/// alone.
struct link_peak {
  double to_device_gbps = 0; ///< [GB/s] host to device
  double to_host_gbps = 0;   ///< [GB/s] device to host
};

/// [ms] The shortest a round trip of `bytes_each_way` can take at the link's peak: the copies of
/// the slower direction alone (the other direction and the kernel hidden under them).
double overlap_floor_ms(double bytes_each_way, link_peak peak);

/// The shares a pinned, overlapped round trip is held to. Not yet measured on the H200: chosen
/// from the recorded pinned copy rate (55 GB/s host to device) and calibrated generously, so that
/// a correct solution passes 20 of 20 on a quiet H200; to be set from the GPU runs that
/// instructor.md lists.
struct speed_bar {
  /// A correct solution's round trip reaches at least this share of the overlap floor's speed
  /// (overlap_floor_ms / its time). The kernel the checker gives lasts as long as one direction's
  /// copies, so one stream (copies, kernel, copies one after another) reaches about 1/3, and a
  /// link that moves one direction at a time about 1/2.
  double share_of_peak = 0.42;
  /// It is at least this many times as fast as the checker's own pageable, serial round trip of
  /// the same bytes and kernel, as a share of how much faster the checker's pinned serial round
  /// trip was: pinning alone buys that, overlap buys more.
  double share_of_pinning_gain = 0.8;
};

enum class speed_verdict {
  fast_enough,
  below_peak_share,         ///< under share_of_peak: no overlap, or too few or too many chunks
  not_faster_than_pageable, ///< it does not beat the pageable serial baseline by the margin
};

/// The times of one round trip, all from the checker's own events on the streams that carried
/// the work (the student's round trip: from its first copy's start to its last copy's end).
struct round_trip_times {
  double bytes_each_way = 0;     ///< [bytes]
  double student_ms = 0;         ///< the student's pinned, overlapped version
  double pinned_serial_ms = 0;   ///< the checker's: pinned copies and kernel on one stream
  double pageable_serial_ms = 0; ///< the checker's: pageable cudaMemcpy, kernel, cudaMemcpy
  link_peak peak;
};

/// The student's round trip's speed as a share of the overlap floor's (1.0: at the link's peak).
double share_of_peak(const round_trip_times& times);

/// Asked in the order pageable baseline (pageable memory shows there first), share of peak.
speed_verdict judge_speed(const round_trip_times& times, speed_bar bar = {});

/// Whether a busy GPU or link could have produced a miss: another process's copies share the
/// copy engines and the link, and lengthen any round trip. The checker's serial baseline is
/// timed before the student's calls, not in the same instants: under a neighbour that time-slices
/// the GPU, a correct chunked round trip measured no faster than it (lena, class 07, on an H100),
/// so on a loaded machine every miss may be the neighbour's. What the numbers cannot rule out,
/// the trace can: the check shows the call of a round trip no faster than the serial one
/// (shows_no_overlap), and a mistake the trace finds there makes the failure certain.
bool noise_could_explain_speed(speed_verdict verdict, bool machine_loaded);

/// A round trip no faster than the checker's pinned serial one (within 5%): on a quiet GPU it
/// overlapped nothing; on a busy one, its trace is the one to read.
bool shows_no_overlap(const round_trip_times& times);

/// What to tell the student about a wrong number or a slow round trip, in the student's language.
struct transfer_advice {
  std::string message; ///< what the numbers show
  std::string hint;    ///< what to do about it
};

/// For a reported bandwidth that is not the truth (slip other than none). `bytes`: what the round
/// trip moved, both ways (for whole_ms_time, the times under the two numbers).
transfer_advice advise_on_bandwidth(bandwidth_slip slip, double reported_gbps, double truth_gbps,
                                    double bytes = 0);

/// The kind of a job whose two buffers are of kinds `in` and `out`: managed where either is (a
/// why that names it is right for the slower half), else pageable where either is, pinned where
/// both are, unknown otherwise.
host_memory job_memory(host_memory in, host_memory out);

/// For a round trip that is not fast enough (verdict other than fast_enough). With host buffers
/// of managed memory, whatever the verdict, the why is that memory: its copies are neither the
/// pinned ones the bar is measured with nor the pageable ones "hardly faster than pageable"
/// would blame (issue 42: the managed reference was told to stop using pageable memory). With
/// both buffers pinned, "hardly faster than pageable" keeps its numbers but not the advice to pin.
transfer_advice advise_on_speed(speed_verdict verdict, const round_trip_times& times,
                                speed_bar bar = {}, host_memory memory = host_memory::unknown);

/// Whether the why of a failed `verdict` assumes pageable copies that the trace should confirm
/// (check_outcome::assumes "pageable-copies"): not where the check knows the memory is managed.
bool assumes_pageable_copies(speed_verdict verdict, host_memory memory);

} // namespace gpucheck
