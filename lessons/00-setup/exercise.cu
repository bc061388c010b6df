// SPDX-License-Identifier: MIT
// Lesson 00: know your GPU, and never let a CUDA call fail in silence.
//
//   1. query_device: fill a device_summary from cudaGetDeviceProperties (and, for the two clocks,
//      cudaDeviceGetAttribute: CUDA 13 removed them from cudaDeviceProp).
//   2. cuda_error_message and check_cuda: turn a cudaError_t into a message that says where the
//      failing call is and what went wrong.
// The checker compares your summary with what the CUDA runtime reports, and makes a CUDA call fail
// on purpose to see whether your functions notice. Run `make check LESSON=0`; `make hint LESSON=0`
// when you are stuck. lesson.md explains everything used here.
#include "exercise.h"

#include <cstdio>
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
