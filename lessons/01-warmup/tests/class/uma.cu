// SPDX-License-Identifier: MIT
// Wrong: time_start_up synchronizes the device before each step's clock starts, the habit of
// "nothing of mine still queued" carried over to a start. The first cudaDeviceSynchronize() is the
// process's first CUDA call: it starts the driver and creates the context, untimed, so
// start_driver and create_context find nothing left to do, and their times (right for those
// calls) hold none of the start. time_until_return and time_call are the reference's. Expected:
// fail, on a quiet GPU and under load (which step did the start is a fact).
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

double time_until_return(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  const auto returned = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(returned - start).count();
}

double time_call(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto finished = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(finished - start).count();
}

start_up_times time_start_up(const start_up_steps& steps) {
  const auto time_step = [](const gpucourse::light_function<void()>& step) {
    CUDA_CHECK(cudaDeviceSynchronize()); // nothing queued before the clock starts
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
