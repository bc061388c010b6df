// SPDX-License-Identifier: MIT
// expect measure_stale_queue slip swapped
// Lesson 04: the two ways to synchronize -- my solution.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

namespace {

// method 1 without any wait before the clock starts (the article's version)
double method_1(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

} // namespace

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // queue empty before the clock starts
  return method_1(work, stream);
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  constexpr int runs = 4000;
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < runs; ++i) {
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return {elapsed_ms, runs};
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  // first: earlier work still queued when the clock starts
  earlier(stream);
  const double with_queue = method_1(work, stream);
  // second: the queue emptied first
  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const double without_queue = method_1(work, stream);
  return {without_queue, with_queue};
}
