// SPDX-License-Identifier: MIT
// expect pass
// Lesson 00: device summary, CUDA error messages, one copy timed with events, pageable against
// pinned memory, and the break-even size of the GPU job with its copies.
#include "exercise.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>

device_summary query_device(int device) {
  device_summary s;
  cudaDeviceProp prop;
  std::memset(&prop, 0, sizeof prop);
  if (!CHECKED(cudaGetDeviceProperties(&prop, device))) {
    return s;
  }
  s.name = prop.name;
  s.compute_capability_major = prop.major;
  s.compute_capability_minor = prop.minor;
  s.global_memory_bytes = prop.totalGlobalMem;
  // the integer attributes straight from the runtime
  CHECKED(cudaDeviceGetAttribute(&s.multiprocessor_count, cudaDevAttrMultiProcessorCount, device));
  CHECKED(cudaDeviceGetAttribute(&s.l2_cache_bytes, cudaDevAttrL2CacheSize, device));
  CHECKED(
      cudaDeviceGetAttribute(&s.memory_bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, device));
  CHECKED(cudaDeviceGetAttribute(&s.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&s.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return s;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return std::string();
  }
  std::ostringstream out;
  out << file << ':' << line << ": CUDA error " << cudaGetErrorName(error) << " ("
      << cudaGetErrorString(error) << ") in: " << call;
  return out.str();
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  const std::string message = cuda_error_message(error, call, file, line);
  if (message.empty()) {
    return true;
  }
  std::fputs(message.c_str(), stderr);
  std::fputc('\n', stderr);
  return false;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  // Events on the legacy default stream: the stop event completes only once the copy's last byte
  // has landed, whether the source was pageable (staged by the driver) or pinned.
  cudaEvent_t before = nullptr;
  cudaEvent_t after = nullptr;
  CHECKED(cudaEventCreate(&before));
  CHECKED(cudaEventCreate(&after));
  CHECKED(cudaEventRecord(before, 0));
  CHECKED(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyHostToDevice, 0));
  CHECKED(cudaEventRecord(after, 0));
  CHECKED(cudaEventSynchronize(after));
  float elapsed_ms = 0.0f;
  CHECKED(cudaEventElapsedTime(&elapsed_ms, before, after));
  CHECKED(cudaEventDestroy(before));
  CHECKED(cudaEventDestroy(after));
  return static_cast<double>(elapsed_ms);
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times result;
  void* pageable = std::malloc(bytes);
  if (pageable == nullptr) {
    return result;
  }
  void* pinned = nullptr;
  if (!CHECKED(cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault))) {
    std::free(pageable);
    return result;
  }
  std::memcpy(pageable, content, bytes);
  std::memcpy(pinned, content, bytes);

  result.pinned_ms = time_copy_ms(from_pinned, pinned, bytes);
  result.pageable_ms = time_copy_ms(from_pageable, pageable, bytes);

  CHECKED(cudaFreeHost(pinned));
  std::free(pageable);
  return result;
}

double break_even_elements(const saxpy_costs& costs) {
  // Everything in seconds: cpu n * t_cpu; gpu fixed + n * 12 B / bandwidth.
  const double cpu_s = costs.cpu_ns_per_element * 1e-9;
  const double copy_s = 12.0 / (costs.copy_gb_per_s * 1e9);
  const double fixed_s = costs.gpu_fixed_ms * 1e-3;
  if (cpu_s <= copy_s) {
    return std::numeric_limits<double>::infinity();
  }
  return fixed_s / (cpu_s - copy_s);
}
