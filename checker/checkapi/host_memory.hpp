// SPDX-License-Identifier: MIT
/// @file host_memory.hpp
/// @brief Where a host buffer lives, as the CUDA runtime says of its pointer: a check that knows
/// it need not guess it from a speed. Plain C++; host_memory_of.cuh asks the runtime.
#pragma once

namespace gpucheck {

enum class host_memory {
  unknown,  ///< not asked, or not a host buffer
  pageable, ///< memory the runtime does not know (new, malloc): copies are staged by the host
  pinned,   ///< cudaMallocHost, cudaHostAlloc, cudaHostRegister
  managed,  ///< cudaMallocManaged: the driver moves its pages itself
};

} // namespace gpucheck
