// SPDX-License-Identifier: MIT
// Wrong: compare_host_memory times each kind "from the moment the data is wanted on the GPU": the
// clock starts before the buffer is allocated and filled, so the pinned time holds cudaMallocHost
// (the driver locks every page) and a host copy, and the pageable time the vector's allocation
// and filling. The first four functions are right. Expected: fail on a quiet GPU (both times too
// long, the pinned one first); under load, fail or inconclusive (too long is what a busy GPU does
// too).
#include "exercise.h"

#include <chrono>
#include <cmath>
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
  return std::string(file) + ":" + std::to_string(line) + ": CUDA error " +
         cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ") in: " + call;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
  }
  return error == cudaSuccess;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  const auto start = std::chrono::steady_clock::now();
  CHECKED(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double break_even_elements(const saxpy_costs& costs) {
  const double copy_ns = 12.0 / costs.copy_gb_per_s; // x, y in and y out: 12 bytes; 1 GB/s = 1 B/ns
  const double gain_ns = costs.cpu_ns_per_element - copy_ns;
  if (gain_ns <= 0) {
    return std::numeric_limits<double>::infinity();
  }
  return costs.gpu_fixed_ms * 1e6 / gain_ns;
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// "How long until my data is on the GPU", for each kind of memory: allocation and filling
// included.
host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  const auto* first = static_cast<const unsigned char*>(content);

  auto start = std::chrono::steady_clock::now();
  const std::vector<unsigned char> pageable(first, first + bytes);
  CHECKED(cudaMemcpy(from_pageable, pageable.data(), bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaDeviceSynchronize());
  times.pageable_ms = milliseconds_since(start);

  start = std::chrono::steady_clock::now();
  void* pinned = nullptr;
  CHECKED(cudaMallocHost(&pinned, bytes));
  std::memcpy(pinned, content, bytes);
  CHECKED(cudaMemcpy(from_pinned, pinned, bytes, cudaMemcpyHostToDevice));
  times.pinned_ms = milliseconds_since(start);

  CHECKED(cudaFreeHost(pinned));
  return times;
}
