// SPDX-License-Identifier: MIT
// expect time_with_stream_sync stale-queue @41,39
// Lesson 04 exercise: method 1 with device and stream waits, method 2 with events.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>
#include <time.h>

static double monotonic_ms() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1.0e6;
}

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize());
  const double start = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  return monotonic_ms() - start;
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
  return elapsed;
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  // Same as method 1, but only wait for our own stream so the other streams keep going.
  const double start = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const double stop = monotonic_ms();
  return stop - start;
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  const int runs = 1000;
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < runs; ++i)
    work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
  return batch_time{elapsed, runs};
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times t;
  earlier(stream);
  double start = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  t.queued_ms = monotonic_ms() - start;

  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  start = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  t.emptied_ms = monotonic_ms() - start;
  return t;
}
