// SPDX-License-Identifier: MIT
/// @file transfer_outcome.hpp
/// @brief Lesson 07's speed and number checks told from their numbers: the verdicts of
/// transfer_judgement.hpp, said with the round trips' numbers, and which call the trace reads.
/// Plain C++: check.cu runs the calls on the GPU; the unit tests hand made-up ones.
#pragma once

#include "checkapi/timing_trials.hpp"
#include "judgement/transfer_judgement.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of round_trip_gbps, timed by the checker: events on every stream before the call and
/// after its return; the work's end is the last stop to complete.
struct round_trip_call {
  timed_call call;       ///< its number as the milliseconds the bytes take at it (for the trace)
  double truth_ms = 0;   ///< the checker's time of the round trip
  double truth_gbps = 0; ///< the round trip's bytes over truth_ms
};

/// [GB/s] The number a call returned, from its milliseconds (`round_trip_bytes` both ways).
double reported_gbps(const timed_call& call, double round_trip_bytes);

/// The speed check's outcome for `times` judged `verdict`, the student's buffers being `memory`;
/// `calls` are the calls timed (the first is shown where the round trip overlapped nothing).
check_outcome speed_outcome(const round_trip_times& times, speed_verdict verdict,
                            host_memory memory, const std::vector<round_trip_call>& calls,
                            const std::string& lesson);

/// The number each call returned against the checker's truth for that call: a slip is a slip on
/// any GPU; two calls of three must show it.
check_outcome number_outcome(const std::vector<round_trip_call>& calls, double round_trip_bytes,
                             const std::string& lesson);

/// The bytes' check: `wrong_at_return`, the first sampled word of host_out that was not the
/// kernel's result when round_trip_gbps returned (-1: none), and `wrong_after_finish`, the same
/// read again once the GPU had finished. A word right by then was not waited for; one still wrong
/// was never brought back right (a chunk's offsets, or a word no chunk covers).
check_outcome bytes_outcome(long long wrong_at_return, long long wrong_after_finish,
                            const std::string& lesson);

} // namespace gpucheck
