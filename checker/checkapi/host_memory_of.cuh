// SPDX-License-Identifier: MIT
/// @file host_memory_of.cuh
/// @brief The runtime's word on where a host buffer lives (cudaPointerGetAttributes).
#pragma once

#include "checkapi/host_memory.hpp"

#include <cuda_runtime.h>

namespace gpucheck {

/// Where `pointer` lives, as cudaPointerGetAttributes says; unknown where it cannot say, or where
/// the pointer is device memory (no host buffer).
inline host_memory host_memory_of(const void* pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    (void)cudaGetLastError(); // not sticky: clear it, so that no later check reports it
    return host_memory::unknown;
  }
  switch (attributes.type) {
  case cudaMemoryTypeUnregistered:
    return host_memory::pageable;
  case cudaMemoryTypeHost:
    return host_memory::pinned;
  case cudaMemoryTypeManaged:
    return host_memory::managed;
  default:
    return host_memory::unknown;
  }
}

} // namespace gpucheck
