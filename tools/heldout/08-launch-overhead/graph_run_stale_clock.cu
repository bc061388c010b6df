// SPDX-License-Identifier: MIT
// expect time_graph_run_ms stale-queue @73
// Lesson 08: launch overhead.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <time.h>

namespace {

double now_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__global__ void fused_steps(unsigned* data, int count, int steps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    unsigned x = data[i];
    for (int step = 0; step < steps; ++step)
      x = step_value(x, step);
    data[i] = x;
  }
}

cudaGraphExec_t record_graph(cudaStream_t stream, int times, const gpu_work& work) {
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int k = 0; k < times; ++k)
    work(stream);
  cudaGraph_t graph = nullptr;
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));
  return exec;
}

} // namespace

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  const dim3 block(256);
  const dim3 grid((count + block.x - 1) / block.x);
  fused_steps<<<grid, block, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  const gpu_work loop = [=](cudaStream_t s) { run_naive(data, count, steps, s); };
  return cuda_graph_exec(record_graph(stream, 1, loop));
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  gpucourse::cuda_event start, stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < iterations; ++i)
    work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}

double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  const cuda_graph_exec graph(record_graph(stream, runs, work));
  replay(graph, stream); // the first launch uploads the graph: keep it out of the timing
  const double t0 = now_ms();
  replay(graph, stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const double t1 = now_ms();
  return (t1 - t0) / runs;
}
