// SPDX-License-Identifier: MIT
// Lesson 02's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>
#include <vector>

// Some GPU work to time. Calling it queues the work on `stream` and returns, usually before the
// GPU has run it (a first call can spend long on the host first: lesson 01; a launch into a full
// queue waits: lesson 03).
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// Two calls agree when their times differ by at most this fraction of the shorter one (10 %).
constexpr double stable_within = 0.10;

// Work that never settles stops warming up after this many calls.
constexpr int most_warm_up_calls = 50;

// The warm-up of some work, call by call, and its steady-state time.
struct warm_up_timing {
  std::vector<double> warm_up_ms; // [ms] each call before the steady state, the first (cold) one
                                  // first
  double steady_ms = 0;           // [ms] the median of the `repetitions` calls timed after the
                                  // two first steady ones
};

// Calls `work` again and again, timing each call until the GPU has finished it, until two calls in
// a row agree (stable_within): those two are the first steady calls, and every call before them is
// the warm-up. Then times `repetitions` more calls, whose median is steady_ms. When no two calls
// in a row agree within most_warm_up_calls calls, all of those calls are the warm-up.
warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions);

// What the warm-up cost [ms]: the time its calls took beyond what as many steady calls take.
double warm_up_cost_ms(const warm_up_timing& timing);

// ANCHOR: processes_contract
// The first GEMM of size n in a new process [ms]: each call starts one fresh process, cold for its
// context, modules and cuBLAS, and returns that process's first GEMM time.
using first_gemm_in_new_process = gpucourse::light_function<double(int n)>;

// One size's first GEMMs, each in a fresh process.
struct first_gemm_spread {
  int n = 0;
  std::vector<double> first_ms; // [ms] what first_gemm(n) returned, in the order of the calls
  double median_ms = 0;         // [ms] their median (of an even count: the two middle ones' mean)
  double spread_ms = 0;         // [ms] the longest minus the shortest
};

// Each size's first GEMM in `processes` fresh processes: `processes` rounds, each calling
// first_gemm once for every size, in an order shuffled afresh for each round (std::shuffle), so
// that a size does not keep its place in the round. One call at a time, so that no process's cold
// start overlaps another's. Returns one entry per size, in the order of `sizes`.
std::vector<first_gemm_spread> first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                                                       const first_gemm_in_new_process& first_gemm);
// ANCHOR_END: processes_contract
