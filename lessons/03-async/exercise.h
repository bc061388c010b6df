// SPDX-License-Identifier: MIT
// Lesson 03's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>
#include <vector>

// Some GPU work. Calling it queues the work on `stream` and returns, usually before the GPU has
// run it (a first call can spend long on the host first: lesson 01; a launch into a full queue
// waits: this lesson's burst).
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// Some CPU work. Calling it returns once the work is done.
using cpu_work = gpucourse::light_function<void()>;

// The time of one call of `work` [ms]. Given: a CPU call is timed like this, and only like this.
double time_on_cpu(const cpu_work& work);

// The time the call to `work` takes to return [ms]: what the article's case 4 measured. Wrong as
// a GPU time, on purpose: this is the time to queue the work, not to run it.
double time_launch_only(const gpu_work& work, cudaStream_t stream);

// ANCHOR: burst_contract
// The launch burst [us each]: calls work(stream) `count` times, back to back, with nothing that
// waits for the GPU before the last call has returned, and times each call on the host clock. It
// returns the `count` times in microseconds, in the order of the calls. The GPU is idle when it is
// called; it may still be busy when it returns. Each run of the work lasts far longer than a
// launch, so the runs pile up in the stream's queue: the times show when it is full.
std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream);
// ANCHOR_END: burst_contract

// The article's cases 4 and 5, and what case 5 really contained [ms each].
struct case_5_parts {
  double case_4_ms = 0; // case 4: the launch of case 4's work alone (time_launch_only)
  double case_5_ms = 0; // case 5: case 5's work, timed until the GPU finished, right after case 4
  double alone_ms = 0;  // case 5's work again, timed the same way, with nothing else queued
  double stale_ms = 0;  // how much of case_5_ms was earlier work, not case 5's own
};

// Runs case 4 then case 5 as the article did (nothing in between), and case 5's work once more
// alone, at a moment when nothing else is queued (before case 4 or after case 5: either order is
// right), and says how much earlier work case 5 contained. Runs `case_4_work` once and
// `case_5_work` twice, all on `stream`. The GPU is idle when it is called.
case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream);

// One row of the CPU vs GPU comparison.
struct size_timing {
  int n = 0;         // the matrices' size
  double cpu_ms = 0; // [ms] the CPU GEMM
  double gpu_ms = 0; // [ms] the GPU GEMM, until the GPU finished (a warm call)
};

// The crossover: the smallest n of `table` (sorted by n, increasing) from which the GPU is faster
// than the CPU (gpu_ms < cpu_ms) for that n and for every larger n in the table; -1 if the GPU is
// not faster at the largest n.
int find_crossover(const std::vector<size_timing>& table);
