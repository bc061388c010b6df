// SPDX-License-Identifier: MIT
// Lesson 08, a class submission (DRAFT, see ../PLAN.md): wrong: a host clock around the loop and no
// wait: it measures the launch calls.
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: batched
namespace {
__global__ void all_steps_kernel(unsigned* data, int count, int steps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    unsigned value = data[i];
    for (int step = 0; step < steps; ++step) {
      value = value * 3u + static_cast<unsigned>(step); // step_kernel's step, in a register
    }
    data[i] = value;
  }
}
} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  all_steps_kernel<<<blocks, threads, 0, stream>>>(data, count, steps);
  CUDA_CHECK(cudaGetLastError());
}
// ANCHOR_END: batched

// ANCHOR: graph
cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  run_naive(data, count, steps, stream); // queued into the graph, not run
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  const cudaError_t instantiated = cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphDestroy(graph); // the executable graph does not need it
  CUDA_CHECK(instantiated);
  return cuda_graph_exec{exec};
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}
// ANCHOR_END: graph

// ANCHOR: time_loop
double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) {
    work(stream);
  }
  const auto stop = std::chrono::steady_clock::now(); // the GPU has not run the work yet
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: time_loop
