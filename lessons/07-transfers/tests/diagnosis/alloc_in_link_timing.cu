// SPDX-License-Identifier: MIT
// expect measure_link setup-in-region @40,18
// Lesson 07 -- transfers.
// allocate_host: page-locked memory (cudaMallocHost), so the copy engines can DMA it directly.
// measure_link: each trial works on fresh buffers, timed on the host around the whole trial.
// round_trip_gbps: 12 chunks dealt over the streams, timed with the host clock after a full wait.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  using namespace std::chrono;
  const std::size_t bytes = count * sizeof(std::uint32_t);

  { // one untimed copy each way
    host_words a = allocate_host(count), b = allocate_host(count);
    std::memcpy(a.get(), content, bytes);
    CUDA_CHECK(cudaMemcpyAsync(device_in, a.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
    CUDA_CHECK(cudaMemcpyAsync(b.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
    CUDA_CHECK(cudaStreamSynchronize(streams[0]));
    CUDA_CHECK(cudaStreamSynchronize(streams[1]));
  }

  // [ms] one trial on its own pair of buffers, so no trial reuses another's pages
  auto trial = [&](bool to_device, bool to_host) {
    const auto t0 = steady_clock::now();
    host_words from = allocate_host(count), to = allocate_host(count);
    std::memcpy(from.get(), content, bytes);
    if (to_device)
      CUDA_CHECK(cudaMemcpyAsync(device_in, from.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
    if (to_host)
      CUDA_CHECK(cudaMemcpyAsync(to.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
    CUDA_CHECK(cudaStreamSynchronize(streams[0]));
    CUDA_CHECK(cudaStreamSynchronize(streams[1]));
    const auto t1 = steady_clock::now();
    return duration<double, std::milli>(t1 - t0).count();
  };
  auto median3 = [&](bool to_device, bool to_host) {
    std::vector<double> v{trial(to_device, to_host), trial(to_device, to_host),
                          trial(to_device, to_host)};
    std::sort(v.begin(), v.end());
    return v[1];
  };

  const double gb = static_cast<double>(bytes) / 1e9;
  link_speeds s;
  s.to_device_gbps = gb / (median3(true, false) / 1e3);
  s.to_host_gbps = gb / (median3(false, true) / 1e3);
  s.both_gbps = 2 * gb / (median3(true, true) / 1e3);
  return s;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t parts = 12;
  const std::size_t size = (job.count + parts - 1) / parts;
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t p = 0; p * size < job.count; ++p) {
    const std::size_t lo = p * size;
    const std::size_t len = std::min(size, job.count - lo);
    cudaStream_t s = streams[p % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + lo, job.host_in + lo, len * sizeof(std::uint32_t),
                               cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, lo, len, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + lo, job.device_out + lo, len * sizeof(std::uint32_t),
                               cudaMemcpyDeviceToHost, s));
  }
  CUDA_CHECK(cudaDeviceSynchronize()); // all four streams' copies back are done
  const auto t1 = std::chrono::steady_clock::now();
  const double sec = std::chrono::duration<double>(t1 - t0).count();
  return 2.0 * static_cast<double>(job.count * sizeof(std::uint32_t)) / sec / 1e9;
}
