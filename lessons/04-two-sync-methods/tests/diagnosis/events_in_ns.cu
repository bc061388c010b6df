// SPDX-License-Identifier: MIT
// expect time_with_events slip times-million
// Issue 42 corpus, the reference but for one slip: time_with_events returns nanoseconds.
// Lesson 04, reference solution: the two ways to synchronize, each timing the work alone; a host
// clock that waits for one stream only; and short work timed as a batch.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: device_sync
double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  // Empty the GPU's queue first: otherwise the clock would start while earlier work is still
  // running, and the second synchronize would wait for that work too.
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // wait until the work has finished
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: device_sync

// ANCHOR: events
double time_with_events(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  // Both events go on the stream that carries the work, so the GPU stamps them just before the
  // work starts and just after it ends, whatever else is queued ahead of them.
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop)); // the host waits for this event alone
  float elapsed_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms * 1e6; // nanoseconds
}
// ANCHOR_END: events

// ANCHOR: stream_sync
double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  // Method 1 with a narrower wait. cudaDeviceSynchronize would wait for every stream, including
  // the long work on another one that this function must leave running; cudaStreamSynchronize
  // waits for `stream` alone. It is still needed before the clock starts: earlier work on
  // `stream` would otherwise be inside the interval.
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream)); // wait until the work has finished, and nothing else
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: stream_sync

// ANCHOR: short_work
batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  // One timing of one run is off by more than 2%: the GPU stamps `start` as soon as it reaches it,
  // and the run starts only when its launch arrives, later; and the events read to about half a
  // microsecond. Those costs come once per interval, however many runs it holds, so time many
  // runs in one interval: 1000 runs divide them by 1000.
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
  return {elapsed_ms, runs}; // the checker divides: elapsed_ms / runs is one run
}
// ANCHOR_END: short_work

// Lesson 04 grew measure_stale_queue after this was written. It is added here, correct, so that
// this file builds against the new exercise.h and is judged on the functions above as before.
#include <chrono>

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times times;
  earlier(stream); // still queued when the clock starts: the article's method 1
  auto start = std::chrono::steady_clock::now();
  work(stream);
  cudaDeviceSynchronize();
  times.queued_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  earlier(stream);
  cudaDeviceSynchronize(); // the queue emptied before the clock starts
  start = std::chrono::steady_clock::now();
  work(stream);
  cudaDeviceSynchronize();
  times.emptied_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return times;
}
