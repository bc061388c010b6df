// SPDX-License-Identifier: MIT
// Lesson 09's job, its two given kernels and your functions, shared by exercise.cu (yours),
// main.cu (the experiment) and check.cu. The given kernels are defined here, so that all three
// run the same ones.
#pragma once

#include "cuda_check.cuh"
#include "light_function.cuh" // gpucourse::light_function: the lessons' gpu_work

#include <cmath>
#include <cstddef>
#include <cuda_runtime.h>
#include <vector>

// Work queued on a stream: here, run_fused on a job that the caller chose.
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// ANCHOR: job
// y = max(a * x + b, 0) over n floats, in two steps through t or in one. Every buffer holds n
// floats on the GPU; the fused version must leave t alone.
struct fusion_job {
  const float* x = nullptr; // the input
  float* t = nullptr;       // the intermediate a * x + b (the unfused pair only)
  float* y = nullptr;       // the output
  std::size_t n = 0;
  float a = 1.0f;
  float b = 0.0f;
};
// ANCHOR_END: job

// ANCHOR: items
// What each step computes for one item. Use these in your fused kernel: then its bytes are the
// pair's, bit for bit (fmaf rounds once, on the host and on the GPU alike).
__host__ __device__ inline float scale_shift(float x, float a, float b) {
  return fmaf(a, x, b);
}
__host__ __device__ inline float relu(float t) {
  return t > 0.0f ? t : 0.0f;
}
// ANCHOR_END: items

namespace detail {
__global__ static void scale_shift_kernel(const float* x, float* t, std::size_t n, float a,
                                          float b) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    t[i] = scale_shift(x[i], a, b);
}
__global__ static void relu_kernel(const float* t, float* y, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    y[i] = relu(t[i]);
}
} // namespace detail

// ANCHOR: unfused
// The unfused pair, one item a thread: t = a * x + b, then y = max(t, 0). Each kernel reads its
// whole input from the GPU's memory and writes its whole output back. Queued on `stream`; it
// returns at once, like every launch.
static inline void run_unfused(const fusion_job& job, cudaStream_t stream) {
  constexpr unsigned threads = 256;
  const auto blocks = static_cast<unsigned>((job.n + threads - 1) / threads);
  detail::scale_shift_kernel<<<blocks, threads, 0, stream>>>(job.x, job.t, job.n, job.a, job.b);
  CUDA_CHECK_LAUNCH();
  detail::relu_kernel<<<blocks, threads, 0, stream>>>(job.t, job.y, job.n);
  CUDA_CHECK_LAUNCH();
}
// ANCHOR_END: unfused

// ANCHOR: contract
// (a) The fused version: one kernel that reads x and writes y = max(a * x + b, 0) for all n
// items, without t. Queued on `stream`; it returns at once, without waiting for the kernel.
void run_fused(const fusion_job& job, cudaStream_t stream);

// (b) The bytes each version moves to and from the GPU's memory for n floats: every byte its
// kernels read and every byte they write, exactly.
std::size_t unfused_bytes(std::size_t n);
std::size_t fused_bytes(std::size_t n);

// (c) The fused version's achieved bandwidth [GB/s, 1e9 bytes a second]: fused_bytes(job.n) over
// the time of one warm run of run_fused: a run to warm up first, then events on `stream` (the
// stream that carries the work) recorded just before and just after the one run you time.
// Allocate no buffers in it: they are the job's.
double fused_gbps(const fusion_job& job, cudaStream_t stream);
// ANCHOR_END: contract

// ANCHOR: each_run_contract
// (d) The first launch against the runs after it [ms each]: calls work(stream) `runs` times, one
// run after the other, and times each run alone, from just before the call until the GPU has
// finished it (events on `stream`, as in fused_gbps). No warm-up: the first call of `work` is the
// first launch of its kernel in the program, and that is what this measures. Returns the `runs`
// times in milliseconds, in the order of the calls. The GPU is idle when it is called.
std::vector<double> time_each_run(const gpu_work& work, int runs, cudaStream_t stream);
// ANCHOR_END: each_run_contract
