// SPDX-License-Identifier: MIT
/// @file judge.hpp
/// @brief Judging a reported time against the truth, with a tolerance.
#pragma once

#include "common/durations.hpp"

#include <string>

namespace gpucheck {

/// How far a reported time may be from the truth: within `relative` of it, or within
/// `absolute_ms`, whichever is larger (small times are dominated by fixed overheads, large ones by
/// proportional noise).
struct time_tolerance {
  double relative = 0.05;
  double absolute_ms = 0.05;

  double allowed_ms(double truth_ms) const;
};

/// Where a reported time lies relative to the truth.
enum class time_verdict {
  accurate,     // within the tolerance
  too_long,     // includes something else
  too_short,    // stopped before the work finished, or bracketed something else
  not_a_number, // NaN, infinite, or negative
};

time_verdict judge_time(double reported_ms, double truth_ms, time_tolerance tolerance);

/// Whether a busy or throttled GPU could have produced this verdict. Contention makes a measured
/// time longer, never shorter than the timed kernel's own clock, and never makes it not a time.
/// `own_clock`: the truth was that kernel's own %globaltimer stamps; otherwise it was a separate
/// measurement (events around another run, other processes' cold starts), which noise moves too,
/// so a time too short against it may be noise as well (TOLERANCES.md).
bool noise_could_cause(time_verdict verdict, bool own_clock);

// format_ms ("2.134 ms", "51.0 us", "1.20 s"), for messages, is common/durations.hpp's: the one
// way a duration is written in check reports, lint findings and timelines.

} // namespace gpucheck
