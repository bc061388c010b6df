// SPDX-License-Identifier: MIT
// expect time_call slip truncated
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

using std::chrono::steady_clock;

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const steady_clock::time_point before = steady_clock::now();
  work(stream);
  const steady_clock::time_point after = steady_clock::now();
  return std::chrono::duration<double, std::milli>(after - before).count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const steady_clock::time_point before = steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // wait for the GPU to finish what the call queued
  const steady_clock::time_point after = steady_clock::now();
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(after - before);
  return static_cast<double>(elapsed.count());
}

start_up_times time_start_up(const start_up_steps& steps) {
  start_up_times t;
  auto t0 = steady_clock::now();
  steps.start_driver();
  auto t1 = steady_clock::now();
  t.driver_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

  t0 = steady_clock::now();
  steps.create_context();
  t1 = steady_clock::now();
  t.context_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

  t0 = steady_clock::now();
  steps.create_handle();
  t1 = steady_clock::now();
  t.handle_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  return t;
}
