// SPDX-License-Identifier: MIT
/// @file untraced_clock.hpp
/// @brief untraced_clock: the checker's own clock reads inside the student's call, kept out of
/// the trace.
#pragma once

#include <chrono>
#include <ctime>
#include <sys/syscall.h>
#include <unistd.h>

namespace gpucheck {

/// std::chrono::steady_clock's time (CLOCK_MONOTONIC), read by a system call instead of through
/// libc's clock_gettime. The tracer sees the clock reads of the program by interposing libc's
/// functions, and the trace diagnosis pairs the reads it sees into intervals: a read the checker
/// makes inside the student's call (known work noting when it was called) would otherwise be
/// taken for one of the student's and split their interval in two. Only for reads made while
/// the student's function runs; everywhere else the checker uses steady_clock.
struct untraced_clock {
  using duration = std::chrono::steady_clock::duration;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::steady_clock::time_point;
  static constexpr bool is_steady = true;

  static time_point now() noexcept {
    timespec ts{};
    syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
    return time_point(std::chrono::duration_cast<duration>(std::chrono::seconds(ts.tv_sec) +
                                                           std::chrono::nanoseconds(ts.tv_nsec)));
  }
};

} // namespace gpucheck
