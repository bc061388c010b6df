// SPDX-License-Identifier: MIT
// Lesson 09: fusion. Two elementwise kernels, t = a * x + b and then y = max(t, 0), move every
// item through the GPU's memory four times. Write the one kernel that moves it twice.
//   (a) run_fused: the fused kernel and its launch.
//   (b) unfused_bytes and fused_bytes: the bytes each version moves, exactly.
//   (c) fused_gbps: the fused version's achieved bandwidth, timed honestly.
//   (d) time_each_run: the first launch of a kernel against the runs after it, each timed alone.
// Run `make check LESSON=9` to see how you are doing, and `make hint LESSON=9` when you are
// stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

// ANCHOR: run_fused
void run_fused(const fusion_job& job, cudaStream_t stream) {
  // TODO: this runs the two given kernels, so t still goes to memory and back. Write one kernel
  // that computes relu(scale_shift(x, a, b)) for every item and writes only y, and launch it
  // here on `stream`. The checker's n is odd: no block size divides it, so cover the tail too.
  run_unfused(job, stream);
}
// ANCHOR_END: run_fused

// ANCHOR: bytes
std::size_t unfused_bytes(std::size_t n) {
  // TODO: every byte the two kernels read and write for n floats.
  (void)n;
  return 0;
}

std::size_t fused_bytes(std::size_t n) {
  // TODO: every byte the fused kernel reads and writes for n floats.
  (void)n;
  return 0;
}
// ANCHOR_END: bytes

// ANCHOR: fused_gbps
double fused_gbps(const fusion_job& job, cudaStream_t stream) {
  // TODO: time one warm run of run_fused(job, stream) with events on `stream`, and return
  // fused_bytes(job.n) over that time, in GB/s. 0 says "not measured yet".
  (void)job;
  (void)stream;
  return 0.0;
}
// ANCHOR_END: fused_gbps

// ANCHOR: each_run
std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream) {
  // TODO: call work(stream) `runs` times and time each run alone with a pair of events on
  // `stream`, the very first call included: no warm-up here. Return the times in milliseconds, in
  // the order of the calls. A time of 0 says "not measured yet".
  (void)work;
  (void)stream;
  return std::vector<double>(static_cast<std::size_t>(runs > 0 ? runs : 0), 0.0);
}
// ANCHOR_END: each_run
