// SPDX-License-Identifier: MIT
// Lesson 09's experiment (make run LESSON=9): the unfused pair against your fused kernel on
// buffers from 4 KiB to 1 GiB (one buffer's size: n floats), each timed with events, with the
// bandwidth each achieved (your byte counts over its time) and the fused kernel's share of the
// device's copy bandwidth. Then your fused_gbps on the largest buffer. The optional argument is
// the largest buffer in MiB (default 1024). With --first-launch, your time_each_run times instead
// the first launch of your fused kernel in the program and the runs after it, on 1 GiB buffers.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

namespace {

__global__ void fill(float* x, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    x[i] = static_cast<float>(i % 1000) * 0.01f - 5.0f;
}

// ANCHOR: time_per_run
// [ms] One run of `work`: a warm-up, then `runs` runs back to back between two events on
// `stream`, the elapsed time divided by `runs`; the median of three such batches.
double ms_per_run(const std::function<void(cudaStream_t)>& work, cudaStream_t stream, int runs) {
  gpucourse::cuda_event start, stop;
  work(stream); // warm-up
  std::vector<double> per_run;
  for (int batch = 0; batch < 3; ++batch) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int r = 0; r < runs; ++r)
      work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    per_run.push_back(static_cast<double>(ms) / runs);
  }
  std::sort(per_run.begin(), per_run.end());
  return per_run[1];
}
// ANCHOR_END: time_per_run

// ANCHOR: copy_bandwidth
// [GB/s] The device's copy bandwidth: a device-to-device copy of `bytes`, counting the bytes it
// reads and the bytes it writes (2 x bytes) over its time.
double copy_gbps(float* to, const float* from, std::size_t bytes, cudaStream_t stream) {
  const auto copy = [&](cudaStream_t s) {
    CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, s));
  };
  return 2.0 * static_cast<double>(bytes) / (ms_per_run(copy, stream, 5) * 1e-3) / 1e9;
}
// ANCHOR_END: copy_bandwidth

// ANCHOR: first_launch
// The first launch of run_fused in this program (its kernel is loaded then), and three runs after
// it, each timed alone by your time_each_run.
int first_launch(const fusion_job& job, cudaStream_t stream) {
  const gpu_work fused = [&job](cudaStream_t s) { run_fused(job, s); };
  const std::vector<double> run_ms = time_each_run(fused, 4, stream);
  if (run_ms.size() != 4) {
    std::fprintf(stderr, "time_each_run returned %zu times for 4 runs\n", run_ms.size());
    return 1;
  }
  std::printf("run_fused on %zu MiB, one run between two events:\n", job.n * sizeof(float) >> 20);
  std::printf("  first launch: %8.3f ms\n", run_ms[0]);
  for (std::size_t i = 1; i < run_ms.size(); ++i)
    std::printf("  launch %zu:     %8.3f ms\n", i + 1, run_ms[i]);
  return 0;
}
// ANCHOR_END: first_launch

double gbps(std::size_t bytes, double ms) {
  return ms > 0 ? static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0.0;
}

} // namespace

int main(int argc, char** argv) {
  const bool only_first_launch = argc > 1 && std::strcmp(argv[1], "--first-launch") == 0;
  const std::size_t largest_mib =
      argc > 1 && !only_first_launch ? std::strtoull(argv[1], nullptr, 10) : 1024;
  const std::size_t largest = std::max<std::size_t>(largest_mib, 1) << 18; // floats: 2^18 a MiB
  gpucourse::device_buffer<float> x(largest), t(largest), y(largest);
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  fill<<<static_cast<unsigned>((largest + 255) / 256), 256, 0, stream>>>(x.data(), largest);
  CUDA_CHECK_LAUNCH();
  if (only_first_launch) {
    fusion_job job;
    job.x = x.data();
    job.t = t.data();
    job.y = y.data();
    job.n = largest;
    job.a = 0.5f;
    job.b = 1.0f;
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return first_launch(job, stream);
  }

  const double copy = copy_gbps(y.data(), x.data(), x.bytes(), stream);
  std::printf("device-to-device copy of %zu MiB: %.0f GB/s (bytes read + bytes written)\n\n",
              x.bytes() >> 20, copy);
  std::printf("%10s %11s %11s %7s %11s %11s %9s\n", "buffer", "pair [us]", "fused [us]", "ratio",
              "pair GB/s", "fused GB/s", "of copy");

  // ANCHOR: sweep
  for (std::size_t bytes = 4096; bytes <= largest * sizeof(float); bytes *= 4) {
    fusion_job job;
    job.x = x.data();
    job.t = t.data();
    job.y = y.data();
    job.n = bytes / sizeof(float);
    job.a = 0.5f;
    job.b = 1.0f;
    const int runs = bytes < (std::size_t{64} << 20) ? 100 : 5;
    const double pair_ms = ms_per_run([&](cudaStream_t s) { run_unfused(job, s); }, stream, runs);
    const double fused_ms = ms_per_run([&](cudaStream_t s) { run_fused(job, s); }, stream, runs);
    const double pair_gbps = gbps(unfused_bytes(job.n), pair_ms);
    const double fused = gbps(fused_bytes(job.n), fused_ms);
    // ANCHOR_END: sweep
    const bool kib = bytes < (std::size_t{1} << 20);
    std::printf("%6zu %s %11.1f %11.1f %7.2f %11.0f %11.0f %8.0f%%\n",
                kib ? bytes >> 10 : bytes >> 20, kib ? "KiB" : "MiB", pair_ms * 1e3, fused_ms * 1e3,
                fused_ms / pair_ms, pair_gbps, fused, 100.0 * fused / copy);
  }

  fusion_job job;
  job.x = x.data();
  job.t = t.data();
  job.y = y.data();
  job.n = largest;
  job.a = 0.5f;
  job.b = 1.0f;
  std::printf("\nfused_gbps on %zu MiB: %.0f GB/s\n", x.bytes() >> 20, fused_gbps(job, stream));
  return 0;
}
