// SPDX-License-Identifier: MIT
// The article's example 2, extended to a sweep of sizes. For each N it prints, measured with your
// warm_up_until_stable:
//   first_fresh_ms    the first GEMM in a fresh process (this program started again for that N)
//   first_in_process_ms  the first GEMM of that N in one process that has already run the
//                     smaller sizes (the context and the cuBLAS handle already exist)
//   steady_ms         the median of the warm GEMMs of that N
//   warm_up_cost_ms   your warm_up_cost_ms, from the fresh process (every call of its warm-up)
// Usage: make run LESSON=2 [ARGS="n1,n2,..."] (default 4,16,64,256,1024,2048,4000).
// With ARGS="--processes K [n1,n2,...]" it measures, instead, each size's first GEMM in K fresh
// processes with your first_gemm_in_processes (round 1: every size once, then round 2, ..., each
// round in a new order), and prints the spread of each size's first times: it tells the variation
// from one process to the next apart from a difference between sizes.
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"
#include "size_list.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

constexpr int repetitions = 5;

// What a fresh process measured: its first GEMM, the steady median, and the warm-up's cost.
struct fresh_numbers {
  double first_ms = 0;  // [ms]
  double steady_ms = 0; // [ms]
  double cost_ms = 0;   // [ms]
};

// The first call's time: the first of the warm-up; without a warm-up the first call was already
// steady, and the steady time stands for it.
double first_call_ms(const warm_up_timing& timing) {
  return timing.warm_up_ms.empty() ? timing.steady_ms : timing.warm_up_ms.front();
}

// ANCHOR: one_size
// A GEMM of size n with its inputs ready; the handle is created before anything is timed.
warm_up_timing measure_gemm(gpucourse::cublas_handle& cublas, int n) {
  gpucourse::square_matrix a(n), b(n), c(n);
  const std::size_t count = static_cast<std::size_t>(n) * n;
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  CUDA_CHECK(cudaDeviceSynchronize());
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };
  return warm_up_until_stable(gemm, nullptr, repetitions);
}
// ANCHOR_END: one_size

// In the fresh process: create the context and the handle, measure one size, print the numbers.
int measure_in_this_fresh_process(int n) {
  CUDA_CHECK(cudaFree(nullptr));
  gpucourse::cublas_handle cublas;
  const warm_up_timing timing = measure_gemm(cublas, n);
  std::printf("%.9g %.9g %.9g\n", first_call_ms(timing), timing.steady_ms, warm_up_cost_ms(timing));
  return 0;
}

// ANCHOR: fresh_process
// Starts this program again as `PROGRAM --fresh N` and reads the three numbers it prints. The new
// process creates its context and cuBLAS handle before it times anything, so its first GEMM pays
// for loading modules and for cuBLAS's first-call work only.
bool measure_in_fresh_process(int n, fresh_numbers& timing) {
  char program[4096] = {};
  if (readlink("/proc/self/exe", program, sizeof program - 1) <= 0) {
    return false;
  }
  const std::string command = "'" + std::string(program) + "' --fresh " + std::to_string(n);
  std::FILE* output = popen(command.c_str(), "r");
  if (output == nullptr) {
    return false;
  }
  const int read =
      std::fscanf(output, "%lf %lf %lf", &timing.first_ms, &timing.steady_ms, &timing.cost_ms);
  return pclose(output) == 0 && read == 3;
}
// ANCHOR_END: fresh_process

// Each size's first GEMM in `processes` fresh processes, measured by your first_gemm_in_processes,
// which takes the sizes in a new order every round; the orders they ran in are printed last.
int compare_processes(int processes, const std::vector<int>& sizes) {
  std::vector<int> ran;                         // each process's N, in the order they ran
  std::map<int, std::vector<double>> steady_ms; // each size's steady medians, one a process
  const first_gemm_in_new_process first_gemm = [&](int n) {
    fresh_numbers timing;
    if (!measure_in_fresh_process(n, timing)) {
      std::fprintf(stderr, "the fresh process for N = %d failed\n", n);
      std::exit(1);
    }
    ran.push_back(n);
    steady_ms[n].push_back(timing.steady_ms);
    return timing.first_ms;
  };
  const std::vector<first_gemm_spread> spreads =
      first_gemm_in_processes(sizes, processes, first_gemm);
  if (spreads.size() != sizes.size()) {
    std::fprintf(stderr, "first_gemm_in_processes returned %zu entries for %zu sizes\n",
                 spreads.size(), sizes.size());
    return 1;
  }
  std::printf("first GEMM of a fresh process, %d processes per size:\n", processes);
  std::printf("%6s %10s %10s %10s %10s %12s\n", "N", "min_ms", "median_ms", "max_ms", "spread_ms",
              "steady_ms");
  for (const first_gemm_spread& size : spreads) {
    std::vector<double> first = size.first_ms;
    std::sort(first.begin(), first.end());
    std::vector<double> steady = steady_ms[size.n];
    std::sort(steady.begin(), steady.end());
    std::printf("%6d %10.3f %10.3f %10.3f %10.3f %12.4f\n", size.n,
                first.empty() ? 0.0 : first.front(), size.median_ms,
                first.empty() ? 0.0 : first.back(), size.spread_ms,
                steady.empty() ? 0.0 : steady[steady.size() / 2]);
  }
  std::printf("\neach process's first GEMM [ms], in the order they ran:\n");
  for (const first_gemm_spread& size : spreads) {
    std::printf("%6d", size.n);
    for (const double ms : size.first_ms) {
      std::printf(" %6.1f", ms);
    }
    std::printf("\n");
  }
  std::printf("\nthe sizes in the order their processes ran, one round a line:\n");
  for (std::size_t i = 0; i < ran.size(); ++i) {
    std::printf("%6d%s", ran[i], (i + 1) % sizes.size() == 0 || i + 1 == ran.size() ? "\n" : "");
  }
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::strcmp(argv[1], "--fresh") == 0) {
    return measure_in_this_fresh_process(std::atoi(argv[2]));
  }
  if (argc > 2 && std::strcmp(argv[1], "--processes") == 0) {
    const int processes = std::atoi(argv[2]);
    const std::vector<int> sizes =
        gpucourse::parse_sizes(argc > 3 ? argv[3] : "4,16,64,256,1024,2048,4000");
    if (processes < 1 || sizes.empty()) {
      std::fprintf(stderr, "usage: %s --processes K [n1,n2,...]   (K >= 1, sizes > 0)\n", argv[0]);
      return 2;
    }
    return compare_processes(processes, sizes);
  }
  const std::vector<int> sizes =
      gpucourse::parse_sizes(argc > 1 ? argv[1] : "4,16,64,256,1024,2048,4000");
  if (sizes.empty()) {
    std::fprintf(stderr, "usage: %s [n1,n2,...]   (matrix sizes, > 0)\n", argv[0]);
    return 2;
  }

  // ANCHOR: sweep
  std::vector<fresh_numbers> fresh(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!measure_in_fresh_process(sizes[i], fresh[i])) {
      std::fprintf(stderr, "the fresh process for N = %d failed\n", sizes[i]);
      return 1;
    }
  }
  // Now all sizes in this one process, in turn: context and handle first, then the GEMMs.
  CUDA_CHECK(cudaFree(nullptr));
  gpucourse::cublas_handle cublas;
  std::printf("%6s %15s %20s %12s %16s\n", "N", "first_fresh_ms", "first_in_process_ms",
              "steady_ms", "warm_up_cost_ms");
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const warm_up_timing in_process = measure_gemm(cublas, sizes[i]);
    std::printf("%6d %15.3f %20.3f %12.4f %16.3f\n", sizes[i], fresh[i].first_ms,
                first_call_ms(in_process), fresh[i].steady_ms, fresh[i].cost_ms);
  }
  // ANCHOR_END: sweep
  return 0;
}
