// SPDX-License-Identifier: MIT
// expect time_copy_ms unsynced-stop @54
// lesson 00 -- my solution
#include "exercise.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

device_summary query_device(int device) {
  device_summary summary;
  cudaDeviceProp properties{};
  if (!CHECKED(cudaGetDeviceProperties(&properties, device))) {
    return summary;
  }
  summary.name = properties.name;
  summary.compute_capability_major = properties.major;
  summary.compute_capability_minor = properties.minor;
  summary.multiprocessor_count = properties.multiProcessorCount;
  summary.global_memory_bytes = properties.totalGlobalMem;
  summary.l2_cache_bytes = properties.l2CacheSize;
  summary.memory_bus_width_bits = properties.memoryBusWidth;
  CHECKED(cudaDeviceGetAttribute(&summary.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&summary.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return summary;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return "";
  }
  char buffer[1024];
  std::snprintf(buffer, sizeof buffer, "%s:%d: CUDA error %s (%s) in: %s", file, line,
                cudaGetErrorName(error), cudaGetErrorString(error), call);
  return buffer;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
    return false;
  }
  return true;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  using clock = std::chrono::steady_clock;
  const clock::time_point t0 = clock::now();
  // async copy so the host does not sit in a blocking call while I time it
  CHECKED(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyHostToDevice, 0));
  const clock::time_point t1 = clock::now();
  const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  CHECKED(cudaStreamSynchronize(0)); // make sure the copy is done before the caller uses it
  return ms;
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  const auto* first = static_cast<const unsigned char*>(content);
  const std::vector<unsigned char> pageable(first, first + bytes);
  void* pinned = nullptr;
  if (!CHECKED(cudaMallocHost(&pinned, bytes))) {
    return times;
  }
  std::memcpy(pinned, content, bytes);
  times.pageable_ms = time_copy_ms(from_pageable, pageable.data(), bytes);
  times.pinned_ms = time_copy_ms(from_pinned, pinned, bytes);
  CHECKED(cudaFreeHost(pinned));
  return times;
}

double break_even_elements(const saxpy_costs& costs) {
  const double copy_ns = 12.0 / costs.copy_gb_per_s; // x, y in and y out, 4 bytes each
  const double gain_ns = costs.cpu_ns_per_element - copy_ns;
  if (gain_ns <= 0.0) {
    return std::numeric_limits<double>::infinity();
  }
  return costs.gpu_fixed_ms * 1.0e6 / gain_ns;
}
