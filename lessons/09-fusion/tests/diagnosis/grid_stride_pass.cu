// SPDX-License-Identifier: MIT
// expect pass
// Lesson 09: fusion. A grid-stride fused kernel (one read of x, one write of y per item); the
// byte counts; one warm run timed with events from cudaEventCreateWithFlags; each run's events
// queued back to back and read once the last stop has completed.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>

namespace {

__global__ void scale_shift_relu(const float* __restrict__ x, float* __restrict__ y, std::size_t n,
                                 float a, float b) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    y[i] = relu(scale_shift(x[i], a, b));
}

unsigned grid_for(std::size_t n, unsigned threads) {
  int device = 0;
  int sms = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const std::size_t needed = (n + threads - 1) / threads;
  const std::size_t cap = static_cast<std::size_t>(sms) * 32; // enough blocks to fill every SM
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min(needed, cap)));
}

} // namespace

void run_fused(const fusion_job& job, cudaStream_t stream) {
  if (job.n == 0)
    return;
  constexpr unsigned threads = 256;
  scale_shift_relu<<<grid_for(job.n, threads), threads, 0, stream>>>(job.x, job.y, job.n, job.a,
                                                                     job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  // kernel 1 reads x and writes t, kernel 2 reads t and writes y: four passes of n floats
  return n * sizeof(float) * 4;
}

std::size_t fused_bytes(std::size_t n) {
  // read x, write y
  return n * sizeof(float) * 2;
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  cudaEvent_t t0 = nullptr, t1 = nullptr;
  CUDA_CHECK(cudaEventCreateWithFlags(&t0, cudaEventDefault));
  CUDA_CHECK(cudaEventCreateWithFlags(&t1, cudaEventDefault));
  run_fused(job, stream); // warm-up run
  CUDA_CHECK(cudaEventRecord(t0, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(t1, stream));
  CUDA_CHECK(cudaEventSynchronize(t1));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
  CUDA_CHECK(cudaEventDestroy(t0));
  CUDA_CHECK(cudaEventDestroy(t1));
  const double bytes = static_cast<double>(fused_bytes(job.n));
  return bytes / static_cast<double>(ms) / 1e6; // bytes per ms / 1e6 = GB/s
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  if (runs <= 0)
    return {};
  std::vector<gpucourse::cuda_event> starts(static_cast<std::size_t>(runs));
  std::vector<gpucourse::cuda_event> stops(static_cast<std::size_t>(runs));
  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaEventRecord(starts[r], stream));
    work(stream); // the very first call is the kernel's first launch
    CUDA_CHECK(cudaEventRecord(stops[r], stream));
  }
  CUDA_CHECK(cudaEventSynchronize(stops.back())); // the stream is in order: every stop is done
  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(runs));
  for (int r = 0; r < runs; ++r) {
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, starts[r], stops[r]));
    times.push_back(static_cast<double>(ms));
  }
  return times;
}
