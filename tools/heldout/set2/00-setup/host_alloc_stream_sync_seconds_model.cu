// SPDX-License-Identifier: MIT
// expect pass
// Lesson 00: the device summary, CUDA error messages, one copy timed on a monotonic clock, the
// pageable/pinned experiment and the break-even model.
#include "exercise.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <memory>
#include <sstream>
#include <string>

namespace {

// Milliseconds between two CLOCK_MONOTONIC readings.
double ms_between(const timespec& earlier, const timespec& later) {
  return (later.tv_sec - earlier.tv_sec) * 1e3 + (later.tv_nsec - earlier.tv_nsec) / 1e6;
}

} // namespace

device_summary query_device(int device) {
  device_summary summary;
  cudaDeviceProp props{};
  const bool have_props = CHECKED(cudaGetDeviceProperties(&props, device));
  if (!have_props) {
    return summary;
  }
  summary.name = props.name;
  summary.compute_capability_major = props.major;
  summary.compute_capability_minor = props.minor;
  summary.multiprocessor_count = props.multiProcessorCount;
  summary.global_memory_bytes = props.totalGlobalMem;
  summary.l2_cache_bytes = props.l2CacheSize;
  summary.memory_bus_width_bits = props.memoryBusWidth;
  int sm_khz = 0;
  int mem_khz = 0;
  if (CHECKED(cudaDeviceGetAttribute(&sm_khz, cudaDevAttrClockRate, device))) {
    summary.sm_clock_khz = sm_khz;
  }
  if (CHECKED(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, device))) {
    summary.memory_clock_khz = mem_khz;
  }
  return summary;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return std::string();
  }
  std::ostringstream text;
  text << file << ':' << line << ": CUDA error " << cudaGetErrorName(error) << " ("
       << cudaGetErrorString(error) << ") in: " << call;
  return text.str();
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  const std::string message = cuda_error_message(error, call, file, line);
  if (!message.empty()) {
    std::fputs((message + "\n").c_str(), stderr);
  }
  return error == cudaSuccess;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  timespec start{};
  timespec stop{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  CHECKED(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyHostToDevice, 0));
  // From pageable memory the call can return before the last bytes reached the GPU: wait for
  // the stream the copy went into.
  CHECKED(cudaStreamSynchronize(0));
  clock_gettime(CLOCK_MONOTONIC, &stop);
  return ms_between(start, stop);
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times result;
  // Both buffers are allocated and filled before anything is timed.
  std::unique_ptr<unsigned char[]> pageable(new unsigned char[bytes]);
  std::memcpy(pageable.get(), content, bytes);
  void* pinned = nullptr;
  if (!CHECKED(cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault))) {
    return result;
  }
  std::memcpy(pinned, content, bytes);

  result.pageable_ms = time_copy_ms(from_pageable, pageable.get(), bytes);
  result.pinned_ms = time_copy_ms(from_pinned, pinned, bytes);

  CHECKED(cudaFreeHost(pinned));
  return result;
}

double break_even_elements(const saxpy_costs& costs) {
  // Work in seconds throughout.
  const double cpu_s_per_element = costs.cpu_ns_per_element * 1e-9;
  const double bytes_per_element = 3.0 * sizeof(float); // x and y in, y out
  const double copy_s_per_element = bytes_per_element / (costs.copy_gb_per_s * 1e9);
  const double fixed_s = costs.gpu_fixed_ms * 1e-3;
  const double gain_s_per_element = cpu_s_per_element - copy_s_per_element;
  if (!(gain_s_per_element > 0.0)) {
    return std::numeric_limits<double>::infinity();
  }
  return fixed_s / gain_s_per_element;
}
