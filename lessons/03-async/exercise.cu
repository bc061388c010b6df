// SPDX-License-Identifier: MIT
// Lesson 03: a GPU call returns before the work is done.
//
//   1. time_launch_only: time the call alone, as the article's case 4 did (wrong on purpose).
//   2. time_with_sync: time the work until the GPU has finished it (the article's case 5).
//   3. find_crossover: from a table of CPU and GPU times, the size from which the GPU wins.
// The checker compares your launch-only time with what the GPU really spent (it must be far
// shorter), your synced time with it (it must agree within 5%), and your crossover with tables it
// makes up and one it measures. Run `make check LESSON=3`, and `make hint LESSON=3` when you are
// stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "exercise.h"

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
  // TODO: read the host clock (std::chrono::steady_clock) just before and just after
  // `work(stream)`, and return the difference in milliseconds. Nothing else: no synchronize.
  (void)work;
  (void)stream;
  return 0.0;
}
// ANCHOR_END: launch_only

// ANCHOR: with_sync
double time_with_sync(const gpu_work& work, cudaStream_t stream) {
  // TODO: the same, but stop the clock only once the GPU has finished the work.
  (void)work;
  (void)stream;
  return 0.0;
}
// ANCHOR_END: with_sync

// ANCHOR: crossover
int find_crossover(const std::vector<size_timing>& table) {
  // TODO: walk the table from the largest n down while the GPU is faster; the last n where it
  // still was is the crossover. If the GPU is not faster at the largest n, return -1.
  (void)table;
  return -1;
}
// ANCHOR_END: crossover
