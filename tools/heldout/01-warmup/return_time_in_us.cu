// SPDX-License-Identifier: MIT
// expect time_until_return slip times-1000
// lesson 01 - the first call is slow
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

namespace {
using clk = std::chrono::steady_clock;

template <typename Step> double time_step_ms(const Step& step) {
  const auto t0 = clk::now();
  step();
  const auto t1 = clk::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}
} // namespace

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  // a launch returns in a few microseconds, so keep the resolution
  const auto t0 = clk::now();
  work(stream);
  const auto t1 = clk::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const auto t0 = clk::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto t1 = clk::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

start_up_times time_start_up(const start_up_steps& steps) {
  start_up_times times;
  times.driver_ms = time_step_ms(steps.start_driver);
  times.context_ms = time_step_ms(steps.create_context);
  times.handle_ms = time_step_ms(steps.create_handle);
  return times;
}
