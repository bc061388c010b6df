// SPDX-License-Identifier: MIT
// Lesson 09-fusion's functions, shared by exercise.cu (the student's), main.cu (the experiment) and
// check.cu (the checks).
#pragma once

#include <cuda_runtime.h>
#include <functional>

// Work on the GPU that the checker hands to the student's function: enqueue it on `stream`.
using gpu_work = std::function<void(cudaStream_t stream)>;

// ANCHOR: contract
// TODO(author): declare what the student writes, each function with its contract (units in the
// names or comments). The scaffold's example: how long `work` takes on the GPU.
double time_work(const gpu_work& work, cudaStream_t stream); // [ms]
// ANCHOR_END: contract
