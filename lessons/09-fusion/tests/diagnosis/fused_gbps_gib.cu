// SPDX-License-Identifier: MIT
// expect fused_gbps slip gib-for-gb
// Lesson 09: fusion.
//   (a) run_fused: one kernel, two items a thread (x read once, y written once, t untouched).
//   (b) unfused_bytes / fused_bytes: 16 and 8 bytes an item.
//   (c) fused_gbps: one warm run between two events on the job's stream.
//   (d) time_each_run: each run between its own pair of events, the first launch included.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

namespace {

__global__ void fused_two_per_thread(const float* x, float* y, std::size_t n, float a, float b) {
  // A block covers 2 * blockDim.x items: its threads do the first half, then the second half, so
  // each pass of the warp reads and writes consecutive floats.
  const std::size_t i = blockIdx.x * std::size_t{2 * blockDim.x} + threadIdx.x;
  if (i < n)
    y[i] = relu(scale_shift(x[i], a, b));
  if (i + blockDim.x < n) // n is odd: the last block's second half is partly empty
    y[i + blockDim.x] = relu(scale_shift(x[i + blockDim.x], a, b));
}

} // namespace

void run_fused(const fusion_job& job, cudaStream_t stream) {
  constexpr unsigned threads = 256;
  const std::size_t per_block = 2 * threads;
  const auto blocks = static_cast<unsigned>((job.n + per_block - 1) / per_block);
  fused_two_per_thread<<<blocks, threads, 0, stream>>>(job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  return 2 * (2 * n * sizeof(float)); // two kernels, each reads n floats and writes n floats
}

std::size_t fused_bytes(std::size_t n) {
  return 2 * n * sizeof(float);
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  gpucourse::cuda_event start, stop;
  run_fused(job, stream); // warm-up
  CUDA_CHECK(cudaEventRecord(start, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const double gigabytes = static_cast<double>(fused_bytes(job.n)) / (1 << 30);
  return gigabytes / (ms / 1000.0);
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  std::vector<double> result(static_cast<std::size_t>(runs > 0 ? runs : 0));
  gpucourse::cuda_event start, stop;
  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream)); // the stop has completed once the stream is idle
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    result[static_cast<std::size_t>(r)] = ms;
  }
  return result;
}
