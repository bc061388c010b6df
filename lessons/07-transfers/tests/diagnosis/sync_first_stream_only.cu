// SPDX-License-Identifier: MIT
// expect round_trip_gbps sync-other-stream @87,88
// Lesson 07: transfers. Pinned host memory, the link measured with events, and a chunked round
// trip over the four streams timed with std::chrono.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* p = nullptr;
  CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&p), count * sizeof(std::uint32_t)));
  return host_words(p, free_pinned);
}

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words in = allocate_host(count);
  host_words out = allocate_host(count);
  std::memcpy(in.get(), content, bytes);
  cudaStream_t s0 = streams[0], s1 = streams[1];

  gpucourse::cuda_event start, stop;
  gpucourse::cuda_event forked(cudaEventDisableTiming), joined(cudaEventDisableTiming);

  // mode 1: to the device, 2: to the host, 3: both at once
  auto one_timing = [&](int mode) -> float {
    CUDA_CHECK(cudaEventRecord(start, s0));
    CUDA_CHECK(cudaEventRecord(forked, s0));
    CUDA_CHECK(cudaStreamWaitEvent(s1, forked, 0));
    if (mode & 1)
      CUDA_CHECK(cudaMemcpyAsync(device_in, in.get(), bytes, cudaMemcpyHostToDevice, s0));
    if (mode & 2)
      CUDA_CHECK(cudaMemcpyAsync(out.get(), device_out, bytes, cudaMemcpyDeviceToHost, s1));
    CUDA_CHECK(cudaEventRecord(joined, s1));
    CUDA_CHECK(cudaStreamWaitEvent(s0, joined, 0));
    CUDA_CHECK(cudaEventRecord(stop, s0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  };
  auto median = [&](int mode) {
    float t[3] = {one_timing(mode), one_timing(mode), one_timing(mode)};
    std::sort(t, t + 3);
    return static_cast<double>(t[1]);
  };

  // warm-up, not timed
  CUDA_CHECK(cudaMemcpyAsync(device_in, in.get(), bytes, cudaMemcpyHostToDevice, s0));
  CUDA_CHECK(cudaMemcpyAsync(out.get(), device_out, bytes, cudaMemcpyDeviceToHost, s1));
  CUDA_CHECK(cudaStreamSynchronize(s0));
  CUDA_CHECK(cudaStreamSynchronize(s1));

  link_speeds r;
  r.to_device_gbps = bytes / (median(1) * 1e-3) / 1e9;
  r.to_host_gbps = bytes / (median(2) * 1e-3) / 1e9;
  r.both_gbps = 2.0 * bytes / (median(3) * 1e-3) / 1e9;
  return r;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t chunks = 16;
  const std::size_t per = (job.count + chunks - 1) / chunks;
  const std::size_t word = sizeof(std::uint32_t);

  CUDA_CHECK(cudaDeviceSynchronize()); // start from an idle GPU
  const auto t_start = std::chrono::steady_clock::now();
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t off = c * per;
    if (off >= job.count)
      break;
    const std::size_t len = std::min(per, job.count - off);
    cudaStream_t st = streams[c % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + off, job.host_in + off, len * word,
                               cudaMemcpyHostToDevice, st));
    launch_transfer_kernel(job, off, len, st);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + off, job.device_out + off, len * word,
                               cudaMemcpyDeviceToHost, st));
  }
  CUDA_CHECK(cudaStreamSynchronize(streams.front())); // wait for the copies back
  const auto t_stop = std::chrono::steady_clock::now();
  const double ms = std::chrono::duration<double, std::milli>(t_stop - t_start).count();

  CUDA_CHECK(cudaDeviceSynchronize()); // host_out complete before we return
  const double bytes = 2.0 * static_cast<double>(job.count * word);
  return bytes / (ms * 1e-3) / 1e9;
}
