// SPDX-License-Identifier: MIT
// expect time_call unsynced-stop @20
// Lesson 01: the host part of a call, the whole call until the GPU is done, and the steps of the
// process's start, each timed on its own.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const auto t0 = std::chrono::steady_clock::now();
  work(stream);
  const auto t1 = std::chrono::steady_clock::now(); // the GPU may still be busy here
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const auto t0 = std::chrono::steady_clock::now();
  work(stream);
  const auto t1 = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaDeviceSynchronize()); // wait until the GPU has finished the work
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

start_up_times time_start_up(const start_up_steps& steps) {
  // host clock only: any CUDA call of mine would start the driver before the first step
  start_up_times times;
  auto t0 = std::chrono::steady_clock::now();
  steps.start_driver();
  auto t1 = std::chrono::steady_clock::now();
  times.driver_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

  t0 = std::chrono::steady_clock::now();
  steps.create_context();
  t1 = std::chrono::steady_clock::now();
  times.context_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

  t0 = std::chrono::steady_clock::now();
  steps.create_handle();
  t1 = std::chrono::steady_clock::now();
  times.handle_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  return times;
}
