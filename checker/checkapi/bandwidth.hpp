// SPDX-License-Identifier: MIT
/// @file bandwidth.hpp
/// @brief A bandwidth from bytes and time, and the slips a reported bandwidth's number shows
/// against the checker's truth (GiB for GB, one direction of a round trip over both, MB/s for
/// GB/s). Shared by the checks that ask for a bandwidth.
///
/// Bandwidth here is in GB/s, 1e9 bytes per second (what the CUDA samples' bandwidthTest and
/// nvidia-smi's link figures use), never GiB/s. Plain C++.
#pragma once

#include "checkapi/slip_analysis.hpp"

#include <string>

namespace gpucheck {

/// [GB/s] `bytes` moved in `ms` milliseconds; 0 when ms is not positive.
double bandwidth_gbps(double bytes, double ms);

/// What a reported bandwidth's number shows, when it is not the truth.
enum class bandwidth_slip {
  none,
  round_trip_counted_once, ///< about half the truth: the bytes of one direction over both
  in_gib_per_s,            ///< the truth x 1e9 / 2^30 (0.931): bytes divided by 2^30, not 1e9
  in_mb_per_s,             ///< 1000 times the truth: bytes per millisecond read as GB/s / 1e3
  ms_as_seconds,           ///< 1000 times below the truth: a time in milliseconds used as seconds
  whole_ms_time,           ///< the bytes over a time made whole milliseconds (find_whole_ms_time)
  other,                   ///< wrong, and none of the above
};

/// How far a reported bandwidth may be from the checker's truth. Both time the same copies with
/// events that bracket every stream's work: they differ by the events' own resolution (about 1 us)
/// and by what lies between a student's event and the checker's (a launch, a few us), against work
/// of several milliseconds. 3% is far above both, and below the GiB slip (6.9%), so that the slip
/// is told apart from a right answer.
constexpr double bandwidth_relative_tolerance = 0.03;

/// The slip's id, as slip_analysis.hpp names them ("gib-for-gb", "times-1000", "over-1000";
/// "whole-units" for a whole-millisecond time, whose find_whole_ms_time() kind may say more;
/// "round-trip-counted-once"); "" for none and other.
std::string bandwidth_slip_id(bandwidth_slip slip);

/// The slip `reported_gbps` shows against `truth_gbps`; none when it is within the tolerance. The
/// units and GiB are slip_analysis.hpp's relations, with this tolerance.
bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps);

/// A bandwidth whose time was cut or rounded to whole milliseconds before the division: the bytes
/// the student divided (`divided_bytes`) over the number give back exactly a whole number of ms,
/// the one that cutting, rounding or rounding up makes of the work's time (`moved_bytes` over the
/// truth) within `relative` (find_whole_time_slip()). A time a few milliseconds long cut to whole
/// ones is off by less than a third: a busy GPU can do that, the exact whole millisecond it
/// cannot.
slip_result find_whole_ms_time(double reported_gbps, double divided_bytes, double truth_gbps,
                               double moved_bytes, double relative = bandwidth_relative_tolerance);

/// find_bandwidth_slip(), after whole_ms_time for a number whose `bytes` (divided and moved) are
/// known.
bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps, double bytes);

/// The words for a whole_ms_time slip, with the times under the two numbers.
slip_words describe_whole_ms_time(double reported_gbps, double divided_bytes, double truth_gbps,
                                  double moved_bytes);

} // namespace gpucheck
