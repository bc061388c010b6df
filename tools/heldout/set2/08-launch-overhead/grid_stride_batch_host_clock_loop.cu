// SPDX-License-Identifier: MIT
// expect pass
// Lesson 08: a grid-stride batched kernel; the naive loop captured (relaxed capture mode) and
// instantiated once; the loop timed with the host's clock between two waits on the stream; one
// run's time from one timed launch of a graph of all the runs.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

namespace {

__global__ void batched_steps(unsigned* data, int count, int steps) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) {
    unsigned x = data[i];
    for (int s = 0; s < steps; ++s)
      x = step_value(x, s);
    data[i] = x;
  }
}

// Captures whatever `queue` puts on `stream` into an executable graph.
template <typename Queue> cudaGraphExec_t capture_into_graph(cudaStream_t stream, Queue&& queue) {
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed));
  queue();
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_CHECK(cudaGraphInstantiateWithFlags(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));
  return exec;
}

} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  const int threads = 128;
  int blocks = (count + threads - 1) / threads;
  if (blocks > 4096)
    blocks = 4096; // the grid-stride loop covers the rest
  if (blocks < 1)
    blocks = 1;
  batched_steps<<<blocks, threads, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  return cuda_graph_exec(
      capture_into_graph(stream, [&] { run_naive(data, count, steps, stream); }));
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  using clock = std::chrono::steady_clock;
  CUDA_CHECK(cudaStreamSynchronize(stream)); // nothing older in the stream
  const clock::time_point begin = clock::now();
  for (int i = 0; i < iterations; ++i)
    work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream)); // the last iteration has finished
  const clock::time_point end = clock::now();
  return std::chrono::duration<double, std::milli>(end - begin).count();
}

double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  const cuda_graph_exec graph(capture_into_graph(stream, [&] {
    for (int r = 0; r < runs; ++r)
      work(stream);
  }));
  gpucourse::cuda_event before, after;
  CUDA_CHECK(cudaGraphLaunch(graph, stream)); // uploads the graph; not timed
  CUDA_CHECK(cudaEventRecord(before, stream));
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
  CUDA_CHECK(cudaEventRecord(after, stream));
  CUDA_CHECK(cudaEventSynchronize(after));
  float graph_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&graph_ms, before, after));
  return static_cast<double>(graph_ms) / runs;
}
