// SPDX-License-Identifier: MIT
// expect round_trip_gbps slip gib-for-gb
// Lesson 07: pinned memory, the link each way and both at once, and the round trip in chunks.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

namespace {

template <typename Copies>
double median_link_ms(const Copies& copies, const std::vector<cudaStream_t>& streams) {
  gpucourse::cuda_event start, stop, began{cudaEventDisableTiming}, done{cudaEventDisableTiming};
  std::vector<float> times(3);
  for (float& ms : times) {
    CUDA_CHECK(cudaEventRecord(start, streams[0]));
    CUDA_CHECK(cudaEventRecord(began, streams[0]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[1], began, 0));
    copies();
    CUDA_CHECK(cudaEventRecord(done, streams[1]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], done, 0));
    CUDA_CHECK(cudaEventRecord(stop, streams[0]));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  }
  std::sort(times.begin(), times.end());
  return static_cast<double>(times[1]);
}

} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words from = allocate_host(count), to = allocate_host(count);
  std::memcpy(from.get(), content, bytes);
  const auto to_device = [&] {
    CUDA_CHECK(cudaMemcpyAsync(device_in, from.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
  };
  const auto to_host = [&] {
    CUDA_CHECK(cudaMemcpyAsync(to.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  };
  to_device();
  to_host();
  CUDA_CHECK(cudaStreamSynchronize(streams[0]));
  CUDA_CHECK(cudaStreamSynchronize(streams[1]));
  const double gigabytes = static_cast<double>(bytes) / 1e9;
  link_speeds speeds;
  speeds.to_device_gbps = gigabytes / (median_link_ms(to_device, streams) * 1e-3);
  speeds.to_host_gbps = gigabytes / (median_link_ms(to_host, streams) * 1e-3);
  const auto both = [&] {
    to_device();
    to_host();
  };
  speeds.both_gbps = 2.0 * gigabytes / (median_link_ms(both, streams) * 1e-3);
  return speeds;
}

// The round trip: 8 chunks per stream, dealt out round robin. The first stream holds the start
// and stop events; the others fork from the start and join back before the stop.
double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const int nstreams = static_cast<int>(streams.size());
  const int nchunks = 8 * nstreams;
  const std::size_t chunk = (job.count + nchunks - 1) / nchunks;
  gpucourse::cuda_event t0, t1, fork{cudaEventDisableTiming};
  std::vector<gpucourse::cuda_event> joins;
  for (int s = 0; s < nstreams; ++s)
    joins.emplace_back(cudaEventDisableTiming);

  CUDA_CHECK(cudaEventRecord(t0, streams[0]));
  CUDA_CHECK(cudaEventRecord(fork, streams[0]));
  for (int s = 1; s < nstreams; ++s)
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], fork, 0));

  for (int c = 0; c < nchunks; ++c) {
    const std::size_t first = static_cast<std::size_t>(c) * chunk;
    if (first >= job.count)
      break;
    const std::size_t n = std::min(chunk, job.count - first);
    cudaStream_t s = streams[c % nstreams];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }

  for (int s = 1; s < nstreams; ++s) {
    CUDA_CHECK(cudaEventRecord(joins[s], streams[s]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], joins[s], 0));
  }
  CUDA_CHECK(cudaEventRecord(t1, streams[0]));
  CUDA_CHECK(cudaEventSynchronize(t1));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

  const double total_bytes = 2.0 * static_cast<double>(job.count) * sizeof(std::uint32_t);
  const double giga = 1024.0 * 1024.0 * 1024.0; // one GB
  return total_bytes / giga / (static_cast<double>(ms) / 1000.0);
}
