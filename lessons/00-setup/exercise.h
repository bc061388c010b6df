// SPDX-License-Identifier: MIT
// Lesson 00's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include <cstddef>
#include <cuda_runtime.h>
#include <string>

// ANCHOR: device_summary
// What a timing-minded programmer wants to know about a GPU before measuring anything on it.
struct device_summary {
  std::string name;                    // e.g. "NVIDIA H200"
  int compute_capability_major = 0;    // 9 for Hopper
  int compute_capability_minor = 0;    // 0 for the H100 and H200
  int multiprocessor_count = 0;        // SMs: how many blocks can run at once, roughly
  std::size_t global_memory_bytes = 0; // [bytes] all of the GPU's memory
  int l2_cache_bytes = 0;              // [bytes]
  int memory_bus_width_bits = 0;       // [bits]
  int sm_clock_khz = 0;                // [kHz] the SMs' peak clock
  int memory_clock_khz = 0;            // [kHz] the memory's peak clock
};

// Fills a device_summary for device number `device` (0 for the first GPU).
device_summary query_device(int device);
// ANCHOR_END: device_summary

// "" when `error` is cudaSuccess; otherwise one line that names the file and line, the error
// (cudaGetErrorName and cudaGetErrorString) and the call's text, e.g.
//   main.cu:42: CUDA error cudaErrorInvalidValue (invalid argument) in: cudaMemcpy(...)
std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line);

// true when `error` is cudaSuccess; otherwise prints cuda_error_message(...) to stderr and returns
// false. (The course's CUDA_CHECK, in lessons/common/cuda_check.cuh, exits instead.)
bool check_cuda(cudaError_t error, const char* call, const char* file, int line);

// Wraps a CUDA call: CHECKED(cudaMalloc(&p, bytes)) is true when the call succeeded.
#define CHECKED(call) check_cuda((call), #call, __FILE__, __LINE__)
