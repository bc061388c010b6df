// SPDX-License-Identifier: MIT
// expect pass
// Lesson 01: the host part of a call, the whole call, and the steps of the start.
#include "cuda_check.cuh"
#include "exercise.h"

#include <ctime>

namespace {

// CLOCK_MONOTONIC never jumps, and reading it is no CUDA call.
double monotonic_ms() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

} // namespace

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const double begin = monotonic_ms();
  work(stream);
  const double end = monotonic_ms(); // the work may still be running: that is not counted here
  return end - begin;
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const double begin = monotonic_ms();
  work(stream);
  // the work went to `stream`: wait for that stream to drain before reading the clock again
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const double end = monotonic_ms();
  return end - begin;
}

start_up_times time_start_up(const start_up_steps& steps) {
  // No CUDA call of my own anywhere here: each step has to find its work still to do.
  const gpucourse::light_function<void()>* const order[3] = {
      &steps.start_driver, &steps.create_context, &steps.create_handle};
  double taken_ms[3] = {0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i) {
    const double begin = monotonic_ms();
    (*order[i])();
    taken_ms[i] = monotonic_ms() - begin;
  }
  start_up_times result;
  result.driver_ms = taken_ms[0];
  result.context_ms = taken_ms[1];
  result.handle_ms = taken_ms[2];
  return result;
}
