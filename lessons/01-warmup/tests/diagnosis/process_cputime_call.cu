// SPDX-License-Identifier: MIT
// expect time_call cpu-time-clock @19,22
// Lesson 01 exercise: until the call returns, until the GPU is done, and the start-up steps.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>
#include <ctime>

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  const auto returned = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(returned - start).count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  timespec start{}, finished{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &finished);
  const double seconds = static_cast<double>(finished.tv_sec - start.tv_sec) +
                         static_cast<double>(finished.tv_nsec - start.tv_nsec) * 1e-9;
  return seconds * 1000.0;
}

start_up_times time_start_up(const start_up_steps& steps) {
  using clock = std::chrono::steady_clock;
  using ms = std::chrono::duration<double, std::milli>;
  start_up_times times;
  clock::time_point t = clock::now();
  steps.start_driver();
  times.driver_ms = ms(clock::now() - t).count();
  t = clock::now();
  steps.create_context();
  times.context_ms = ms(clock::now() - t).count();
  t = clock::now();
  steps.create_handle();
  times.handle_ms = ms(clock::now() - t).count();
  return times;
}
