// SPDX-License-Identifier: MIT
/// @file results_channel.hpp
/// @brief How a check's outcome reaches gpucheck (and the student).
#pragma once

#include <string>

namespace gpucheck {

/// One check's outcome, in the words the student will read.
struct check_outcome {
  std::string name;           ///< what was checked, as a sentence
  bool passed = false;
  std::string expected;       ///< e.g. "2.134 ms (the work alone, measured on the GPU)"
  std::string measured;       ///< e.g. "22.410 ms"
  std::string message;        ///< what happened, with the numbers (failures only)
  std::string hint;           ///< what to do about it
  std::string rule;           ///< the timing rule id this mistake is, if any ("stale-queue")
  std::string lesson_section; ///< where the lesson teaches it ("lesson.md#synchronize-first")
};

/// Sends the outcome to gpucheck (through the file named by GPUCHECK_RESULTS, when set) and
/// prints it for a human running the check program by hand. Returns outcome.passed, so that a
/// check reads CHECK(gpucheck::report(outcome)).
bool report(const check_outcome& outcome);

/// Called once by the check program's main() after all checks ran.
void report_summary(bool gpu_used, const std::string& device_name, const std::string& skip_reason);

} // namespace gpucheck
