// SPDX-License-Identifier: MIT
// Lesson 09: fusion. Two elementwise kernels, t = a * x + b and then y = max(t, 0), move every
// item through the GPU's memory four times. Write the one kernel that moves it twice.
//   (a) run_fused: the fused kernel and its launch.
//   (b) unfused_bytes and fused_bytes: the bytes each version moves, exactly.
//   (c) fused_gbps: the fused version's achieved bandwidth, timed honestly.
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
