// SPDX-License-Identifier: MIT
// Lesson 08: the given part (the step kernel and the naive loop). DRAFT, see PLAN.md.
#include "exercise.h"

// ANCHOR: step
__global__ void step_kernel(unsigned* data, int count, int step) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    // Integers, wrapping modulo 2^32: exact, and every step and every starting value shows in the
    // result (3 is odd, so no step forgets what came before).
    data[i] = data[i] * 3u + static_cast<unsigned>(step);
  }
}

void run_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  for (int step = 0; step < steps; ++step) {
    step_kernel<<<blocks, threads, 0, stream>>>(data, count, step);
    CUDA_CHECK(cudaGetLastError());
  }
}
// ANCHOR_END: step
