// SPDX-License-Identifier: MIT
// Lesson 04: the two ways to synchronize.
//
// Each function below must return how long `work` takes on the GPU, in milliseconds: that work
// alone, not whatever else was queued before it, and not just the time to queue it.
//   1. time_with_device_sync: a host clock (std::chrono) and cudaDeviceSynchronize().
//   2. time_with_events: two CUDA events recorded on `stream`, the stream that carries the work.
// The checker calls them while other work is still queued on the GPU, and compares what they
// return with what the GPU really spent. Run `make check LESSON=4` to see how you are doing, and
// `make hint LESSON=4` when you are stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: device_sync
double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  // TODO: this is the article's method 1, exactly as the article wrote it. Run the check and read
  // what it says about the number it returns, then fix it (one line is missing).
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // wait until the GPU has finished everything queued
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: device_sync

// ANCHOR: events
double time_with_events(const gpu_work& work, cudaStream_t stream) {
  // TODO: time `work` with two events (gpucourse::cuda_event, from cuda_raii.cuh):
  //   - record the first on `stream` just before the work (cudaEventRecord),
  //   - record the second on `stream` just after it,
  //   - wait for the second one to happen on the GPU (cudaEventSynchronize),
  //   - return the time between them (cudaEventElapsedTime gives milliseconds, as a float).
  work(stream);
  return 0.0;
}
// ANCHOR_END: events
