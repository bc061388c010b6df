// SPDX-License-Identifier: MIT
// expect time_loop_ms slip truncated
// Issue 42 corpus, the reference but for one slip: the loop's time cut to whole milliseconds (an
// integer cast). The loop of the check's draws takes 2.4 to 3.8 ms in the traces recorded beside
// this folder, so the number is a whole, nonzero count of milliseconds, 0 to 1 ms low.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

// ANCHOR: batched
namespace {
// Each thread reads its integer once, does every step in a register, in order, and writes it once.
__global__ void all_steps_kernel(unsigned* data, int count, int steps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    unsigned value = data[i];
    for (int step = 0; step < steps; ++step) {
      value = step_value(value, step);
    }
    data[i] = value;
  }
}
} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  constexpr int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  all_steps_kernel<<<blocks, threads, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}
// ANCHOR_END: batched

// ANCHOR: graph
cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  run_naive(data, count, steps, stream); // recorded into the graph, not run
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  const cudaError_t instantiated = cudaGraphInstantiate(&exec, graph, 0);
  CUDA_CHECK(cudaGraphDestroy(graph)); // the executable graph does not need it
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
  const long whole_ms = static_cast<long>(elapsed_ms); // whole milliseconds are enough
  return static_cast<double>(whole_ms);
}
// ANCHOR_END: time_loop

// ANCHOR: graph_run
double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int run = 0; run < runs; ++run) {
    work(stream); // recorded, not run
  }
  cudaGraph_t captured = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &captured));
  cudaGraphExec_t exec = nullptr;
  const cudaError_t instantiated = cudaGraphInstantiate(&exec, captured, 0);
  CUDA_CHECK(cudaGraphDestroy(captured));
  CUDA_CHECK(instantiated);
  const cuda_graph_exec graph{exec};
  CUDA_CHECK(cudaGraphLaunch(graph, stream)); // the first launch uploads the graph: not timed
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms / runs;
}
// ANCHOR_END: graph_run
