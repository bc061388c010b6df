// SPDX-License-Identifier: MIT
// expect pass
// Lesson 08: launch overhead.
//  (a) run_batched: a grid-stride kernel that runs every step of each of its integers.
//  (b) capture_naive / replay: the naive loop captured into a graph, instantiated once.
//  (c) time_loop_ms: the host's clock from an idle stream to the end of the last iteration.
//  (d) time_graph_run_ms: do_bench_cudagraph's way, with plain cudaEvent_t handles.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>

namespace {
__global__ void batched_steps(unsigned* data, int count, int steps) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
    unsigned x = data[i];
    for (int s = 0; s < steps; ++s)
      x = step_value(x, s);
    data[i] = x;
  }
}
} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  if (count <= 0)
    return;
  const int threads = 128;
  const int blocks = std::min((count + threads - 1) / threads, 4096);
  batched_steps<<<blocks, threads, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  run_naive(data, count, steps, stream); // only recorded
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_CHECK(cudaGraphInstantiateWithFlags(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));
  return cuda_graph_exec(exec);
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(static_cast<cudaGraphExec_t>(graph), stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamSynchronize(stream)); // the loop starts on an idle stream
  const auto begin = std::chrono::steady_clock::now();
  for (int it = 0; it < iterations; ++it)
    work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream)); // and the clock stops after its last iteration
  const auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(end - begin).count();
}

double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int r = 0; r < runs; ++r)
    work(stream);
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_CHECK(cudaGraphInstantiateWithFlags(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));

  cudaEvent_t before = nullptr, after = nullptr;
  CUDA_CHECK(cudaEventCreate(&before));
  CUDA_CHECK(cudaEventCreate(&after));

  CUDA_CHECK(cudaGraphLaunch(exec, stream)); // uploads the graph; not timed
  CUDA_CHECK(cudaEventRecord(before, stream));
  CUDA_CHECK(cudaGraphLaunch(exec, stream));
  CUDA_CHECK(cudaEventRecord(after, stream));
  CUDA_CHECK(cudaEventSynchronize(after));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, before, after));

  CUDA_CHECK(cudaEventDestroy(before));
  CUDA_CHECK(cudaEventDestroy(after));
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  return static_cast<double>(ms) / runs;
}
