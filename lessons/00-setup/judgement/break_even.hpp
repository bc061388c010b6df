// SPDX-License-Identifier: MIT
/// @file break_even.hpp
/// @brief Judging break-even predictions: from which n the GPU job (copy x and y in, run the
/// kernel, copy y out) beats the CPU loop, on costs drawn at random.
///
/// The truth is the model of lesson.md: the CPU loop costs n * cpu_ns; the GPU job costs the fixed
/// cost + n * the time to copy 12 bytes. A wrong prediction that every draw's slipped model matches
/// (another byte count, another unit for the fixed cost, no copies) is named. Plain C++, tested
/// without a GPU (tests/unit/test_break_even.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One machine's costs, as the lesson's saxpy_costs.
struct break_even_costs {
  double cpu_ns_per_element = 0; ///< [ns]
  double gpu_fixed_ms = 0;       ///< [ms]
  double copy_gb_per_s = 0;      ///< [GB/s]
};

/// The model's break-even n; infinity where the copies alone cost more per element than the CPU.
/// `bytes_per_element` and `fixed_ns_per_ms` are parameters only so that a slip can be sought.
double model_break_even(const break_even_costs& costs, double bytes_per_element = 12,
                        double fixed_ns_per_ms = 1e6);

/// Costs like those of real machines: CPU loops of 0.3 to 2 ns per element, fixed costs of 5 to
/// 200 us, copies of 3 to 60 GB/s; eight draws, the first breaks even, the second never does.
std::vector<break_even_costs> draw_break_even_costs();

/// The outcome of `predictions` (one per draw) against the model: passed when each is right to a
/// whole element or a millionth; else the first wrong draw, with the slip all of them show if any.
/// Fills all but the check's name.
check_outcome judge_break_even(const std::vector<break_even_costs>& draws,
                               const std::vector<double>& predictions, const std::string& section);

} // namespace gpucheck
