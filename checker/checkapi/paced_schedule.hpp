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

/// The GPU time [ns] at which a run of paced work ends: `duration_ns` after the later of its own
/// start and the previous run's deadline. A run queued behind another (it starts before that one's
/// deadline, as kernels queued back to back do, about 1 us apart on an H200) ends exactly
/// `duration_ns` after it; a run on an idle stream lasts `duration_ns`. So n runs that follow each
/// other occupy their stream for n x `duration_ns`, whatever gap the GPU leaves between two
/// kernels, and a run's share of a batch is known exactly.
GPUCHECK_HOST_DEVICE inline std::uint64_t paced_deadline_ns(std::uint64_t start_ns,
                                                            std::uint64_t previous_deadline_ns,
                                                            std::uint64_t duration_ns) {
  return (start_ns > previous_deadline_ns ? start_ns : previous_deadline_ns) + duration_ns;
}

} // namespace gpucheck
