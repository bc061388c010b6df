// SPDX-License-Identifier: MIT
// Lesson 02's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include <cuda_runtime.h>
#include <functional>

// Some GPU work to time. Calling it queues the work on `stream` and returns at once, before the
// GPU has run it (like every kernel launch and like cublasSgemm).
using gpu_work = std::function<void(cudaStream_t stream)>;

// The time of the first call of some work, and its steady-state time.
struct first_and_steady {
  double first_ms = 0;  // [ms] the first call alone, whatever it cost
  double steady_ms = 0; // [ms] the median of the calls after it
};

// Calls `work` 1 + `repetitions` times, timing each call until the GPU has finished it: the first
// call's time goes to first_ms, the median of the other `repetitions` times to steady_ms.
first_and_steady measure_first_and_steady(const gpu_work& work, cudaStream_t stream,
                                          int repetitions);

// What warming up costs, estimated from one measurement: the first call's time beyond a steady
// call's [ms].
double warm_up_cost_ms(const first_and_steady& timing);
