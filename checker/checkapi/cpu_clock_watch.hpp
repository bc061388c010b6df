// SPDX-License-Identifier: MIT
// Counts the student's reads of clock(), a clock of CPU time: a check can tell that a function
// timed GPU work with it. Such a number can look right where the host spins while it waits for the
// GPU, and reads near zero where it sleeps (cudaDeviceScheduleBlockingSync, a blocking-sync event):
// the method is wrong even when the number happens to be right, so the check says so.
#pragma once

#include <cstdint>

namespace gpucheck {

/// How many times clock() has been called in this check program so far.
std::uint64_t cpu_clock_reads();

} // namespace gpucheck
