// SPDX-License-Identifier: MIT
// expect time_copy_ms cpu-time-clock @59,62
#include "exercise.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <string>

device_summary query_device(int device) {
  device_summary info;
  cudaDeviceProp p{};
  const bool ok = CHECKED(cudaGetDeviceProperties(&p, device));
  if (!ok) {
    return info; // leave it empty rather than fill it with garbage
  }
  info.name = std::string(p.name);
  info.compute_capability_major = p.major;
  info.compute_capability_minor = p.minor;
  info.multiprocessor_count = p.multiProcessorCount;
  info.global_memory_bytes = p.totalGlobalMem;
  info.l2_cache_bytes = p.l2CacheSize;
  info.memory_bus_width_bits = p.memoryBusWidth;
  int khz = 0;
  if (CHECKED(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device))) {
    info.sm_clock_khz = khz;
  }
  if (CHECKED(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, device))) {
    info.memory_clock_khz = khz;
  }
  return info;
}

std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  std::string text;
  if (error != cudaSuccess) {
    text += file;
    text += ":" + std::to_string(line) + ": CUDA error ";
    text += cudaGetErrorName(error);
    text += " (";
    text += cudaGetErrorString(error);
    text += ") in: ";
    text += call;
  }
  return text;
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  if (error == cudaSuccess) {
    return true;
  }
  std::fprintf(stderr, "%s\n", cuda_error_message(error, call, file, line).c_str());
  return false;
}

double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  const std::clock_t begin = std::clock();
  CHECKED(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice));
  CHECKED(cudaDeviceSynchronize()); // pageable copies can return before the last chunk lands
  const std::clock_t end = std::clock();
  return 1000.0 * static_cast<double>(end - begin) / CLOCKS_PER_SEC;
}

host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  unsigned char* pageable = new unsigned char[bytes];
  std::memcpy(pageable, content, bytes);
  unsigned char* pinned = nullptr;
  if (!CHECKED(cudaMallocHost(reinterpret_cast<void**>(&pinned), bytes))) {
    delete[] pageable;
    return times;
  }
  std::memcpy(pinned, content, bytes);
  times.pageable_ms = time_copy_ms(from_pageable, pageable, bytes);
  times.pinned_ms = time_copy_ms(from_pinned, pinned, bytes);
  CHECKED(cudaFreeHost(pinned));
  delete[] pageable;
  return times;
}

double break_even_elements(const saxpy_costs& costs) {
  // t_cpu(n) = n * c ;  t_gpu(n) = F + n * 12 / bw   (ns, with 1 GB/s = 1 byte/ns)
  const double per_element_copy_ns = 3.0 * sizeof(float) / costs.copy_gb_per_s;
  const double denominator = costs.cpu_ns_per_element - per_element_copy_ns;
  if (!(denominator > 0.0)) {
    return std::numeric_limits<double>::infinity();
  }
  return (costs.gpu_fixed_ms * 1e6) / denominator;
}
