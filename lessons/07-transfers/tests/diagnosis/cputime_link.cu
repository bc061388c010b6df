// SPDX-License-Identifier: MIT
// expect measure_link cpu-time-clock @56,59
// Lesson 07. allocate_host pins; measure_link times the copies with clock_gettime around the
// copies and a wait on both streams; round_trip_gbps cuts the job into 16 chunks over the four
// streams and times it with events joined across the streams.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <cstring>
#include <ctime>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

namespace {
double to_ms(const timespec& ts) {
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}
} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words src = allocate_host(count);
  host_words dst = allocate_host(count);
  std::memcpy(src.get(), content, bytes);

  const bool down_only[3] = {true, false, true};
  const bool up_only[3] = {false, true, true};
  auto queue = [&](bool down, bool up) {
    if (down)
      CUDA_CHECK(cudaMemcpyAsync(device_in, src.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
    if (up)
      CUDA_CHECK(cudaMemcpyAsync(dst.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  };
  auto wait_both = [&] {
    CUDA_CHECK(cudaStreamSynchronize(streams[0]));
    CUDA_CHECK(cudaStreamSynchronize(streams[1]));
  };

  queue(true, true); // the untimed copy each way
  wait_both();

  double median_ms[3];
  for (int which = 0; which < 3; ++which) {
    std::vector<double> samples;
    for (int trial = 0; trial < 3; ++trial) {
      timespec before{}, after{};
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before);
      queue(down_only[which], up_only[which]);
      wait_both();
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after);
      samples.push_back(to_ms(after) - to_ms(before));
    }
    std::sort(samples.begin(), samples.end());
    median_ms[which] = samples[1];
  }

  link_speeds speeds;
  speeds.to_device_gbps = static_cast<double>(bytes) / (median_ms[0] / 1e3) / 1e9;
  speeds.to_host_gbps = static_cast<double>(bytes) / (median_ms[1] / 1e3) / 1e9;
  speeds.both_gbps = 2.0 * static_cast<double>(bytes) / (median_ms[2] / 1e3) / 1e9;
  return speeds;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  constexpr std::size_t chunks = 16;
  const std::size_t per_chunk = (job.count + chunks - 1) / chunks;
  const std::size_t n = streams.size();
  gpucourse::cuda_event start, stop, began{cudaEventDisableTiming};
  std::vector<gpucourse::cuda_event> done(n);
  cudaStream_t first = streams.front();
  CUDA_CHECK(cudaEventRecord(start, first));
  CUDA_CHECK(cudaEventRecord(began, first));
  for (std::size_t s = 1; s < n; ++s)
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], began, 0));
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t offset = c * per_chunk;
    if (offset >= job.count)
      break;
    const std::size_t count = std::min(per_chunk, job.count - offset);
    const std::size_t bytes = count * sizeof(std::uint32_t);
    cudaStream_t stream = streams[c % n];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + offset, job.host_in + offset, bytes,
                               cudaMemcpyHostToDevice, stream));
    launch_transfer_kernel(job, offset, count, stream);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + offset, job.device_out + offset, bytes,
                               cudaMemcpyDeviceToHost, stream));
  }
  for (std::size_t s = 1; s < n; ++s) {
    CUDA_CHECK(cudaEventRecord(done[s], streams[s]));
    CUDA_CHECK(cudaStreamWaitEvent(first, done[s], 0));
  }
  CUDA_CHECK(cudaEventRecord(stop, first));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const double bytes = 2.0 * static_cast<double>(job.count * sizeof(std::uint32_t));
  return bytes / (static_cast<double>(ms) * 1e-3) / 1e9;
}
