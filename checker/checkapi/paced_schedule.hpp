// SPDX-License-Identifier: MIT
/// @file paced_schedule.hpp
/// @brief When a run of paced work ends (paced_work.cuh): the arithmetic, shared by the kernel and
/// its tests, which need no GPU.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define GPUCHECK_HOST_DEVICE __host__ __device__
#else
#define GPUCHECK_HOST_DEVICE
#endif

namespace gpucheck {

/// How late after the previous run's deadline a run may start and still count as following it: the
/// gap a GPU leaves between two kernels of a stream (about 1 us on an H200), with room to spare,
/// and 1 us less than the run, so that a run that follows still spins for at least 1 us.
GPUCHECK_HOST_DEVICE inline std::uint64_t paced_slack_ns(std::uint64_t duration_ns) {
  return duration_ns > 2'000 ? duration_ns - 1'000 : duration_ns / 2;
}

/// The GPU time [ns] at which a run of paced work ends. A run that starts within
/// paced_slack_ns() of the previous run's deadline follows it: it ends `duration_ns` after that
/// deadline, the gap between the two kernels included. Any other run (the first of a batch, one
/// on an idle stream) ends `duration_ns` after its own start. So n runs queued back to back occupy
/// their stream for exactly n x `duration_ns`, whatever gap the GPU leaves between two kernels,
/// and a run's share of a batch is known exactly; runs queued more slowly than they run leave
/// the stream idle in between, and take longer.
/// With a slack of its own: `slack_ns` instead of paced_slack_ns(duration_ns).
GPUCHECK_HOST_DEVICE inline std::uint64_t paced_deadline_ns(std::uint64_t start_ns,
                                                            std::uint64_t previous_deadline_ns,
                                                            std::uint64_t duration_ns,
                                                            std::uint64_t slack_ns) {
  const bool follows = start_ns <= previous_deadline_ns + slack_ns;
  return (follows ? previous_deadline_ns : start_ns) + duration_ns;
}

GPUCHECK_HOST_DEVICE inline std::uint64_t paced_deadline_ns(std::uint64_t start_ns,
                                                            std::uint64_t previous_deadline_ns,
                                                            std::uint64_t duration_ns) {
  return paced_deadline_ns(start_ns, previous_deadline_ns, duration_ns,
                           paced_slack_ns(duration_ns));
}

/// The slack of a run of `duration_ns` when no run may follow its predecessor from further than
/// `most_slack_ns` after its deadline (0: no such limit). A check of repeated runs limits it to a
/// few microseconds: its runs last up to 50 ms, and a run that starts after a host round trip (tens
/// of microseconds) must run its whole length, not finish a predecessor's pace.
GPUCHECK_HOST_DEVICE inline std::uint64_t paced_slack_ns(std::uint64_t duration_ns,
                                                         std::uint64_t most_slack_ns) {
  const std::uint64_t slack = paced_slack_ns(duration_ns);
  return most_slack_ns != 0 && most_slack_ns < slack ? most_slack_ns : slack;
}

} // namespace gpucheck
