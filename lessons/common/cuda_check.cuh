// SPDX-License-Identifier: MIT
/// @file cuda_check.cuh
/// @brief CUDA_CHECK: stop with a clear message when a CUDA call fails.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace gpucourse {

/// Prints which call failed, where, and CUDA's own words for the error, then exits with status 1.
/// Called by CUDA_CHECK; rarely useful on its own.
[[noreturn]] inline void cuda_check_failed(cudaError_t error, const char* call, const char* file,
                                           int line) {
  std::fprintf(stderr, "%s:%d: CUDA error %s (%s)\n    in: %s\n", file, line,
               cudaGetErrorName(error), cudaGetErrorString(error), call);
  std::exit(1);
}

} // namespace gpucourse

/// Runs a CUDA runtime call and stops the program, naming the file, the line and the error, if the
/// call did not return cudaSuccess. Wrap every CUDA call in it: a call that fails silently makes
/// every later number meaningless.
/// @code
/// CUDA_CHECK(cudaMalloc(&pointer, bytes));
/// @endcode
#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    const cudaError_t cuda_check_error_ = (call);                                                  \
    if (cuda_check_error_ != cudaSuccess) {                                                        \
      ::gpucourse::cuda_check_failed(cuda_check_error_, #call, __FILE__, __LINE__);                \
    }                                                                                              \
  } while (false)

/// Checks that the last kernel launch was accepted (launches return no error code of their own).
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
