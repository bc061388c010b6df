// SPDX-License-Identifier: MIT
// expect fused_gbps slip over-1000
// Lesson 09: fusion. One kernel computes y = max(a * x + b, 0) straight from x; the byte counts
// of both versions; the fused kernel's bandwidth; and the first launch against the runs after it.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

__global__ void fused_scale_shift_relu(const float* x, float* y, std::size_t n, float a,
                                       float b) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    const float t = scale_shift(x[i], a, b); // stays in a register
    y[i] = relu(t);
  }
}

void run_fused(const fusion_job& job, cudaStream_t stream) {
  const unsigned block = 256;
  const unsigned grid = static_cast<unsigned>((job.n + block - 1) / block); // round up for the tail
  fused_scale_shift_relu<<<grid, block, 0, stream>>>(job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  // kernel 1 reads x and writes t, kernel 2 reads t and writes y
  return 4 * sizeof(float) * n;
}

std::size_t fused_bytes(std::size_t n) {
  // read x, write y
  return 2 * sizeof(float) * n;
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  gpucourse::cuda_event start, stop;
  run_fused(job, stream); // warm-up
  CUDA_CHECK(cudaEventRecord(start, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const double gigabytes = static_cast<double>(fused_bytes(job.n)) / 1e9;
  return gigabytes / ms;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  std::vector<double> times;
  gpucourse::cuda_event start, stop;
  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  return times;
}
