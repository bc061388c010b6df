// SPDX-License-Identifier: MIT
// Lesson 03: a GPU call returns before the work is done.
//
//   1. time_launch_only: time the call alone, as the article's case 4 did (wrong on purpose).
//   2. reproduce_case_5: case 4, then case 5 as the article wrote it, and how much of case 5's
//      time was earlier work.
//   3. launch_burst: many launches with no wait, each timed: where the stream's queue is full.
//   4. find_crossover: from a table of CPU and GPU times, the size from which the GPU wins.
// The checker gives you GPU work whose true duration it knows, and compares your numbers with it.
// Run `make check LESSON=3`, and `make hint LESSON=3` when you are stuck. lesson.md explains
// everything used here.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call: lesson 01's host clock + cudaDeviceSynchronize

#include <algorithm>
#include <chrono>

// ANCHOR: cpu
double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: cpu

// ANCHOR: launch_only
double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  // TODO: the time `work(stream)` takes to return, in milliseconds, read on the host clock as
  // time_on_cpu does. Do not wait for the GPU: the point is to see how short a launch is.
  (void)work;
  (void)stream;
  return 0.0;
}
// ANCHOR_END: launch_only

// ANCHOR: case_5
case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  // TODO: case_4_ms: case 4, the launch of case_4_work alone.
  // TODO: case_5_ms: case 5, right after case 4 with nothing in between, as the article wrote it:
  //       case_5_work timed until the GPU has finished (gpucourse::time_call does that).
  // TODO: alone_ms: case_5_work timed the same way, at a moment when nothing else is queued.
  //       Which moment is that, without a synchronize of your own?
  // TODO: stale_ms: how much of case 5's time was not case 5's own work.
  (void)case_4_work;
  (void)case_5_work;
  (void)stream;
  return parts;
}
// ANCHOR_END: case_5

// ANCHOR: burst
std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  // TODO: call work(stream) `count` times in a row and time each call alone on the host clock,
  // as time_launch_only does, but in microseconds. Nothing may wait for the GPU until the last
  // call has returned: the point is to see the launches pile up in the queue until it is full.
  // Keep the clock reads tight around the call, and any bookkeeping outside them.
  (void)work;
  (void)stream;
  return std::vector<double>(static_cast<std::size_t>(std::max(count, 0)), 0.0);
}
// ANCHOR_END: burst

// ANCHOR: crossover
int find_crossover(const std::vector<size_timing>& table) {
  // TODO: the smallest n from which the GPU is faster at that size and at every larger one
  // (exercise.h). A single lucky win at a small size, with losses after it, is not a crossover.
  (void)table;
  return -1;
}
// ANCHOR_END: crossover
