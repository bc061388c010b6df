// SPDX-License-Identifier: MIT
// expect break_even_elements slip over-1000
#include "exercise.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <memory>
#include <string>

namespace {
double now_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
} // namespace

device_summary query_device(int device) {
  device_summary out;
  cudaDeviceProp prop{};
  if (!CHECKED(cudaGetDeviceProperties(&prop, device))) {
    return out;
  }
  out.name = prop.name;
  out.compute_capability_major = prop.major;
  out.compute_capability_minor = prop.minor;
  out.multiprocessor_count = prop.multiProcessorCount;
  out.global_memory_bytes = prop.totalGlobalMem;
  out.l2_cache_bytes = prop.l2CacheSize;
  out.memory_bus_width_bits = prop.memoryBusWidth;
  // clockRate / memoryClockRate are gone from cudaDeviceProp in CUDA 13
  CHECKED(cudaDeviceGetAttribute(&out.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&out.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return out;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return "";
  }
  std::string msg = file;
  msg += ':';
  msg += std::to_string(line);
  msg += ": CUDA error ";
  msg += cudaGetErrorName(error);
  msg += std::string(" (") + cudaGetErrorString(error) + ")";
  msg += std::string(" in: ") + call;
  return msg;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return true;
  }
  const std::string msg = cuda_error_message(error, call, file, line);
  std::fprintf(stderr, "%s\n", msg.c_str());
  return false;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  const double t0 = now_ms();
  CHECKED(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaStreamSynchronize(0)); // the copy went to the legacy default stream
  const double t1 = now_ms();
  return t1 - t0;
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times t;
  std::unique_ptr<unsigned char[]> pageable(new unsigned char[bytes]);
  void* pinned = nullptr;
  if (!CHECKED(cudaMallocHost(&pinned, bytes))) {
    return t;
  }
  std::memcpy(pageable.get(), content, bytes);
  std::memcpy(pinned, content, bytes);
  t.pageable_ms = time_copy_ms(from_pageable, pageable.get(), bytes);
  t.pinned_ms = time_copy_ms(from_pinned, pinned, bytes);
  CHECKED(cudaFreeHost(pinned));
  return t;
}

double break_even_elements(const saxpy_costs& costs) {
  // everything in nanoseconds
  const double fixed_ns = costs.gpu_fixed_ms * 1000.0;
  const double copy_ns_per_element = 12.0 / costs.copy_gb_per_s; // 1 GB/s = 1 byte per ns
  const double saving_ns = costs.cpu_ns_per_element - copy_ns_per_element;
  if (saving_ns > 0.0) {
    return fixed_ns / saving_ns;
  }
  return std::numeric_limits<double>::infinity();
}
