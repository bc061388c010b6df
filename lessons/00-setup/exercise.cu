// SPDX-License-Identifier: MIT
// Lesson 00: know your GPU, never let a CUDA call fail in silence, and find out when the GPU, with
// its copies, beats the CPU.
//
//   1. query_device: fill a device_summary from cudaGetDeviceProperties (and, for the two clocks,
//      cudaDeviceGetAttribute: CUDA 13 removed them from cudaDeviceProp).
//   2. cuda_error_message and check_cuda: turn a cudaError_t into a message that says where the
//      failing call is and what went wrong.
//   3. time_copy_ms: measure how long one copy from the host to the GPU takes.
//   4. compare_host_memory: allocate pageable and pinned host memory yourself, and time a copy
//      from each: the experiment that shows what pinning buys.
//   5. break_even_elements: from what was measured, predict the smallest job for which the GPU,
//      copies included, is faster than the CPU.
// The checker compares your summary with what the CUDA runtime reports, makes CUDA calls fail on
// purpose, times copies itself (from pageable and from pinned memory) to hold your times against,
// and checks your prediction on costs drawn at random. Run `make check LESSON=0`; `make hint
// LESSON=0` when you are stuck. lesson.md explains everything used here.
#include "exercise.h"

#include <chrono>
#include <cstdio>
#include <limits>
#include <string>

// ANCHOR: query_device
device_summary query_device(int device) {
  device_summary summary;
  // TODO: ask the runtime about `device` and fill every field of `summary`:
  //   - cudaGetDeviceProperties(&properties, device) gives name, major, minor,
  //     multiProcessorCount, totalGlobalMem, l2CacheSize and memoryBusWidth;
  //   - cudaDeviceGetAttribute(&value, cudaDevAttrClockRate, device) gives the SM clock [kHz],
  //     cudaDevAttrMemoryClockRate the memory clock [kHz].
  // Check what each call returns (with check_cuda, below): a failed call leaves garbage behind.
  (void)device;
  return summary;
}
// ANCHOR_END: query_device

// ANCHOR: error_message
std::string cuda_error_message(cudaError_t error, const char* call, const char* file, int line) {
  // TODO: return "" for cudaSuccess. Otherwise build one line with the file, the line number,
  // cudaGetErrorName(error), cudaGetErrorString(error) and the call's text, as in exercise.h.
  (void)error;
  (void)call;
  (void)file;
  (void)line;
  return "";
}

bool check_cuda(cudaError_t error, const char* call, const char* file, int line) {
  // TODO: when the call failed, print cuda_error_message(...) to stderr and return false.
  (void)error;
  (void)call;
  (void)file;
  (void)line;
  return true;
}
// ANCHOR_END: error_message

// ANCHOR: time_copy
double time_copy_ms(void* destination, const void* source, std::size_t bytes) {
  // TODO: copy `bytes` bytes from `source` (host memory) to `destination` (GPU memory), once, and
  // return in milliseconds how long it took: from the moment you ask for the copy until its last
  // byte is on the GPU. The checker calls this with pageable memory and with pinned memory, so
  // read lesson 07's table, which lesson.md links, of when each kind of copy call returns.
  (void)destination;
  (void)source;
  (void)bytes;
  return 0.0;
}
// ANCHOR_END: time_copy

// ANCHOR: compare_memory
host_copy_times compare_host_memory(const void* content, std::size_t bytes, void* from_pageable,
                                    void* from_pinned) {
  host_copy_times times;
  // TODO: the experiment, in three steps, as exercise.h describes it:
  //   - get `bytes` bytes of each kind of host memory, and fill both with the bytes at `content`;
  //   - time one copy of each buffer to the GPU, into its own destination (you already have a
  //     function that times a copy);
  //   - give back what you allocated, each kind with the call that matches its allocation.
  // Nothing of the first and last steps may fall inside a timing: lesson.md says why.
  (void)content;
  (void)bytes;
  (void)from_pageable;
  (void)from_pinned;
  return times;
}
// ANCHOR_END: compare_memory

// ANCHOR: break_even
double break_even_elements(const saxpy_costs& costs) {
  // TODO: write the time of each job as a function of n, from `costs` alone:
  //   - the CPU loop: n elements, each costs.cpu_ns_per_element;
  //   - the GPU job: its fixed cost, plus its copies: how many bytes cross the bus for each
  //     element of y = a * x + y, and how long do they take at costs.copy_gb_per_s?
  // Return the n at which the two times are equal, or infinity when the GPU job never catches
  // up. The three costs come in three different units.
  (void)costs;
  return 0.0;
}
// ANCHOR_END: break_even
