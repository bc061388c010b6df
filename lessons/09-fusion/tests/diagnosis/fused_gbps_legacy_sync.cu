// SPDX-License-Identifier: MIT
// expect fused_gbps sync-other-stream @20,45,46
// Lesson 09: the fused kernel, its byte counts, its bandwidth and the first launch's cost.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

namespace {

__global__ void fused(const float* in, float* out, std::size_t n, float a, float b) {
  std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    out[i] = relu(scale_shift(in[i], a, b));
}

// Block until the GPU has finished what we queued.
void wait_for_gpu() {
  CUDA_CHECK(cudaStreamSynchronize(0));
}

} // namespace

void run_fused(const fusion_job& job, cudaStream_t stream) {
  const unsigned threads = 256;
  const unsigned blocks = static_cast<unsigned>((job.n + threads - 1) / threads);
  fused<<<blocks, threads, 0, stream>>>(job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  return std::size_t{16} * n; // 4 bytes read + 4 written, twice
}

std::size_t fused_bytes(std::size_t n) {
  return std::size_t{8} * n; // 4 bytes read + 4 written
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  run_fused(job, stream); // warm-up (loads the kernel)
  wait_for_gpu();
  const auto begin = std::chrono::steady_clock::now();
  run_fused(job, stream);
  wait_for_gpu();
  const auto end = std::chrono::steady_clock::now();
  const double sec = std::chrono::duration<double>(end - begin).count();
  return static_cast<double>(fused_bytes(job.n)) / sec / 1e9;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  std::vector<double> times_ms;
  gpucourse::cuda_event before, after;
  for (int k = 0; k < runs; ++k) {
    CUDA_CHECK(cudaEventRecord(before, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(after, stream));
    CUDA_CHECK(cudaEventSynchronize(after));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, before, after));
    times_ms.push_back(ms);
  }
  return times_ms;
}
