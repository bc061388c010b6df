// SPDX-License-Identifier: MIT
/// @file stream_state.cuh
/// @brief Whether a stream's work has ended, asked without waiting for it.
#pragma once

#include "cuda_check.cuh"

#include <cuda_runtime.h>

namespace gpucheck {

/// Whether every piece of work queued on `stream` has ended (cudaStreamQuery). "Not ready" is an
/// answer, not an error: it is never left for a later check to report.
inline bool stream_has_finished(cudaStream_t stream) {
  const cudaError_t state = cudaStreamQuery(stream);
  if (state == cudaErrorNotReady) {
    if (cudaPeekAtLastError() == cudaErrorNotReady)
      (void)cudaGetLastError();
    return false;
  }
  CUDA_CHECK(state);
  return true;
}

} // namespace gpucheck
