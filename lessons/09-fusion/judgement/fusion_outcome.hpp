// SPDX-License-Identifier: MIT
/// @file fusion_outcome.hpp
/// @brief Lesson 09's checks told from their numbers: the verdicts of fusion_judgement.hpp, said
/// with the calls' numbers, and which call the trace reads. Plain C++: check.cu runs the work on
/// the GPU and hands the numbers here; the unit tests hand made-up ones.
#pragma once

#include "checkapi/timing_trials.hpp"
#include "judgement/fusion_judgement.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gpucheck {

/// One round of the number's check: the calls of fused_gbps, and the checker's own time of the
/// job they timed.
struct number_round {
  std::vector<gbps_call> numbers; ///< each call's number against the truth
  std::vector<timed_call> calls;  ///< each call, for the trace
  double truth_ms = 0;            ///< the fastest of the checker's runs of run_fused
};

/// The number's check over one or two rounds (`second` empty where none ran), judged `verdict`;
/// `exact_bytes`: what the timed job moves.
check_outcome number_outcome(const number_round& first, const number_round& second,
                             const gbps_verdict& verdict, double exact_bytes,
                             const std::string& lesson);

/// The bytes' check from the first item of y that differs from the checker's pair (`n`: none),
/// and the first item of t no longer the poison (`n`: none), in a job of `n` items.
check_outcome bytes_outcome(std::uint64_t first_wrong_y, std::uint64_t first_written_t,
                            std::uint64_t n, const std::string& lesson);

/// A student's byte count of a job of n items (exercise.h's unfused_bytes or fused_bytes).
using byte_count = std::function<std::uint64_t(std::size_t n)>;

/// The counts' check: each function's count of each of `sizes` against the bytes read and
/// written (item_bytes a float's), the first wrong one named with its slip.
check_outcome counts_outcome(const byte_count& unfused, const byte_count& fused,
                             const std::vector<std::size_t>& sizes, const std::string& lesson);

/// The speed check for `times` judged `verdict` against `bar`; `second_round` when they are the
/// second round's.
check_outcome speed_outcome(const fusion_times& times, fusion_speed_verdict verdict, fusion_bar bar,
                            bool second_round, const std::string& lesson);

} // namespace gpucheck
