// SPDX-License-Identifier: MIT
// Right in the first four functions; wrong in measure_stale_queue, in the way a student who has
// just fixed method 1 writes it: both timings call the fixed time_with_device_sync, whose first
// cudaDeviceSynchronize() empties the queue, so the first time holds the work alone.
#include "exercise.h"

#include <chrono>
#include <cuda_runtime.h>

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  cudaDeviceSynchronize(); // nothing older in the interval
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  cudaDeviceSynchronize();
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  work(stream);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms;
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  cudaStreamSynchronize(stream);
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  cudaStreamSynchronize(stream);
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  constexpr int runs = 1000;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  for (int i = 0; i < runs; ++i)
    work(stream);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float elapsed_ms = 0.0f;
  cudaEventElapsedTime(&elapsed_ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return {elapsed_ms, runs};
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times times;
  earlier(stream);
  times.queued_ms = time_with_device_sync(work, stream); // its first sync runs `earlier` out
  earlier(stream);
  times.emptied_ms = time_with_device_sync(work, stream);
  return times;
}
