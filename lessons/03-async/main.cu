// SPDX-License-Identifier: MIT
// The article's example 3 as a program: the same GEMM on the CPU twice (cases 1 and 2), then on the
// GPU: the first call (case 3), a call timed until it returned (case 4) and, right after it, one
// timed until the GPU had finished (case 5), taken apart into its own GEMM and the earlier work it
// waited for, all through your exercise.cu. Then a sweep of sizes, printed as a table (cpu_ms, the
// launch alone, the GPU time with gpucourse::time_call) and the crossover size.
// Usage: make run LESSON=3 [ARGS="N [n1,n2,...]"] (default N = 4000; sizes 4,8,...,4000).
// Three more experiments, each in a process of its own:
//   ARGS="--cpu-first N"      the first CPU GEMMs of a process, each on new matrices, with no BLAS
//                             call before them (the default run warms the BLAS up first);
//   ARGS="--article-cases N"  the article's cases 3, 4 and 5 queued exactly as it wrote them (new
//                             random inputs before each case, no synchronize between the cases),
//                             then what case 5 contained, each part timed alone with events;
//   ARGS="--launch-burst K"   K launches of a 20 us kernel with no wait, each timed by your
//                             launch_burst: where the launches start to wait, the queue of
//                             pending work is full.
#include "cpu_gemm.h"
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"
#include "size_list.hpp"
#include "time_call.cuh"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Host matrices for the CPU GEMM, filled with values uniform in [-1, 1) like the GPU ones.
struct host_problem {
  explicit host_problem(int size)
      : n(size), a(static_cast<std::size_t>(size) * size), b(a.size()), c(a.size()) {
    std::mt19937 engine(7);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    for (std::size_t i = 0; i < a.size(); ++i) {
      a[i] = uniform(engine);
      b[i] = uniform(engine);
    }
  }
  cpu_work work() {
    return [this] { cpu_multiply(n, a.data(), b.data(), c.data()); };
  }
  int n;
  std::vector<float> a, b, c;
};

struct device_problem {
  device_problem(gpucourse::cublas_handle& cublas, int size) : a(size), b(size), c(size) {
    const std::size_t count = static_cast<std::size_t>(size) * size;
    gpucourse::fill_random(a.values.data(), count, 1);
    gpucourse::fill_random(b.values.data(), count, 2);
    CUDA_CHECK(cudaDeviceSynchronize());
    gemm = [this, &cublas](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };
  }
  gpucourse::square_matrix a, b, c;
  gpu_work gemm;
};

template <typename Measure> double median_of_3(Measure measure) {
  double times[3] = {measure(), measure(), measure()};
  std::sort(times, times + 3);
  return times[1];
}

// A CPU GEMM that would take more than this is skipped (a slow BLAS, a large N).
constexpr double longest_cpu_ms = 5000.0;

// The time a CPU GEMM of size n would take, predicted from a measured one of size 256.
double predicted_cpu_ms(int n, double ms_at_256) {
  return ms_at_256 * std::pow(n / 256.0, 3.0);
}

// ANCHOR: cpu_first
// The first CPU GEMMs of this process: nothing has called the BLAS before the first of them. Each
// call gets new matrices, as the article's cases 1 and 2 did (a1 @ b1, then a2 @ b2), all filled
// before the first clock read.
int cpu_first_calls(int n) {
  constexpr int calls = 6;
  std::vector<host_problem> problems;
  problems.reserve(calls);
  for (int i = 0; i < calls; ++i) {
    problems.emplace_back(n);
  }
  std::printf("CPU GEMM: %s, N = %d, the first %d calls of this process:\n",
              GPUCOURSE_CPU_GEMM_NAME, n, calls);
  for (int i = 0; i < calls; ++i) {
    std::printf("[CPU] call %d time: %.6fs\n", i + 1, time_on_cpu(problems[i].work()) / 1000.0);
  }
  return 0;
}
// ANCHOR_END: cpu_first

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// The article's case 4 and case 5 exactly as it wrote them (whatever exercise.cu does): the clock
// starts with whatever is still queued.
double article_launch_only_ms(const gpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(nullptr);
  return milliseconds_since(start);
}
double article_with_sync_ms(const gpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(nullptr);
  CUDA_CHECK(cudaDeviceSynchronize());
  return milliseconds_since(start);
}

// The GPU time of `work` queued on an idle stream 0, from events around it: the median of five,
// after one untimed call.
template <typename Work> double gpu_ms_alone(Work work) {
  gpucourse::cuda_event start, stop;
  const auto once = [&] {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventRecord(start, nullptr));
    work();
    CUDA_CHECK(cudaEventRecord(stop, nullptr));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return static_cast<double>(ms);
  };
  once();
  double times[5] = {once(), once(), once(), once(), once()};
  std::sort(times, times + 5);
  return times[2];
}

// ANCHOR: article_cases
// Cases 3, 4 and 5 as the article queued them: new random inputs just before each case, and no
// synchronize anywhere until case 5's own.
int article_cases(int n) {
  const std::size_t count = static_cast<std::size_t>(n) * n;
  gpucourse::cublas_handle cublas; // created before the first GEMM, as in lesson 01
  gpucourse::square_matrix a3(n), b3(n), c3(n), a4(n), b4(n), c4(n), a5(n), b5(n), c5(n);
  CUDA_CHECK(cudaDeviceSynchronize()); // nothing is queued yet
  const auto gemm = [&](gpucourse::square_matrix& a, gpucourse::square_matrix& b,
                        gpucourse::square_matrix& c) {
    return [&cublas, pa = &a, pb = &b, pc = &c](cudaStream_t stream) {
      gpucourse::multiply(cublas, *pa, *pb, *pc, stream);
    };
  };
  const auto two_fills = [&](gpucourse::square_matrix& a, gpucourse::square_matrix& b, int seed) {
    gpucourse::fill_random(a.values.data(), count, seed);
    gpucourse::fill_random(b.values.data(), count, seed + 1);
  };
  two_fills(a3, b3, 3);
  const double case_3_ms = article_launch_only_ms(gemm(a3, b3, c3));
  two_fills(a4, b4, 4);
  const double case_4_ms = article_launch_only_ms(gemm(a4, b4, c4));
  two_fills(a5, b5, 5);
  const double case_5_ms = article_with_sync_ms(gemm(a5, b5, c5));
  std::printf("the article's cases 3 to 5, queued as it wrote them (N = %d):\n", n);
  std::printf("[GPU] case 3 time: %.6fs  (first call, launch only)\n", case_3_ms / 1000.0);
  std::printf("[GPU] case 4 time: %.6fs  (launch only)\n", case_4_ms / 1000.0);
  std::printf("[GPU] case 5 time: %.6fs  (launch + cudaDeviceSynchronize)\n", case_5_ms / 1000.0);

  // What case 5's interval can have contained, each part timed alone on an idle GPU.
  const double gemm_ms = gpu_ms_alone([&] { gpucourse::multiply(cublas, a5, b5, c5); });
  const double fills_ms = gpu_ms_alone([&] { two_fills(a5, b5, 5); });
  std::printf("\neach part alone (events, idle GPU, median of 5):\n");
  std::printf("  one GEMM:                       %9.4f ms\n", gemm_ms);
  std::printf("  two random fills:               %9.4f ms\n", fills_ms);
  // Queued before case 5's clock: the GEMMs of cases 3 and 4, and the fills of cases 3, 4 and 5.
  std::printf("  queued before case 5's clock, at most (2 GEMMs, 6 fills): %.4f ms\n",
              2 * gemm_ms + 3 * fills_ms);
  std::printf("  case 5 minus its own GEMM:      %9.4f ms\n", case_5_ms - gemm_ms);
  return 0;
}
// ANCHOR_END: article_cases

// ANCHOR: launch_burst
// Spins for `duration_ns` on the GPU's own clock (%globaltimer): far longer than a launch takes,
// so that a burst of launches runs ahead of the GPU and its queue of pending work fills up.
__global__ void spin_for(unsigned long long duration_ns) {
  unsigned long long start = 0;
  unsigned long long now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < duration_ns);
}

// Launches `count` kernels of 20 us each through your launch_burst, and prints its times by groups
// of launches: the median and the longest launch of each group.
int show_launch_burst(int count) {
  static constexpr unsigned long long kernel_ns = 20'000; // static: the lambda below reads it
  spin_for<<<1, 1>>>(1'000); // loaded now, so that the first timed launch does not load it
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const gpu_work spin = [](cudaStream_t stream) { spin_for<<<1, 1, 0, stream>>>(kernel_ns); };
  const std::vector<double> launch_us = launch_burst(spin, count, nullptr);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  if (launch_us.size() != static_cast<std::size_t>(count)) {
    std::fprintf(stderr, "launch_burst returned %zu times for %d launches\n", launch_us.size(),
                 count);
    return 1;
  }
  const int group = std::max(1, count / 32);
  std::printf("%d launches of a %.0f us kernel, back to back; each launch timed on the host:\n",
              count, kernel_ns / 1000.0);
  std::printf("%15s %12s %12s\n", "launches", "median_us", "longest_us");
  for (int first = 0; first < count; first += group) {
    const int last = std::min(count, first + group);
    std::vector<double> times(launch_us.begin() + first, launch_us.begin() + last);
    std::sort(times.begin(), times.end());
    std::printf("%7d-%-7d %12.2f %12.2f\n", first + 1, last, times[times.size() / 2], times.back());
  }
  return 0;
}
// ANCHOR_END: launch_burst

} // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "--cpu-first") {
    return cpu_first_calls(std::max(1, std::atoi(argv[2])));
  }
  if (argc > 2 && std::string(argv[1]) == "--article-cases") {
    return article_cases(std::max(1, std::atoi(argv[2])));
  }
  if (argc > 2 && std::string(argv[1]) == "--launch-burst") {
    return show_launch_burst(std::max(1, std::atoi(argv[2])));
  }
  const int n = argc > 1 ? std::atoi(argv[1]) : 4000;
  const std::vector<int> sizes =
      gpucourse::parse_sizes(argc > 2 ? argv[2] : "4,8,16,32,64,128,256,512,1024,2048,4000");
  if (n <= 0 || sizes.empty()) {
    std::fprintf(stderr, "usage: %s [N [n1,n2,...]]   (matrix sizes, > 0)\n", argv[0]);
    return 2;
  }
  host_problem calibration(256);
  // Two calls of N = 256: the first untimed, in case the BLAS's first call does one-time work
  // (lesson.md measures first calls with --cpu-first), the second timed for the prediction.
  static_cast<void>(time_on_cpu(calibration.work()));
  const double ms_at_256 = time_on_cpu(calibration.work());
  std::printf("CPU GEMM: %s\n", GPUCOURSE_CPU_GEMM_NAME);

  // ANCHOR: five_cases
  if (predicted_cpu_ms(n, ms_at_256) < longest_cpu_ms) {
    host_problem cpu_1(n), cpu_2(n);
    std::printf("[CPU] case 1 time: %.6fs  (N = %d)\n", time_on_cpu(cpu_1.work()) / 1000.0, n);
    std::printf("[CPU] case 2 time: %.6fs\n", time_on_cpu(cpu_2.work()) / 1000.0);
  } else {
    std::printf("[CPU] cases 1 and 2 skipped: about %.0f s each with this BLAS\n",
                predicted_cpu_ms(n, ms_at_256) / 1000.0);
  }
  gpucourse::cublas_handle cublas; // created before the first GEMM, as in lesson 01
  device_problem gpu_3(cublas, n), gpu_4(cublas, n), gpu_5(cublas, n);
  std::printf("[GPU] case 3 time: %.6fs  (first call, launch only)\n",
              time_launch_only(gpu_3.gemm, nullptr) / 1000.0);
  CUDA_CHECK(cudaDeviceSynchronize()); // case 3's GEMM stays out of case 5 (--article-cases: in)
  const case_5_parts parts = reproduce_case_5(gpu_4.gemm, gpu_5.gemm, nullptr);
  std::printf("[GPU] case 4 time: %.6fs  (launch only)\n", parts.case_4_ms / 1000.0);
  std::printf("[GPU] case 5 time: %.6fs  (launch + cudaDeviceSynchronize)\n",
              parts.case_5_ms / 1000.0);
  std::printf("      case 5's GEMM alone: %.6fs; earlier work inside case 5: %.6fs\n",
              parts.alone_ms / 1000.0, parts.stale_ms / 1000.0);
  // ANCHOR_END: five_cases

  // ANCHOR: sweep
  std::printf("\n%6s %12s %15s %12s\n", "N", "cpu_ms", "gpu_launch_ms", "gpu_sync_ms");
  std::vector<size_timing> table;
  for (const int size : sizes) {
    device_problem gpu(cublas, size);
    gpucourse::time_call(gpu.gemm, nullptr); // warm-up: this size's kernel is loaded now
    const double launch_ms = median_of_3([&] {
      const double ms = time_launch_only(gpu.gemm, nullptr);
      CUDA_CHECK(cudaDeviceSynchronize());
      return ms;
    });
    const double gpu_ms = median_of_3([&] { return gpucourse::time_call(gpu.gemm, nullptr); });
    double cpu_ms = NAN;
    if (predicted_cpu_ms(size, ms_at_256) < longest_cpu_ms) {
      host_problem cpu(size);
      cpu_ms = median_of_3([&] { return time_on_cpu(cpu.work()); });
      table.push_back({size, cpu_ms, gpu_ms});
    }
    std::printf("%6d %12.4f %15.4f %12.4f\n", size, cpu_ms, launch_ms, gpu_ms);
  }
  const int crossover = find_crossover(table);
  std::printf("\ncrossover: the GPU is faster from N = %d on\n", crossover);
  // ANCHOR_END: sweep
  return 0;
}
