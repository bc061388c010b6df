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
  int multiprocessor_count = 0;        // SMs: the units that run blocks of threads
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

// ANCHOR: copy_contract
// The time [ms] that one copy of `bytes` bytes from host memory `source` to device memory
// `destination` takes, from the moment it is asked for until its bytes are on the GPU. `source`
// may be ordinary (pageable) memory or pinned memory (cudaMallocHost); the answer must be right
// for both.
double time_copy_ms(void* destination, const void* source, std::size_t bytes);
// ANCHOR_END: copy_contract

// ANCHOR: memory_contract
// One copy's time [ms] from each kind of host memory.
struct host_copy_times {
  double pageable_ms = 0; // from pageable memory (new, malloc, std::vector)
  double pinned_ms = 0;   // from pinned memory (cudaMallocHost)
};

// The experiment of the pageable and pinned copies: allocates `bytes` bytes of pageable host
// memory and `bytes` bytes of pinned host memory, fills each with the `bytes` bytes at `content`,
// and times one copy of each to the GPU: the pageable buffer into `from_pageable`, the pinned one
// into `from_pinned` (both GPU memory, `bytes` bytes each). Each time is one copy's, from the
// moment it is asked for until its bytes are on the GPU; allocating, filling and freeing are
// outside both times. Frees what it allocated before it returns.
host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned);
// ANCHOR_END: memory_contract

// ANCHOR: break_even_contract
// What was measured on one machine, for y = a * x + y over n floats.
struct saxpy_costs {
  double cpu_ns_per_element = 0; // [ns] the CPU loop's time per element
  double gpu_fixed_ms = 0;       // [ms] the GPU job (copies in, kernel, copy out) for a tiny n:
                                 //      the calls' own costs, which do not grow with n
  double copy_gb_per_s = 0;      // [GB/s, 1e9 bytes per second] a copy's bandwidth, either way
};

// The number of elements n from which the GPU job (copy x and y in, run the kernel, copy y out)
// is predicted to take less time than the CPU loop, from `costs` alone; infinity
// (std::numeric_limits<double>::infinity()) when no n is large enough. The kernel itself is fast
// enough to leave out.
double break_even_elements(const saxpy_costs& costs);
// ANCHOR_END: break_even_contract
