// SPDX-License-Identifier: MIT
// Counts the student's reads of clocks of CPU time (clock(), clock_gettime with a CPU-time clock,
// getrusage, times): a check can tell that a function timed GPU work with one. Such a number can
// look right where the host spins while it waits for the GPU, and reads near zero where it sleeps
// (cudaDeviceScheduleBlockingSync, a blocking-sync event): the method is wrong even when the
// number happens to be right, so the check says so. The reads are counted by the definitions in
// cpu_clock_interpose.cpp, linked into every check program.
#pragma once

#include <cstdint>

namespace gpucheck {

/// Which clock of CPU time was read.
enum class cpu_clock : std::uint8_t {
  none = 0,
  clock,           ///< clock()
  process_cputime, ///< clock_gettime(CLOCK_PROCESS_CPUTIME_ID), or a process's clock_getcpuclockid
  thread_cputime,  ///< clock_gettime(CLOCK_THREAD_CPUTIME_ID), or pthread_getcpuclockid's
  getrusage,       ///< getrusage()
  times,           ///< times()
};

/// The call as a student writes it: "clock()", "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", ...
const char* cpu_clock_call(cpu_clock which);

/// How many reads of a clock of CPU time this check program has made so far.
std::uint64_t cpu_clock_reads();

/// The clock of CPU time read last, or none when no read was made since `reads_before` (a count
/// cpu_clock_reads() returned earlier).
cpu_clock cpu_clock_read_since(std::uint64_t reads_before);

namespace detail {
/// Counts one read of `which` (called by the interposed clock functions).
void note_cpu_clock_read(cpu_clock which) noexcept;
} // namespace detail

} // namespace gpucheck
