// SPDX-License-Identifier: MIT
// expect pass
// Lesson 04, my version: clock_gettime(CLOCK_MONOTONIC) for the host-clock methods, raw
// cudaEvent_t handles for the event methods.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>
#include <time.h>

namespace {

// Milliseconds on the monotonic clock (never stepped, counts time that passes).
double now_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// Method 1 on whatever is already drained: host clock around work + device-wide wait.
double host_clock_device_wait(const gpu_work& work, cudaStream_t stream) {
  const double t0 = now_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const double t1 = now_ms();
  return t1 - t0;
}

} // namespace

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // drain whatever was queued before we were called
  return host_clock_device_wait(work, stream);
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  cudaEvent_t begin = nullptr;
  cudaEvent_t end = nullptr;
  CUDA_CHECK(cudaEventCreate(&begin));
  CUDA_CHECK(cudaEventCreate(&end));

  CUDA_CHECK(cudaEventRecord(begin, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(end, stream));
  CUDA_CHECK(cudaEventSynchronize(end));

  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
  CUDA_CHECK(cudaEventDestroy(begin));
  CUDA_CHECK(cudaEventDestroy(end));
  return static_cast<double>(ms);
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  // Only this stream: the other stream's long work must keep running.
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t0 = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t1 = std::chrono::steady_clock::now();
  const std::chrono::duration<double, std::micro> us = t1 - t0;
  return us.count() / 1000.0;
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  // ~5-10 us a run; 2048 runs make the per-interval cost a few ns per run.
  const int n = 2048;
  gpucourse::cuda_event first(cudaEventBlockingSync); // timing stays enabled with this flag
  gpucourse::cuda_event last(cudaEventBlockingSync);
  CUDA_CHECK(cudaEventRecord(first, stream));
  for (int r = 0; r < n; ++r)
    work(stream);
  CUDA_CHECK(cudaEventRecord(last, stream));
  CUDA_CHECK(cudaEventSynchronize(last));
  float total = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&total, first, last));
  batch_time result;
  result.total_ms = total;
  result.runs = n;
  return result;
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times out;
  // 1) the article's way: earlier work still in the queue when the clock starts
  earlier(stream);
  out.queued_ms = host_clock_device_wait(work, stream);
  // 2) the same after the queue has drained
  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  out.emptied_ms = host_clock_device_wait(work, stream);
  return out;
}
