// SPDX-License-Identifier: MIT
// expect compare_host_memory setup-in-region @65
// Lesson 00 exercise.
#include "exercise.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

device_summary query_device(int device) {
  device_summary d;
  cudaDeviceProp props{};
  if (!CHECKED(cudaGetDeviceProperties(&props, device))) {
    return d;
  }
  d.name = props.name;
  d.compute_capability_major = props.major;
  d.compute_capability_minor = props.minor;
  d.multiprocessor_count = props.multiProcessorCount;
  d.global_memory_bytes = props.totalGlobalMem;
  d.l2_cache_bytes = props.l2CacheSize;
  d.memory_bus_width_bits = props.memoryBusWidth;
  CHECKED(cudaDeviceGetAttribute(&d.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&d.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return d;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return {};
  }
  return std::string(file) + ":" + std::to_string(line) + ": CUDA error " +
         cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ") in: " + call;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  const bool ok = (error == cudaSuccess);
  if (!ok) {
    std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
  }
  return ok;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  const auto start = std::chrono::steady_clock::now();
  CHECKED(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  const char* src = static_cast<const char*>(content);
  std::vector<char> pageable(src, src + bytes);
  times.pageable_ms = time_copy_ms(from_pageable, pageable.data(), bytes);

  // pinned: how long until the data is on the GPU when you go through pinned memory
  const auto start = std::chrono::steady_clock::now();
  void* pinned = nullptr;
  if (!CHECKED(cudaMallocHost(&pinned, bytes))) {
    return times;
  }
  std::memcpy(pinned, content, bytes);
  CHECKED(cudaMemcpy(from_pinned, pinned, bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();
  times.pinned_ms = std::chrono::duration<double, std::milli>(stop - start).count();

  CHECKED(cudaFreeHost(pinned));
  return times;
}

double break_even_elements(const saxpy_costs& costs) {
  const double bytes_per_element = 12.0;
  const double copy_ns = bytes_per_element / costs.copy_gb_per_s;
  if (costs.cpu_ns_per_element <= copy_ns) {
    return std::numeric_limits<double>::infinity(); // copying alone is slower than the CPU
  }
  return costs.gpu_fixed_ms * 1e6 / (costs.cpu_ns_per_element - copy_ns);
}
