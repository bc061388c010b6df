// SPDX-License-Identifier: MIT
// Lesson 02: how long does warming up last, and what does it cost?
//
//   1. warm_up_until_stable: call some work until its time settles, then measure the steady state.
//   2. warm_up_cost_ms: what the calls before the steady state cost beyond steady calls.
//   3. first_gemm_in_processes: each size's first GEMM in several fresh processes, round after
//      round, each round in a new order.
// The checker gives your function work whose first few calls are slow (how many, it draws afresh
// each run) and knows each call's true duration; it also runs your function on GEMMs in fresh
// processes. The first_gemm it hands first_gemm_in_processes starts no process: it returns a drawn
// time at once. Run `make check LESSON=2`, and `make hint LESSON=2` when you are stuck. lesson.md
// explains everything used here.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call(work, stream): one call, timed until the GPU is done

#include <algorithm>
#include <random>
#include <vector>

// ANCHOR: measure
warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  // TODO:
  //   - time one call after another (gpucourse::time_call) until the last two agree within
  //     stable_within of the shorter one: the steady state has begun with those two;
  //   - warm_up_ms gets every call before those two, in order, and nothing else: the first call
  //     alone is not always the whole warm-up, and a steady call is not part of it;
  //   - stop at most_warm_up_calls calls if no two in a row ever agree;
  //   - then time `repetitions` more calls; steady_ms is their median, which ignores the odd slow
  //     call that a mean would let in.
  (void)work;
  (void)stream;
  (void)repetitions;
  return timing;
}
// ANCHOR_END: measure

// ANCHOR: cost
double warm_up_cost_ms(const warm_up_timing& timing) {
  // TODO: each warm-up call did a steady call's work and paid extra on top of it; add up the extra.
  (void)timing;
  return 0.0;
}
// ANCHOR_END: cost

// ANCHOR: processes
std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads;
  // TODO:
  //   - one entry per size, in the order of `sizes`;
  //   - `processes` rounds: in each, call first_gemm once for every size, in an order shuffled
  //     afresh for that round, and keep each time with its size, in the order of the calls;
  //   - then each size's median and spread (exercise.h says which median).
  (void)sizes;
  (void)processes;
  (void)first_gemm;
  return spreads;
}
// ANCHOR_END: processes
