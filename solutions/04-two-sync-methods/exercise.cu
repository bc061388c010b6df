// SPDX-License-Identifier: MIT
// Lesson 04, reference solution: the two ways to synchronize, each timing the work alone.
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
  return elapsed_ms;
}
// ANCHOR_END: events
