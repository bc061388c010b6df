// SPDX-License-Identifier: MIT
// expect time_loop_ms cpu-time-clock @52,56
// Lesson 08: launch overhead. One kernel for all the steps, the naive loop as a CUDA graph, and
// two timings of short work.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <ctime>

namespace {
__global__ void every_step(unsigned* data, int count, int steps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count)
    return;
  unsigned v = data[i];
  for (int step = 0; step < steps; ++step)
    v = step_value(v, step);
  data[i] = v;
}

cudaGraphExec_t instantiate_capture(cudaStream_t stream) {
  cudaGraph_t graph;
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));
  return exec;
}
} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  const int block = 256;
  const int grid = (count + block - 1) / block;
  every_step<<<grid, block, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  run_naive(data, count, steps, stream);
  return cuda_graph_exec(instantiate_capture(stream));
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  timespec begin{}, end{};
  CUDA_CHECK(cudaStreamSynchronize(stream)); // start from an idle stream
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &begin);
  for (int i = 0; i < iterations; ++i)
    work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream)); // wait for the last iteration
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end);
  return (end.tv_sec - begin.tv_sec) * 1e3 + (end.tv_nsec - begin.tv_nsec) / 1e6;
}

double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int r = 0; r < runs; ++r)
    work(stream);
  const cuda_graph_exec graph(instantiate_capture(stream));

  gpucourse::cuda_event start, stop;
  replay(graph, stream); // first launch uploads the graph, so it is not timed
  CUDA_CHECK(cudaEventRecord(start, stream));
  replay(graph, stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return static_cast<double>(ms) / runs;
}
