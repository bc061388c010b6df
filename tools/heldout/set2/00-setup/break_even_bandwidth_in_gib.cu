// SPDX-License-Identifier: MIT
// expect break_even_elements slip gib-for-gb
// Lesson 00: know the GPU, report failing CUDA calls, time copies from pageable and pinned
// memory, and predict where the GPU with its copies beats the CPU.
#include "exercise.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

device_summary query_device(int device) {
  device_summary summary;
  cudaDeviceProp prop{};
  if (!CHECKED(cudaGetDeviceProperties(&prop, device))) {
    return summary;
  }
  summary.name = prop.name;
  summary.compute_capability_major = prop.major;
  summary.compute_capability_minor = prop.minor;
  summary.multiprocessor_count = prop.multiProcessorCount;
  summary.global_memory_bytes = prop.totalGlobalMem;
  summary.l2_cache_bytes = prop.l2CacheSize;
  summary.memory_bus_width_bits = prop.memoryBusWidth;
  // clocks are not in cudaDeviceProp any more (CUDA 13)
  CHECKED(cudaDeviceGetAttribute(&summary.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&summary.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return summary;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return "";
  }
  std::string msg = file;
  msg += ":" + std::to_string(line) + ": CUDA error ";
  msg += cudaGetErrorName(error);
  msg += " (";
  msg += cudaGetErrorString(error);
  msg += ") in: ";
  msg += call;
  return msg;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
    return false;
  }
  return true;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  const auto t0 = std::chrono::steady_clock::now();
  CHECKED(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice));
  // a copy from pageable memory can return before the data is on the GPU
  CHECKED(cudaDeviceSynchronize());
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  const unsigned char* src = static_cast<const unsigned char*>(content);
  std::vector<unsigned char> pageable(src, src + bytes);

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
  // per element: x and y go to the GPU, y comes back
  const double bytes_per_element = 3.0 * sizeof(float);
  // GB/s -> bytes per ns
  const double bytes_per_ns = costs.copy_gb_per_s * 1024.0 * 1024.0 * 1024.0 / 1e9;
  const double copy_ns = bytes_per_element / bytes_per_ns;
  const double saved_ns = costs.cpu_ns_per_element - copy_ns;
  if (saved_ns <= 0.0 || saved_ns != saved_ns) {
    return std::numeric_limits<double>::infinity();
  }
  const double fixed_ns = costs.gpu_fixed_ms * 1e6;
  return fixed_ns / saved_ns;
}
