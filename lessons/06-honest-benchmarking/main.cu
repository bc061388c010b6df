// SPDX-License-Identifier: MIT
// Lesson 06's experiment (make run LESSON=6): what a benchmark's method does to its numbers.
//   1. A 5 us kernel timed once with two events (its first call and its second), against the
//      median of your benchmark().
//   2. A kernel that reads a buffer half the size of the L2 cache: warm (your benchmark(), the
//      buffer stays in the L2 from one run to the next) and cold (your time_warm_and_cold(), the
//      L2 flushed before each run).
//   3. Your benchmark() on that kernel alone, and beside a noisy neighbour: another stream whose
//      kernels fill the GPU now and then.
// With --do-bench it compares your benchmark() with a C++ rendering of triton.testing.do_bench's
// method (lesson.md, "The same job in nvbench and Triton") on kernels of 5 us, 50 us and 1 ms.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace {

__device__ unsigned long long global_timer_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// One thread spins for `ns` on the GPU's clock: work of a known length.
__global__ void spin_ns(unsigned long long ns) {
  const unsigned long long start = global_timer_ns();
  while (global_timer_ns() - start < ns) {
  }
}

// Every block spins for `ns`: launched with 2048 threads per SM, a neighbour that takes every SM's
// thread slots while it runs.
__global__ void fill_gpu_for_ns(unsigned long long ns) {
  const unsigned long long start = global_timer_ns();
  while (global_timer_ns() - start < ns) {
  }
}

// Reads `count` floats and writes one sum per block: memory-bound work whose time depends on
// where the data is (L2 or device memory).
__global__ void read_all(const float* data, std::size_t count, float* sums) {
  float sum = 0.0f;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
    sum += data[i];
  if (sum == -1.0f) // never true for the zeros it reads: keeps the loads, writes nothing
    sums[blockIdx.x] = sum;
}

gpu_work spin_work(double us) {
  return [us](cudaStream_t s) {
    spin_ns<<<1, 1, 0, s>>>(static_cast<unsigned long long>(us * 1000.0));
    CUDA_CHECK_LAUNCH();
  };
}

// ANCHOR: once
// One launch timed once with two events: the method of lesson 04, no benchmark.
double once_ms(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}
// ANCHOR_END: once

double sorted_at(std::vector<double> values, double fraction) {
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(fraction * static_cast<double>(values.size()))];
}

// ANCHOR: do_bench
// triton.testing.do_bench's method as its documentation and source describe it, in C++: estimate
// one run from five, warm up for `warmup_ms`, then time each of the runs that fit in `rep_ms`
// with its own pair of events, each run after an L2 flush; the median and the 20th and 80th
// percentiles.
struct do_bench_result {
  double median_ms, p20_ms, p80_ms;
  int runs;
};
do_bench_result do_bench_like(const gpu_work& work, const gpu_work& flush, cudaStream_t stream,
                              double warmup_ms = 25.0, double rep_ms = 100.0) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < 5; ++i) {
    flush(stream);
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float five_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&five_ms, start, stop));
  const double estimate_ms = std::max(five_ms / 5.0, 1e-6);
  const int warmup_runs = std::max(1, static_cast<int>(warmup_ms / estimate_ms));
  const int timed_runs = std::max(1, static_cast<int>(rep_ms / estimate_ms));
  for (int i = 0; i < warmup_runs; ++i)
    work(stream);
  std::vector<gpucourse::cuda_event> starts(timed_runs);
  std::vector<gpucourse::cuda_event> stops(timed_runs);
  for (int i = 0; i < timed_runs; ++i) {
    flush(stream);
    CUDA_CHECK(cudaEventRecord(starts[i], stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stops[i], stream));
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> times_ms;
  for (int i = 0; i < timed_runs; ++i) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, starts[i], stops[i]));
    times_ms.push_back(ms);
  }
  return {sorted_at(times_ms, 0.5), sorted_at(times_ms, 0.2), sorted_at(times_ms, 0.8), timed_runs};
}
// ANCHOR_END: do_bench

void print_benchmark(const char* what, const benchmark_result& r) {
  std::printf("%-44s median %9.4f ms  noise %5.1f%%  (%d samples)\n", what, r.median_ms,
              r.noise * 100.0, r.samples);
}

} // namespace

int main(int argc, char** argv) {
  const bool do_bench_mode = argc > 1 && std::strcmp(argv[1], "--do-bench") == 0;
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("device: %s, %d SMs, L2 cache %.1f MB\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize / 1e6);
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);

  // The read kernel's buffer: half the L2, so that it fits there; the flush writes 4 L2s.
  const std::size_t read_count = static_cast<std::size_t>(prop.l2CacheSize) / 2 / sizeof(float);
  const std::size_t flush_bytes = static_cast<std::size_t>(prop.l2CacheSize) * 4;
  gpucourse::device_buffer<float> data(read_count);
  gpucourse::device_buffer<float> sums(1024);
  gpucourse::device_buffer<unsigned char> scratch(flush_bytes);
  CUDA_CHECK(cudaMemset(data.data(), 0, data.bytes()));
  const gpu_work read = [&](cudaStream_t s) {
    read_all<<<4 * prop.multiProcessorCount, 256, 0, s>>>(data.data(), read_count, sums.data());
    CUDA_CHECK_LAUNCH();
  };
  // ANCHOR: flush
  const gpu_work flush = [&](cudaStream_t s) {
    CUDA_CHECK(cudaMemsetAsync(scratch.data(), 0, scratch.bytes(), s));
  };
  // ANCHOR_END: flush

  if (do_bench_mode) {
    std::printf("%-22s %-34s %s\n", "work", "your benchmark() (warm)",
                "do_bench-like (L2 flushed before each run)");
    struct named {
      const char* name;
      gpu_work work;
    };
    for (const named& w : {named{"spin 5 us", spin_work(5)}, named{"spin 50 us", spin_work(50)},
                           named{"spin 1 ms", spin_work(1000)}, named{"read half the L2", read}}) {
      const benchmark_result ours = benchmark(w.work, stream);
      const do_bench_result theirs = do_bench_like(w.work, flush, stream);
      std::printf("%-22s %9.4f ms, noise %5.1f%%          %9.4f ms (p20 %.4f, p80 %.4f; %d runs)\n",
                  w.name, ours.median_ms, ours.noise * 100.0, theirs.median_ms, theirs.p20_ms,
                  theirs.p80_ms, theirs.runs);
    }
    return 0;
  }

  // ANCHOR: one_vs_many
  const gpu_work spin5 = spin_work(5);
  const double first_ms = once_ms(spin5, stream); // the kernel's first launch in this process
  const double second_ms = once_ms(spin5, stream);
  std::printf("5 us kernel, one launch timed once: first call %.4f ms, second %.4f ms\n", first_ms,
              second_ms);
  print_benchmark("5 us kernel, your benchmark():", benchmark(spin5, stream));
  // ANCHOR_END: one_vs_many

  // ANCHOR: l2
  print_benchmark("read half the L2, warm (your benchmark()):", benchmark(read, stream));
  // Both of time_warm_and_cold's medians, timed the same way: only the L2 differs between them.
  const cache_times cache = time_warm_and_cold(read, flush, stream);
  std::printf("%-44s median %9.4f ms\n",
              "read half the L2, warm (time_warm_and_cold()):", cache.warm_ms);
  std::printf("%-44s median %9.4f ms\n",
              "read half the L2, cold (time_warm_and_cold()):", cache.cold_ms);
  // ANCHOR_END: l2

  // ANCHOR: neighbour
  // The neighbour: a host thread that launches a kernel filling every SM for 0.2-1 ms on its
  // own stream, then waits 0-2 ms, until told to stop.
  gpucourse::cuda_stream neighbour_stream(cudaStreamNonBlocking);
  std::atomic<bool> stop_neighbour{false};
  std::thread neighbour([&] {
    std::mt19937 draw(42);
    std::uniform_real_distribution<double> busy_us(200.0, 1000.0);
    std::uniform_real_distribution<double> idle_us(0.0, 2000.0);
    while (!stop_neighbour.load()) {
      fill_gpu_for_ns<<<16 * prop.multiProcessorCount, 128, 0, neighbour_stream>>>(
          static_cast<unsigned long long>(busy_us(draw) * 1000.0));
      CUDA_CHECK_LAUNCH();
      CUDA_CHECK(cudaStreamSynchronize(neighbour_stream));
      std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(idle_us(draw))));
    }
  });
  const benchmark_result beside = benchmark(read, stream);
  stop_neighbour.store(true);
  neighbour.join();
  print_benchmark("read half the L2, alone:", benchmark(read, stream));
  print_benchmark("read half the L2, beside a noisy neighbour:", beside);
  // ANCHOR_END: neighbour
  return 0;
}
