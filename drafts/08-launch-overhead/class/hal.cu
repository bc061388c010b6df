// SPDX-License-Identifier: MIT
// Lesson 08, a class submission (DRAFT, see ../PLAN.md): wrong: the graph captured on the legacy
// stream (0): the capture fails.
#include "cuda_raii.cuh"
#include "exercise.h"

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
  (void)stream;
  CUDA_CHECK(cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal)); // fails
  run_naive(data, count, steps, 0);
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(0, &graph));
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
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < iterations; ++i) {
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}
// ANCHOR_END: time_loop
