// SPDX-License-Identifier: MIT
// expect time_call slip over-1000
// Issue 42 corpus, the reference but for one slip: time_call returns seconds.
// Lesson 01, reference solution: one call split into its host part (until it returns) and the
// whole (until the GPU has finished its work).
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
  return std::chrono::duration<double>(finished - start).count();
}
// ANCHOR_END: time_call

// time_start_up as the reference writes it: this submission is not about it. Appended at the
// end, so that the lines above stay where they were.
#include <chrono>

start_up_times time_start_up(const start_up_steps& steps) {
  const auto time_step = [](const gpucourse::light_function<void()>& step) {
    const auto start = std::chrono::steady_clock::now();
    step();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  start_up_times times;
  times.driver_ms = time_step(steps.start_driver);
  times.context_ms = time_step(steps.create_context);
  times.handle_ms = time_step(steps.create_handle);
  return times;
}
