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
