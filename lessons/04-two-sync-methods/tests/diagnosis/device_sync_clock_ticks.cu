// SPDX-License-Identifier: MIT
// expect time_with_device_sync cpu-time-clock @15,18
// Lesson 04: the two ways to synchronize.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>
#include <ctime>

// ANCHOR: device_sync
double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  // flush what is queued first, otherwise the sync below waits for it too
  CUDA_CHECK(cudaDeviceSynchronize());
  const std::clock_t begin = std::clock();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const std::clock_t end = std::clock();
  return 1000.0 * static_cast<double>(end - begin) / CLOCKS_PER_SEC;
}
// ANCHOR_END: device_sync

// ANCHOR: events
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
// ANCHOR_END: events

// ANCHOR: stream_sync
double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamSynchronize(stream)); // earlier work on this stream out of the way
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: stream_sync

// ANCHOR: short_work
batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  constexpr int runs = 1000;
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
// ANCHOR_END: short_work

// ANCHOR: stale_queue
stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times times;
  earlier(stream);
  auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  times.queued_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  times.emptied_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return times;
}
// ANCHOR_END: stale_queue
