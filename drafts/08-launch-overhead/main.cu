// SPDX-License-Identifier: MIT
// Lesson 08's experiment (DRAFT, see PLAN.md; not yet run on a GPU): N tiny kernels launched one
// by one, batched into one kernel, and captured into a CUDA graph, for N = 10, 100, 1000, 10000;
// the naive loop timed once around all its launches against each launch timed and summed; the
// host's launch call against the GPU's time per kernel.
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>
#include <cstdio>
#include <vector>

namespace {

constexpr int count = 4096; // integers: 16 blocks of 256 threads, a tiny kernel

// [ms] The GPU time of `queue(stream)`, events once around it, the best of `repeats`.
template <typename Queue> double best_gpu_ms(Queue&& queue, cudaStream_t stream, int repeats) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    queue(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    best = ms < best ? ms : best;
  }
  return best;
}

} // namespace

int main() {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucourse::device_buffer<unsigned> data(count);
  CUDA_CHECK(cudaMemsetAsync(data.data(), 0, data.bytes(), stream));
  run_naive(data.data(), count, 100, stream); // warm-up: the module loads, the clocks rise
  CUDA_CHECK(cudaStreamSynchronize(stream));

  // ANCHOR: three_ways
  std::printf("%8s %12s %12s %12s %14s\n", "kernels", "naive ms", "batched ms", "graph ms",
              "naive us/kern");
  for (const int n : {10, 100, 1000, 10000}) {
    const double naive =
        best_gpu_ms([&](cudaStream_t s) { run_naive(data.data(), count, n, s); }, stream, 5);
    const double batched =
        best_gpu_ms([&](cudaStream_t s) { run_batched(data.data(), count, n, s); }, stream, 5);
    const cuda_graph_exec graph = capture_naive(data.data(), count, n, stream); // once
    replay(graph, stream);                                                      // its first launch
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const double graphed = best_gpu_ms([&](cudaStream_t s) { replay(graph, s); }, stream, 5);
    std::printf("%8d %12.3f %12.3f %12.3f %14.2f\n", n, naive, batched, graphed, 1e3 * naive / n);
  }
  // ANCHOR_END: three_ways

  // ANCHOR: once_or_summed
  const int iterations = 1000;
  const gpu_work one_step = [&](cudaStream_t s) { run_naive(data.data(), count, 1, s); };
  const double once = best_gpu_ms(
      [&](cudaStream_t s) {
        for (int i = 0; i < iterations; ++i) {
          one_step(s);
        }
      },
      stream, 5);
  double summed = 0;
  for (int i = 0; i < iterations; ++i) {
    summed += best_gpu_ms(one_step, stream, 1); // a pair of events and a wait per launch
  }
  std::printf("\n%d launches timed once: %.3f ms; each timed and summed: %.3f ms (%.1f times)\n",
              iterations, once, summed, summed / once);
  // ANCHOR_END: once_or_summed

  // ANCHOR: host_cost
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto host_start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) {
    one_step(stream); // the launch call alone: nothing here waits for the GPU
  }
  const auto host_stop = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const double host_us =
      std::chrono::duration<double, std::micro>(host_stop - host_start).count() / iterations;
  std::printf("launch call on the host: %.2f us; GPU time per kernel in the loop: %.2f us\n",
              host_us, 1e3 * once / iterations);
  // ANCHOR_END: host_cost
  return 0;
}
