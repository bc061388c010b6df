// SPDX-License-Identifier: MIT
// The article's example 4 as a program: a warm-up GEMM, then the same GEMM timed by method 1 (a
// host clock and a device-wide sync) and by method 2 (events), both through your exercise.cu.
// Then the same timings with more work queued before them, through your measure_stale_queue,
// which makes the difference between the two methods plain.
// Usage: make run LESSON=4 [ARGS="N"] (default N = 4000).
// Two more experiments, each run on its own:
//   ARGS="--fills [N]"  what the two random fills queued before the article's method 1 add to it,
//                       and what a cudaMalloc of the result inside the interval adds (20 rounds);
//   ARGS="--stale [N]"  the article's method 1 once, with two fills and four GEMMs still queued
//                       when its clock starts and nothing else timed: a short run to record under
//                       the tracer (gpucheck lint --keep-trace) for a timeline of the stale queue.
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// The article's method 1 exactly as it wrote it: the clock starts while earlier work may still be
// queued, and the device-wide synchronize waits for that work too.
double article_method_1(const gpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(nullptr);
  CUDA_CHECK(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The GPU time between two events recorded on stream 0 around `work`, queued on an idle GPU.
template <typename Work> double event_ms(Work work) {
  gpucourse::cuda_event start, stop;
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaEventRecord(start, nullptr));
  work();
  CUDA_CHECK(cudaEventRecord(stop, nullptr));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return static_cast<double>(ms);
}

void print_spread(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("  %-52s %9.4f %9.4f %9.4f\n", what, ms[ms.size() / 2], ms.front(), ms.back());
}

// ANCHOR: fills
// What the two fills queued just before the article's method 1 add to it, against the same timing
// with the queue emptied first; and what one candidate cause of the article's 8 ms, a cudaMalloc of
// the result inside the interval (as PyTorch may do for `a1 @ b1`), adds. The rounds alternate the
// variants so that a slow spell of the machine lands on each alike.
int measure_fills(gpucourse::cublas_handle& cublas, gpucourse::square_matrix& a,
                  gpucourse::square_matrix& b, gpucourse::square_matrix& c) {
  constexpr int rounds = 20;
  const std::size_t count = static_cast<std::size_t>(a.n) * a.n;
  const auto two_fills = [&](int seed) {
    gpucourse::fill_random(a.values.data(), count, seed);
    gpucourse::fill_random(b.values.data(), count, seed + 1);
  };
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };
  std::vector<double> fills_queued, queue_empty, with_malloc, fills_alone, gemm_alone;
  for (int round = 0; round < rounds; ++round) {
    CUDA_CHECK(cudaDeviceSynchronize());
    two_fills(10 + round); // queued, not waited for: the article's case
    fills_queued.push_back(article_method_1(gemm));

    two_fills(10 + round);
    CUDA_CHECK(cudaDeviceSynchronize()); // the fills are done before the clock starts
    queue_empty.push_back(article_method_1(gemm));

    CUDA_CHECK(cudaDeviceSynchronize());
    float* result_to_free = nullptr; // the product's output, allocated inside the interval
    with_malloc.push_back(article_method_1([&](cudaStream_t stream) {
      float* output = nullptr;
      CUDA_CHECK(cudaMalloc(&output, count * sizeof(float)));
      const float one = 1.0f;
      const float zero = 0.0f;
      CUBLAS_CHECK(cublasSetStream(cublas, stream));
      CUBLAS_CHECK(cublasSgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_N, a.n, a.n, a.n, &one,
                               a.values.data(), a.n, b.values.data(), a.n, &zero, output, a.n));
      result_to_free = output;
    }));
    CUDA_CHECK(cudaFree(result_to_free)); // after the clock stopped

    fills_alone.push_back(event_ms([&] { two_fills(10 + round); }));
    gemm_alone.push_back(event_ms([&] { gemm(nullptr); }));
  }
  std::printf("N = %d, %d rounds:\n  %-52s %9s %9s %9s\n", a.n, rounds, "[ms]", "median", "min",
              "max");
  print_spread("article's method 1, two fills queued before", fills_queued);
  print_spread("article's method 1, queue empty", queue_empty);
  print_spread("article's method 1, queue empty, cudaMalloc inside", with_malloc);
  print_spread("two fills alone (events)", fills_alone);
  print_spread("the GEMM alone (events)", gemm_alone);
  return 0;
}
// ANCHOR_END: fills

// ANCHOR: stale
// The stale-queue case in a short run, for the tracer: after an untimed warm-up, two fills and four
// GEMMs are queued and not waited for, then the article's method 1 times one more GEMM.
int stale_queue_once(gpucourse::cublas_handle& cublas, gpucourse::square_matrix& a,
                     gpucourse::square_matrix& b, gpucourse::square_matrix& c) {
  constexpr int queued_gemms = 4;
  const std::size_t count = static_cast<std::size_t>(a.n) * a.n;
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  gemm(nullptr); // warm-up, untimed
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucourse::fill_random(a.values.data(), count, 3);
  gpucourse::fill_random(b.values.data(), count, 4);
  for (int i = 0; i < queued_gemms; ++i) {
    gemm(nullptr);
  }
  const double ms = article_method_1(gemm);
  std::printf("[GPU] article's method 1 with 2 fills and %d GEMMs queued: %.6fs\n", queued_gemms,
              ms / 1000.0);
  return 0;
}
// ANCHOR_END: stale

} // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 && argv[1][0] == '-' ? argv[1] : "";
  const int size_argument = mode.empty() ? 1 : 2;
  const int n = argc > size_argument ? std::atoi(argv[size_argument]) : 4000;
  if (n <= 0 || !(mode.empty() || mode == "--fills" || mode == "--stale")) {
    std::fprintf(stderr, "usage: %s [--fills | --stale] [N]   (N > 0, the matrices' size)\n",
                 argv[0]);
    return 2;
  }
  gpucourse::square_matrix a(n), b(n), c(n);
  const std::size_t count = static_cast<std::size_t>(n) * n;
  if (mode == "--stale") {
    gpucourse::cublas_handle cublas;
    return stale_queue_once(cublas, a, b, c);
  }

  // ANCHOR: warm_up
  // Warm-up: the first GEMM pays for the cuBLAS handle and for loading its kernels.
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto t0 = std::chrono::steady_clock::now();
  gpucourse::cublas_handle cublas;
  gpucourse::multiply(cublas, a, b, c);
  CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("[GPU] warm-up time:   %.6fs  (N = %d: handle, first GEMM, synchronized)\n",
              seconds_since(t0), n);
  // ANCHOR_END: warm_up
  if (mode == "--fills") {
    return measure_fills(cublas, a, b, c);
  }

  // ANCHOR: two_methods
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };

  // As in the article, new random inputs are queued just before each timing.
  gpucourse::fill_random(a.values.data(), count, 3);
  gpucourse::fill_random(b.values.data(), count, 4);
  std::printf("[GPU] method 1 time:  %.6fs  (host clock + cudaDeviceSynchronize)\n",
              time_with_device_sync(gemm, nullptr) / 1000.0);

  gpucourse::fill_random(a.values.data(), count, 5);
  gpucourse::fill_random(b.values.data(), count, 6);
  std::printf("[GPU] method 2 time:  %.6fs  (events)\n", time_with_events(gemm, nullptr) / 1000.0);
  // ANCHOR_END: two_methods

  // ANCHOR: more_queued
  // On a fast GPU two random fills take microseconds, so queue something that takes longer: ten
  // GEMMs, still running when the clock starts. Your measure_stale_queue times the GEMM with
  // them queued (the article's method 1 as it wrote it) and with the queue emptied first.
  constexpr int queued_gemms = 10;
  const gpu_work queue_gemms = [&](cudaStream_t stream) {
    for (int i = 0; i < queued_gemms; ++i) {
      gemm(stream);
    }
  };
  const stale_queue_times stale = measure_stale_queue(queue_gemms, gemm, nullptr);
  queue_gemms(nullptr);
  const double method_2_ms = time_with_events(gemm, nullptr);
  std::printf("with %d GEMMs queued before each timing:\n", queued_gemms);
  std::printf("[GPU] article's method 1:  %.6fs  (no synchronize before the clock starts)\n",
              stale.queued_ms / 1000.0);
  std::printf("[GPU] your method 1:       %.6fs\n[GPU] your method 2:       %.6fs\n",
              stale.emptied_ms / 1000.0, method_2_ms / 1000.0);
  // ANCHOR_END: more_queued
  return 0;
}
