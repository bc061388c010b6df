// SPDX-License-Identifier: MIT
// Lesson 04's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include <cuda_runtime.h>
#include <functional>

// Some GPU work to time. Calling it queues the work on `stream` and returns at once, before the
// GPU has run it (like every kernel launch and like cublasSgemm).
using gpu_work = std::function<void(cudaStream_t stream)>;

double time_with_device_sync(const gpu_work& work, cudaStream_t stream); // [ms]
double time_with_events(const gpu_work& work, cudaStream_t stream);      // [ms]
