// SPDX-License-Identifier: MIT
// Lesson 00, reference solution: the device's summary, and CUDA errors that say where they
// happened.
#include "exercise.h"

#include <cstdio>
#include <string>

// ANCHOR: query_device
device_summary query_device(int device) {
  device_summary summary;
  cudaDeviceProp properties{};
  if (!CHECKED(cudaGetDeviceProperties(&properties, device))) {
    return summary; // an invalid device number, or no driver: the message says which
  }
  summary.name = properties.name;
  summary.compute_capability_major = properties.major;
  summary.compute_capability_minor = properties.minor;
  summary.multiprocessor_count = properties.multiProcessorCount;
  summary.global_memory_bytes = properties.totalGlobalMem;
  summary.l2_cache_bytes = properties.l2CacheSize;
  summary.memory_bus_width_bits = properties.memoryBusWidth;
  // The clocks left cudaDeviceProp in CUDA 13; the attributes still give them.
  CHECKED(cudaDeviceGetAttribute(&summary.sm_clock_khz, cudaDevAttrClockRate, device));
  CHECKED(cudaDeviceGetAttribute(&summary.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  return summary;
}
// ANCHOR_END: query_device

// ANCHOR: error_message
std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return "";
  }
  return std::string(file) + ":" + std::to_string(line) + ": CUDA error " +
         cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ") in: " + call;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return true;
  }
  std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
  return false;
}
// ANCHOR_END: error_message
