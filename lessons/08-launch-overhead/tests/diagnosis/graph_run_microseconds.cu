// SPDX-License-Identifier: MIT
// expect time_graph_run_ms slip times-1000
// Lesson 08 exercise: fewer launches (one batched kernel, or a CUDA graph), and honest loop timing.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

__global__ static void batched_kernel(unsigned* data, int count, int steps) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < count) {
    unsigned val = data[idx];
    for (int s = 0; s < steps; s++) {
      val = step_value(val, s);
    }
    data[idx] = val;
  }
}

void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  int threads = 512;
  int blocks = count / threads + (count % threads != 0 ? 1 : 0);
  batched_kernel<<<blocks, threads, 0, stream>>>(data, count, steps);
  CUDA_CHECK_LAUNCH();
}

static cudaGraphExec_t capture_into_exec(const gpu_work& queue, cudaStream_t stream) {
  cudaGraph_t graph;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  queue(stream);
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_CHECK(cudaGraphDestroy(graph));
  return exec;
}

cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  return cuda_graph_exec(
      capture_into_exec([=](cudaStream_t s) { run_naive(data, count, steps, s); }, stream));
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  CUDA_CHECK(cudaGraphLaunch(graph, stream));
}

double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < iterations; i++) {
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return ms;
}

// One run of `work` is a few microseconds, so report it in microseconds: easier to read.
double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  cuda_graph_exec exec(capture_into_exec(
      [&](cudaStream_t s) {
        for (int r = 0; r < runs; r++) {
          work(s);
        }
      },
      stream));
  replay(exec, stream); // warm: uploads the graph
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, stream));
  replay(exec, stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  double us_per_run = 1000.0 * ms / runs;
  return us_per_run;
}
