// SPDX-License-Identifier: MIT
// gpucheck's exit codes (docs/ARCHITECTURE.md). make's own status is always 2 on failure, so
// scripts and graders that need the distinction call build/bin/gpucheck directly.
#pragma once

namespace gpucheck {

enum class exit_code : int {
  pass = 0,          // everything checked passed
  wrong = 1,         // the student's code is wrong (results or timing method)
  usage = 2,         // gpucheck was called wrongly (unknown lesson, bad option)
  build_failed = 3,  // the student's code does not compile or link
  crashed = 4,       // crashed, timed out, or stopped before the checks finished
  inconclusive = 75, // the GPU was too noisy or busy to judge; re-run
  no_device = 77,    // built and ran what needs no GPU; the GPU checks were skipped
};

constexpr int to_int(exit_code code) {
  return static_cast<int>(code);
}

// The one-word name used in JSON output and in tests.
const char* exit_code_name(exit_code code);

} // namespace gpucheck
