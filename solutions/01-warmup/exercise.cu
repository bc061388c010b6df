// SPDX-License-Identifier: MIT
// Lesson 01, reference solution: a synchronized timing of one call, and a warm-up.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: time_call
double time_call(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // nothing else may be running when the clock starts
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // the call returned; now wait for the GPU to finish it
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: time_call

// ANCHOR: warm_up
void warm_up(const gpu_work& work, cudaStream_t stream) {
  // One call pays for everything that happens once: loading the kernel's module, cuBLAS's
  // first-call set-up. Waiting for it keeps its GPU time out of the next measurement.
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
}
// ANCHOR_END: warm_up
