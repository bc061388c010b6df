// SPDX-License-Identifier: MIT
// Wrong: time_each_run warms up first, as fused_gbps must: one untimed run, then the runs asked
// for, each timed alone. The warm-up is the kernel's first launch in the program, so none of the
// times holds it, and the work runs once more than asked. Expected: fail, on a quiet GPU and
// under load (a count of calls, which no busy GPU changes).
#include "exercise.h"

__global__ void fused(const float* x, float* y, std::size_t n, float a, float b) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    y[i] = relu(scale_shift(x[i], a, b));
}

void run_fused(const fusion_job& job, cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>((job.n + 255) / 256);
  fused<<<blocks, 256, 0, stream>>>(job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  return 4 * n * sizeof(float); // x read, t written; t read, y written
}

std::size_t fused_bytes(std::size_t n) {
  return 2 * n * sizeof(float); // x read, y written
}

// One warm run between two events on the stream; the run before it is the warm-up.
float warm_run_ms(const gpu_work& work, cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop) {
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const gpu_work fused_run = [&job](cudaStream_t s) { run_fused(job, s); };
  fused_run(stream); // warm-up
  const double ms = warm_run_ms(fused_run, stream, start, stop);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return static_cast<double>(fused_bytes(job.n)) / (ms * 1e-3) / 1e9;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  work(stream); // warm-up, as in fused_gbps
  std::vector<double> run_ms;
  for (int r = 0; r < runs; ++r)
    run_ms.push_back(warm_run_ms(work, stream, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return run_ms;
}
