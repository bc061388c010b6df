// SPDX-License-Identifier: MIT
// expect time_each_run slip over-1000
// Lesson 09 (fusion): fused kernel, byte counts, achieved bandwidth, first launch vs. warm runs.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

__global__ static void fused_kernel(const float* x, float* y, std::size_t n, float a, float b) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x) {
    y[i] = relu(scale_shift(x[i], a, b));
  }
}

void run_fused(const fusion_job& job, cudaStream_t stream) {
  const std::size_t threads = 1024;
  std::size_t blocks = (job.n + threads - 1) / threads;
  if (blocks > 65535)
    blocks = 65535; // the grid-stride loop picks up the rest
  fused_kernel<<<static_cast<unsigned>(blocks), static_cast<unsigned>(threads), 0, stream>>>(
      job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  return 4 * sizeof(float) * n;
}

std::size_t fused_bytes(std::size_t n) {
  return 2 * sizeof(float) * n;
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  gpucourse::cuda_event begin, end;
  run_fused(job, stream); // first launch loads the kernel: not timed
  CUDA_CHECK(cudaEventRecord(begin, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(end, stream));
  CUDA_CHECK(cudaEventSynchronize(end));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
  return static_cast<double>(fused_bytes(job.n)) / (static_cast<double>(ms) * 1e-3) * 1e-9;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  std::vector<double> per_run;
  gpucourse::cuda_event begin, end;
  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaEventRecord(begin, stream));
    work(stream); // no warm-up: run 0 is the kernel's first launch
    CUDA_CHECK(cudaEventRecord(end, stream));
    CUDA_CHECK(cudaEventSynchronize(end));
    float elapsed = 0;
    CUDA_CHECK(cudaEventElapsedTime(&elapsed, begin, end)); // in microseconds
    per_run.push_back(static_cast<double>(elapsed) / 1000.0); // to milliseconds
  }
  return per_run;
}
