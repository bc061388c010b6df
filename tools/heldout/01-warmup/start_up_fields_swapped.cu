// SPDX-License-Identifier: MIT
// expect time_start_up slip swapped
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  auto start = std::chrono::steady_clock::now();
  work(stream); // only until it is queued (plus any one-time setup done on the host)
  auto end = std::chrono::steady_clock::now();
  std::chrono::duration<double, std::milli> span = end - start;
  return span.count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // until the GPU is done with it
  auto end = std::chrono::steady_clock::now();
  std::chrono::duration<double, std::milli> span = end - start;
  return span.count();
}

start_up_times time_start_up(const start_up_steps& steps) {
  // host clock only: a CUDA event would start the driver itself
  auto ms_of = [](const gpucourse::light_function<void()>& step) {
    const auto start = std::chrono::steady_clock::now();
    step();
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(end - start).count();
  };
  const double init_ms = ms_of(steps.start_driver);
  const double context_ms = ms_of(steps.create_context);
  const double cublas_ms = ms_of(steps.create_handle);
  return start_up_times{context_ms, init_ms, cublas_ms};
}
