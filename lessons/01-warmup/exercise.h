// SPDX-License-Identifier: MIT
// Lesson 01's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include <cuda_runtime.h>
#include <functional>

// Some GPU work to time. Calling it queues the work on `stream` and returns at once, before the
// GPU has run it (like every kernel launch and like cublasSgemm).
using gpu_work = std::function<void(cudaStream_t stream)>;

// How long one call of `work` takes [ms], from the moment it is called until the GPU has finished
// it. Whatever the call costs (a cold start included) is part of the answer.
double time_call(const gpu_work& work, cudaStream_t stream);

// Runs `work` so that the calls after it run at their steady-state speed, and returns only once
// the GPU has finished what it queued.
void warm_up(const gpu_work& work, cudaStream_t stream);
