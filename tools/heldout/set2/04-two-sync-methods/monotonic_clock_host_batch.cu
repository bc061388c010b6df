// SPDX-License-Identifier: MIT
// expect pass
// Lesson 04: method 1 with clock_gettime(CLOCK_MONOTONIC), method 2 with plain cudaEvent_t
// handles, a stream-only wait, a batch of short runs timed on the host, and the stale queue.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>
#include <ctime>

namespace {

// Milliseconds on the monotonic clock: it counts the time that passes, never steps.
double monotonic_ms() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

} // namespace

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // nothing older than the work may be left in the queue
  const double begin = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const double end = monotonic_ms();
  return end - begin;
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  cudaEvent_t before = nullptr;
  cudaEvent_t after = nullptr;
  CUDA_CHECK(cudaEventCreate(&before));
  CUDA_CHECK(cudaEventCreate(&after));
  CUDA_CHECK(cudaEventRecord(before, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(after, stream));
  CUDA_CHECK(cudaEventSynchronize(after));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, before, after));
  CUDA_CHECK(cudaEventDestroy(before));
  CUDA_CHECK(cudaEventDestroy(after));
  return static_cast<double>(ms);
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  // Only `stream` is waited for: once before the clock starts (its earlier work), once after.
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t0 = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t1 = std::chrono::steady_clock::now();
  const std::chrono::duration<double, std::milli> elapsed = t1 - t0;
  return elapsed.count();
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  // A host clock around 2000 runs: the launch and wake-up costs (tens of microseconds at most)
  // are paid once for about 10 to 20 ms of work.
  const int count = 2000;
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < count; ++i) {
    work(stream);
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto t1 = std::chrono::steady_clock::now();
  batch_time result;
  result.total_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  result.runs = count;
  return result;
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  // Method 1 without the first synchronize: whatever is queued when it starts is in its number.
  const auto method_1 = [&]() {
    const double begin = monotonic_ms();
    work(stream);
    CUDA_CHECK(cudaDeviceSynchronize());
    return monotonic_ms() - begin;
  };
  stale_queue_times result;
  earlier(stream);
  result.queued_ms = method_1();
  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // this time the earlier work is done first
  result.emptied_ms = method_1();
  return result;
}
