// SPDX-License-Identifier: MIT
// expect pass
// Lesson 01: one call timed two ways (until it returns, until the GPU is done) and the process's
// start step by step, all on CLOCK_MONOTONIC.
#include "cuda_check.cuh"
#include "exercise.h"

#include <ctime>

namespace {

// Now on the monotonic clock, in milliseconds since an arbitrary point.
double monotonic_ms() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

} // namespace

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const double before = monotonic_ms();
  work(stream);
  return monotonic_ms() - before; // only until the call came back, no waiting for the GPU
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const double before = monotonic_ms();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // the call only queued its work: wait for the device
  const double after = monotonic_ms();
  return after - before;
}

start_up_times time_start_up(const start_up_steps& steps) {
  // Only clock reads around each step, nothing from CUDA: a CUDA call here would do the first
  // step's (or the second's) work before it is timed.
  const gpucourse::light_function<void()>* const order[3] = {
      &steps.start_driver, &steps.create_context, &steps.create_handle};
  double took_ms[3] = {0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i) {
    const double before = monotonic_ms();
    (*order[i])();
    took_ms[i] = monotonic_ms() - before;
  }
  start_up_times times;
  times.driver_ms = took_ms[0];
  times.context_ms = took_ms[1];
  times.handle_ms = took_ms[2];
  return times;
}
