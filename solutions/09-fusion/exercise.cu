// SPDX-License-Identifier: MIT
// Lesson 09-fusion: the reference solution. TODO(author): the lesson's own.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

double time_work(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}
