// SPDX-License-Identifier: MIT
// What else is happening on the GPU, read through NVML (libnvidia-ml, loaded with dlopen so that
// gpucheck runs where there is no driver): other processes computing on it, its utilization, and
// why its clocks are held down (thermal or power slowdown). Read before and after a check runs, so
// that a timing failure on a disturbed GPU is reported as inconclusive rather than as a failure.
#pragma once

#include <string>
#include <vector>

namespace gpucheck {

struct gpu_conditions {
  bool known = false;                 // false: NVML could not be used (no driver, no library)
  std::string unknown_reason;         // why not
  int other_processes = 0;            // compute processes on the GPU other than the excluded ones
  unsigned utilization_percent = 0;   // share of the last sample period a kernel was running
  std::vector<std::string> slowdowns; // clock event reasons that change timings ("thermal ...")
};

// Reads the conditions of the GPU named by `identity` (an index or a UUID, gpu_identity()),
// ignoring processes whose pid is in `excluded_pids` (ours and the check program's).
gpu_conditions read_gpu_conditions(const std::string& identity,
                                   const std::vector<unsigned>& excluded_pids);

// Names of the clock event reasons (NVML's bit mask) that make timings unreliable; the GPU idling
// and application clock settings are ignored.
std::vector<std::string> describe_slowdowns(unsigned long long reasons);

} // namespace gpucheck
