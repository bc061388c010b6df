// SPDX-License-Identifier: MIT
// Lesson 01: the first call is slow. Where does its time go: into the call itself, on the host,
// before it returns, or into the GPU's work after it?
//
//   1. time_until_return: how long one call of `work` takes to return.
//   2. time_call: how long until the GPU has finished the work of that call.
//   3. time_start_up: how long each step of the process's start takes, before the first GEMM.
// `make run LESSON=1` times the start and the first and second GEMM of a process with them. The
// checker gives your functions work whose times it knows, in a warm process and in new ones, and
// compares. Run `make check LESSON=1`, and `make hint LESSON=1` when you are stuck.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: time_until_return
double time_until_return(const gpu_work& work, cudaStream_t stream) {
  // TODO: return the time from calling work(stream) until that call returns, in milliseconds.
  // Whatever the GPU still does after the return is not part of it.
  work(stream);
  return 0.0;
}
// ANCHOR_END: time_until_return

// ANCHOR: time_call
double time_call(const gpu_work& work, cudaStream_t stream) {
  // TODO: this is how the article timed its GEMMs, and the check rejects it. Find out what it
  // measures instead, then make this clock stop only once the GPU has finished the work.
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: time_call

// ANCHOR: time_start_up
start_up_times time_start_up(const start_up_steps& steps) {
  // TODO: time each step on its own, from its call until it returns, in milliseconds. The process
  // has made no CUDA call yet: make sure that each step is the one that does its work.
  steps.start_driver();
  steps.create_context();
  steps.create_handle();
  return {};
}
// ANCHOR_END: time_start_up
