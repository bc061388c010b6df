// SPDX-License-Identifier: MIT
// Lesson 08's experiment: N tiny kernels launched one by one, batched into one kernel, and
// captured into a CUDA graph, for N = 10, 100, 1000, 10000 (the GPU's time, and the host's time of
// the calls that queue them); a loop of launches timed once against each launch timed and summed;
// the host's launch call against the GPU's time per kernel, in the loop and (the student's
// time_graph_run_ms) through a graph. The argument is how many integers each kernel works on
// (default 4000: a tiny kernel).
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

using host_clock = std::chrono::steady_clock;

double ms_between(host_clock::time_point from, host_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// ANCHOR: best_of
// [ms] The GPU's time of `queue(stream)`, events once around it, and the host's time of the calls
// that queued it (from before the first to after the last, waiting for nothing): the best of
// `repeats` each, the stream idle before each repeat.
struct both_times {
  double gpu_ms = 1e30;
  double host_ms = 1e30;
};

template <typename Queue> both_times best_of(Queue&& queue, cudaStream_t stream, int repeats) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  both_times best;
  for (int r = 0; r < repeats; ++r) {
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaEventRecord(start, stream));
    const auto host_start = host_clock::now();
    queue(stream);
    const auto host_stop = host_clock::now();
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float gpu_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&gpu_ms, start, stop));
    best.gpu_ms = std::min(best.gpu_ms, static_cast<double>(gpu_ms));
    best.host_ms = std::min(best.host_ms, ms_between(host_start, host_stop));
  }
  return best;
}
// ANCHOR_END: best_of

} // namespace

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 4000;
  if (count <= 0) {
    std::fprintf(stderr, "usage: %s [integers per kernel, default 4000]\n", argv[0]);
    return 2;
  }
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucourse::device_buffer<unsigned> data(static_cast<std::size_t>(count));
  CUDA_CHECK(cudaMemsetAsync(data.data(), 0, data.bytes(), stream));
  run_naive(data.data(), count, 100, stream); // warm-up: the module loads
  run_batched(data.data(), count, 100, stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::printf("%d integers per kernel\n\n", count);

  // ANCHOR: three_ways
  std::printf("%7s | %10s %10s %10s | %10s %10s %10s %12s\n", "kernels", "naive", "batched",
              "graph", "naive", "batched", "graph", "capture+inst");
  std::printf("%7s | %32s | %45s\n", "", "GPU time [ms], best of 5",
              "host time of the calls [ms], best of 5");
  for (const int n : {10, 100, 1000, 10000}) {
    const both_times naive =
        best_of([&](cudaStream_t s) { run_naive(data.data(), count, n, s); }, stream, 5);
    const both_times batched =
        best_of([&](cudaStream_t s) { run_batched(data.data(), count, n, s); }, stream, 5);
    const auto capture_start = host_clock::now();
    const cuda_graph_exec graph = capture_naive(data.data(), count, n, stream); // once
    const double capture_ms = ms_between(capture_start, host_clock::now());
    if (static_cast<cudaGraphExec_t>(graph) == nullptr) {
      std::printf("%7d | %10.3f %10.3f %10s | %10.3f %10.3f %10s %12s\n", n, naive.gpu_ms,
                  batched.gpu_ms, "no graph", naive.host_ms, batched.host_ms, "-", "-");
      continue;
    }
    replay(graph, stream); // its first launch: uploads the graph to the GPU
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const both_times graphed = best_of([&](cudaStream_t s) { replay(graph, s); }, stream, 5);
    std::printf("%7d | %10.3f %10.3f %10.3f | %10.3f %10.3f %10.3f %12.3f\n", n, naive.gpu_ms,
                batched.gpu_ms, graphed.gpu_ms, naive.host_ms, batched.host_ms, graphed.host_ms,
                capture_ms);
  }
  // ANCHOR_END: three_ways

  // ANCHOR: once_or_summed
  const int iterations = 1000;
  const gpu_work one_step = [&](cudaStream_t s) { run_naive(data.data(), count, 1, s); };
  const double once = best_of(
                          [&](cudaStream_t s) {
                            for (int i = 0; i < iterations; ++i) {
                              one_step(s);
                            }
                          },
                          stream, 5)
                          .gpu_ms;
  double summed = 0;
  for (int i = 0; i < iterations; ++i) {
    summed += best_of(one_step, stream, 1).gpu_ms; // a pair of events and a wait per launch
  }
  std::printf("\n%d launches timed once: %.3f ms; each timed and summed: %.3f ms (%.2f times)\n",
              iterations, once, summed, summed / once);
  // ANCHOR_END: once_or_summed

  // ANCHOR: host_cost
  const both_times loop = best_of(
      [&](cudaStream_t s) {
        for (int i = 0; i < iterations; ++i) {
          one_step(s); // the launch call alone: nothing here waits for the GPU
        }
      },
      stream, 5);
  std::printf(
      "a launch call on the host: %.2f us; the GPU's time per kernel in the loop: %.2f us\n",
      1e3 * loop.host_ms / iterations, 1e3 * loop.gpu_ms / iterations);
  // ANCHOR_END: host_cost

  // ANCHOR: graph_run
  const double graph_run_ms = time_graph_run_ms(one_step, iterations, stream); // yours
  std::printf("the GPU's time per kernel through a graph of %d: %.2f us\n", iterations,
              1e3 * graph_run_ms);
  // ANCHOR_END: graph_run
  return 0;
}
