// SPDX-License-Identifier: MIT
// Lesson 08, a class submission: wrong: time_graph_run_ms captures one call of the work and
// launches that graph `runs` times between its events: a graph launch paid for every run.
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

// ANCHOR: graph_run
double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  work(stream); // one run in the graph; the loop below launches it `runs` times
  cudaGraph_t captured = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &captured));
  cudaGraphExec_t exec = nullptr;
  const cudaError_t instantiated = cudaGraphInstantiate(&exec, captured, 0);
  CUDA_CHECK(cudaGraphDestroy(captured));
  CUDA_CHECK(instantiated);
  const cuda_graph_exec graph{exec};
  CUDA_CHECK(cudaGraphLaunch(graph, stream)); // warm-up
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int run = 0; run < runs; ++run) {
    CUDA_CHECK(cudaGraphLaunch(graph, stream));
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms / runs;
}
// ANCHOR_END: graph_run
