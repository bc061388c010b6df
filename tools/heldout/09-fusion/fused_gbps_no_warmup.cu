// SPDX-License-Identifier: MIT
// expect fused_gbps cold-start @44,45
// Lesson 09 -- fusion: y = max(a * x + b, 0) in one kernel instead of two.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

namespace {

// Both steps in one thread: x[i] is read once, the intermediate stays in a register, y[i] is
// written once. t is never touched.
__global__ void fused_relu(const float* x, float* y, std::size_t n, float a, float b) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    const float t = scale_shift(x[i], a, b);
    y[i] = relu(t);
  }
}

} // namespace

void run_fused(const fusion_job& job, cudaStream_t stream) {
  const unsigned block = 512;
  const std::size_t grid = (job.n + block - 1) / block; // odd n: round up for the tail
  fused_relu<<<static_cast<unsigned>(grid), block, 0, stream>>>(job.x, job.y, job.n, job.a,
                                                                job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  const std::size_t pass = n * sizeof(float);
  return pass /* read x */ + pass /* write t */ + pass /* read t */ + pass /* write y */;
}

std::size_t fused_bytes(std::size_t n) {
  const std::size_t pass = n * sizeof(float);
  return pass /* read x */ + pass /* write y */;
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaStreamSynchronize(stream)); // start from a quiet stream
  CUDA_CHECK(cudaEventRecord(start, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  const double seconds = static_cast<double>(elapsed_ms) / 1000.0;
  return static_cast<double>(fused_bytes(job.n)) / seconds / 1e9;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  std::vector<double> out;
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    out.push_back(ms);
  }
  return out;
}
