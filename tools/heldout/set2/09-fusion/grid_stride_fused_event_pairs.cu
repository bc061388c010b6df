// SPDX-License-Identifier: MIT
// expect pass
// Lesson 09: a grid-stride fused kernel (x read once, y written once); the bytes of four and of
// two passes; one warm run between two events on the job's stream; every run of time_each_run
// between its own pair of events, all created before the first run and read at the end.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>

namespace {

__global__ void scale_shift_relu(const float* __restrict__ x, float* __restrict__ y,
                                 std::size_t n, float a, float b) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    y[i] = relu(scale_shift(x[i], a, b));
}

int multiprocessors() {
  int device = 0;
  int sms = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

} // namespace

void run_fused(const fusion_job& job, cudaStream_t stream) {
  if (job.n == 0)
    return;
  static const int sms = multiprocessors(); // asked once, on the first call
  constexpr unsigned threads = 512;
  const std::size_t needed = (job.n + threads - 1) / threads;
  // enough blocks to fill the GPU several times over; the loop takes whatever is left
  const auto blocks =
      static_cast<unsigned>(std::min<std::size_t>(needed, static_cast<std::size_t>(sms) * 32));
  scale_shift_relu<<<blocks, threads, 0, stream>>>(job.x, job.y, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
}

std::size_t unfused_bytes(std::size_t n) {
  const std::size_t buffer = n * sizeof(float);
  return buffer + buffer   // scale_shift: reads x, writes t
         + buffer + buffer; // relu: reads t, writes y
}

std::size_t fused_bytes(std::size_t n) {
  return n * sizeof(float) * 2; // reads x, writes y
}

double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  cudaEvent_t before = nullptr;
  cudaEvent_t after = nullptr;
  CUDA_CHECK(cudaEventCreate(&before));
  CUDA_CHECK(cudaEventCreate(&after));
  run_fused(job, stream); // loads the kernel; not timed
  CUDA_CHECK(cudaEventRecord(before, stream));
  run_fused(job, stream);
  CUDA_CHECK(cudaEventRecord(after, stream));
  CUDA_CHECK(cudaEventSynchronize(after));
  float elapsed = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed, before, after));
  CUDA_CHECK(cudaEventDestroy(before));
  CUDA_CHECK(cudaEventDestroy(after));
  const double seconds = static_cast<double>(elapsed) / 1000.0;
  return static_cast<double>(fused_bytes(job.n)) / seconds / 1e9;
}

std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  const std::size_t count = runs > 0 ? static_cast<std::size_t>(runs) : 0;
  std::vector<gpucourse::cuda_event> starts(count);
  std::vector<gpucourse::cuda_event> stops(count);
  for (std::size_t r = 0; r < count; ++r) {
    CUDA_CHECK(cudaEventRecord(starts[r], stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stops[r], stream));
    CUDA_CHECK(cudaEventSynchronize(stops[r])); // this run is over before the next begins
  }
  std::vector<double> times(count);
  for (std::size_t r = 0; r < count; ++r) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, starts[r], stops[r]));
    times[r] = ms;
  }
  return times;
}
