// SPDX-License-Identifier: MIT
// Lesson 01: the first call is slow.
//
//   1. time_call: the time of one call of `work`, until the GPU has finished it.
//   2. warm_up: make the next calls of `work` run at their steady-state speed.
// The checker runs your time_call in fresh processes (where the first GEMM is cold) and in a warm
// one, and compares what it returns with its own measurements; then it checks that after your
// warm_up the next GEMM is as fast as any later one. Run `make check LESSON=1`, and
// `make hint LESSON=1` when you are stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: time_call
double time_call(const gpu_work& work, cudaStream_t stream) {
  // TODO: this is how the article timed its GEMMs. Run the check: it accepts the cold number and
  // rejects the warm one. Read why in lesson.md, then make the clock stop only once the GPU has
  // finished the work (one call is missing; a second one, before the clock starts, makes sure
  // nothing else is still running).
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: time_call

// ANCHOR: warm_up
void warm_up(const gpu_work& work, cudaStream_t stream) {
  // TODO: pay the first call's costs here, so that no timing after it pays them: run the work,
  // then wait until the GPU has finished it.
  (void)work;
  (void)stream;
}
// ANCHOR_END: warm_up
