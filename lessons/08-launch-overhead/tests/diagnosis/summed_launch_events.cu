// SPDX-License-Identifier: MIT
// expect time_loop_ms returned-value sum @61
// Lesson 08. Batching, CUDA graphs, and timing a loop of launches once.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

namespace {

constexpr int kThreads = 256;

int blocks_for(int count) {
  return (count + kThreads - 1) / kThreads; // round up: 4000 integers need 16 blocks
}

__global__ void steps_in_registers(unsigned* data, int count, int steps) {
  const int i = blockIdx.x * kThreads + threadIdx.x;
  if (i < count) {
    unsigned x = data[i];
    for (int step = 0; step < steps; ++step)
      x = step_value(x, step);
    data[i] = x;
  }
}

cuda_graph_exec finish_capture(cudaStream_t stream) {
  cudaGraph_t g = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &g));
  cudaGraphExec_t e = nullptr;
  CUDA_CHECK(cudaGraphInstantiate(&e, g, 0));
  CUDA_CHECK(cudaGraphDestroy(g));
  return cuda_graph_exec(e);
}

} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  steps_in_registers<<<blocks_for(count), kThreads, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  run_naive(data, count, steps, stream);
  return finish_capture(stream);
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  double total_ms = 0;
  for (int i = 0; i < iterations; ++i) {
    gpucourse::cuda_event begin, end;
    CUDA_CHECK(cudaEventRecord(begin, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(end, stream));
    CUDA_CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
    total_ms += ms; // each launch on its own: the gaps between launches are never timed
  }
  return total_ms;
}

double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int r = 0; r < runs; ++r)
    work(stream);
  const cuda_graph_exec graph = finish_capture(stream);
  gpucourse::cuda_event begin, end;
  replay(graph, stream); // untimed: its first launch uploads it
  CUDA_CHECK(cudaEventRecord(begin, stream));
  replay(graph, stream);
  CUDA_CHECK(cudaEventRecord(end, stream));
  CUDA_CHECK(cudaEventSynchronize(end));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
  return static_cast<double>(ms) / static_cast<double>(runs);
}
