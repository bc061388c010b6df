// SPDX-License-Identifier: MIT
// Lesson 01's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>

// Some GPU work to time. Calling it queues the work on `stream` and returns, often before the GPU
// has run it (like every kernel launch and like cublasSgemm).
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// The host's part of one call of `work` [ms]: from the moment it is called until it returns.
// Whatever the call does on the host (a cold start included) is part of it; the GPU's work that
// is still queued when it returns is not.
double time_until_return(const gpu_work& work, cudaStream_t stream);

// The whole of one call of `work` [ms]: from the moment it is called until the GPU has finished
// what it queued. Whatever the call costs (a cold start included) is part of it.
double time_call(const gpu_work& work, cudaStream_t stream);

// ANCHOR: start_up_contract
// The steps of a process's start, before its first GEMM. Each does its step when called.
struct start_up_steps {
  gpucourse::light_function<void()> start_driver;   // the process's first CUDA call
  gpucourse::light_function<void()> create_context; // the first call that needs the GPU
  gpucourse::light_function<void()> create_handle;  // creates the cuBLAS handle
};

// How long each step took [ms], each on its own, from its call until it returned.
struct start_up_times {
  double driver_ms = 0;
  double context_ms = 0;
  double handle_ms = 0;
};

// Called before the process has made any CUDA call: runs each step once, in the order above, and
// times each. The checker counts the runs and knows whether each step found its work still to do.
start_up_times time_start_up(const start_up_steps& steps);
// ANCHOR_END: start_up_contract
