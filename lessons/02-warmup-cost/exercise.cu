// SPDX-License-Identifier: MIT
// Lesson 02: what does warming up cost, and does it depend on the size of the work?
//
//   1. measure_first_and_steady: time the first call of some work, then its steady state.
//   2. warm_up_cost_ms: the estimate of the warm-up cost those two numbers give.
// The checker calls your function on work whose true durations it knows, and on GEMMs in fresh
// processes, where it compares your numbers with its own. Run `make check LESSON=2`, and
// `make hint LESSON=2` when you are stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <vector>

// ANCHOR: measure
first_and_steady measure_first_and_steady(const gpu_work& work, cudaStream_t stream,
                                          int repetitions) {
  first_and_steady timing;
  // TODO:
  //   - time the first call of `work` alone: the device idle before the clock starts, and the
  //     clock stopped only once the GPU has finished (lesson 01's time_call);
  //   - time `repetitions` more calls the same way, each on its own;
  //   - steady_ms is the median of those `repetitions` times (sort them, take the middle one):
  //     a median ignores the odd slow call that a mean would let in.
  (void)work;
  (void)stream;
  (void)repetitions;
  return timing;
}
// ANCHOR_END: measure

// ANCHOR: cost
double warm_up_cost_ms(const first_and_steady& timing) {
  // TODO: the first call did the steady call's work too; the rest is the warm-up.
  (void)timing;
  return 0.0;
}
// ANCHOR_END: cost
