// SPDX-License-Identifier: MIT
// Lesson 01, reference solution: one call split into its host part (until it returns) and the
// whole (until the GPU has finished its work); a process's start split into its steps.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: time_until_return
double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream); // queues the work; a first call also does its one-time set-up in here, on the host
  const auto returned = std::chrono::steady_clock::now(); // no wait: the GPU may still be working
  return std::chrono::duration<double, std::milli>(returned - start).count();
}
// ANCHOR_END: time_until_return

// ANCHOR: time_call
double time_call(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  // The call has returned, but its work may still be queued or running: wait for the GPU. This
  // waits for everything this process queued on the device, so the number is the call's alone
  // only when nothing else was queued before it (lesson 04).
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto finished = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(finished - start).count();
}
// ANCHOR_END: time_call

// ANCHOR: time_start_up
start_up_times time_start_up(const start_up_steps& steps) {
  // Only host clock reads here: an event, a stream or a synchronize is itself a CUDA call, which
  // would start the driver (and create the context) before the step meant to do it.
  const auto time_step = [](const gpucourse::light_function<void()>& step) {
    const auto start = std::chrono::steady_clock::now();
    step(); // until it returns, as the contract asks
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  // Each step's clock starts afresh, so that no step's time holds the steps before it.
  start_up_times times;
  times.driver_ms = time_step(steps.start_driver);
  times.context_ms = time_step(steps.create_context);
  times.handle_ms = time_step(steps.create_handle);
  return times;
}
// ANCHOR_END: time_start_up
