// SPDX-License-Identifier: MIT
// Counts the student's reads of clocks of CPU time (clock(), clock_gettime with a CPU-time clock,
// getrusage, times): a check can tell that a function timed GPU work with one. Such a number can
// look right where the host spins while it waits for the GPU, and reads near zero where it sleeps
// (cudaDeviceScheduleBlockingSync, a blocking-sync event): the method is wrong even when the
// number happens to be right, so the check says so. The reads are counted by the definitions in
// cpu_clock_interpose.cpp, linked into every check program.
#pragma once

#include <cstdint>
#include <optional>

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

/// A call of the student's function, as call_timed() saw it (number_slip.hpp), that read a clock of
/// CPU time.
struct clock_reading_call {
  long long begin_ns = 0; ///< CLOCK_MONOTONIC, just before the call
  long long end_ns = 0;   ///< just after it returned
  int tid = 0;            ///< the calling thread
  double reported_ms = 0; ///< what the function returned
};

/// The last call that read a clock of CPU time, when it read one after `reads_before`: the call a
/// check refused for that clock shows, so that the trace names the reads' lines (report()).
std::optional<clock_reading_call> call_read_cpu_clock_since(std::uint64_t reads_before);

namespace detail {
/// Remembers `call` as the last call that read a clock of CPU time (called by call_timed()).
void note_call_read_cpu_clock(const clock_reading_call& call);
/// Counts one read of `which` (called by the interposed clock functions).
void note_cpu_clock_read(cpu_clock which) noexcept;
} // namespace detail

} // namespace gpucheck
