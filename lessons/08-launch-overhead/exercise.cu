// SPDX-License-Identifier: MIT
// Lesson 08: launch overhead. run_naive (exercise.h) launches one tiny kernel per step. Write:
//   (a) run_batched: the same bytes in one launch;
//   (b) capture_naive and replay: the naive loop captured once into a CUDA graph, then launched
//       with one call as often as wanted;
//   (c) time_loop_ms: the time of a loop of iterations, measured once around the whole loop;
//   (d) time_graph_run_ms: one run's time of short work, through a CUDA graph of many runs.
// Run `make check LESSON=8` to see how you are doing, and `make hint LESSON=8` when you are
// stuck. exercise.h says what each function must do; lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

// ANCHOR: batched
void run_batched(unsigned* data, int count, int steps, cudaStream_t stream) {
  // TODO: one kernel whose threads each do every step of their integer, 0 to steps - 1 in order
  // (step_value), with the block count rounded up (count need not be a multiple of the block).
  // Until then this is the naive loop: right, and as slow as it.
  run_naive(data, count, steps, stream);
}
// ANCHOR_END: batched

// ANCHOR: graph
cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  // TODO: capture run_naive's launches from `stream` (cudaStreamBeginCapture with
  // cudaStreamCaptureModeThreadLocal, then cudaStreamEndCapture), instantiate the graph
  // (cudaGraphInstantiate), destroy the cudaGraph_t and return cuda_graph_exec(exec), which owns
  // the executable graph. Until then: no graph at all.
  (void)data;
  (void)count;
  (void)steps;
  (void)stream;
  return cuda_graph_exec{};
}

void replay(const cuda_graph_exec& graph, cudaStream_t stream) {
  // TODO: one cudaGraphLaunch of `graph` on `stream`.
  (void)graph;
  (void)stream;
}
// ANCHOR_END: graph

// ANCHOR: time_loop
double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream) {
  // TODO: this times each iteration with its own pair of events and sums the times. Time the loop
  // once instead.
  double total_ms = 0;
  for (int i = 0; i < iterations; ++i) {
    gpucourse::cuda_event start;
    gpucourse::cuda_event stop;
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float elapsed_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
    total_ms += elapsed_ms;
  }
  return total_ms;
}
// ANCHOR_END: time_loop

// ANCHOR: graph_run
double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream) {
  // TODO: this times `runs` launches one by one, each launch call's cost in the time. Capture the
  // `runs` calls into one graph instead, launch it once untimed, and time one more launch of it.
  return time_loop_ms(work, runs, stream) / runs;
}
// ANCHOR_END: graph_run
