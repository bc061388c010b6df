// SPDX-License-Identifier: MIT
// Lesson 09-fusion's experiment (make run LESSON=9). TODO(author): the article's experiment,
// calling the student's functions and printing what the article printed.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <cstdio>

__global__ void busy_loop(int iterations, float* sink) {
  float x = 1.0f;
  for (int i = 0; i < iterations; ++i)
    x = x * 1.000001f + 0.5f;
  *sink = x;
}

int main() {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucourse::device_buffer<float> sink(1);
  const gpu_work work = [&](cudaStream_t s) { busy_loop<<<1, 1, 0, s>>>(1 << 20, sink.data()); };
  work(stream); // warm-up: the first launch loads the kernel
  CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("time_work: %.3f ms\n", time_work(work, stream));
  return 0;
}
