// SPDX-License-Identifier: MIT
// expect measure_link slip gib-for-gb
// Lesson 07: pinned host memory, the link measured with events on streams[0] that streams[1]
// is joined to, and the round trip in chunks over all the streams.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* p = nullptr;
  CUDA_CHECK(cudaMallocHost(&p, count * sizeof(std::uint32_t)));
  return host_words(p, free_pinned);
}

namespace {

// Times whatever `copies` queues on streams[0] and streams[1], three times; returns the median.
template <typename F> double median_ms(F copies, const std::vector<cudaStream_t>& streams) {
  gpucourse::cuda_event start, stop;
  gpucourse::cuda_event fork{cudaEventDisableTiming}, join{cudaEventDisableTiming};
  std::vector<float> samples;
  for (int i = 0; i < 3; ++i) {
    CUDA_CHECK(cudaEventRecord(start, streams[0]));
    CUDA_CHECK(cudaEventRecord(fork, streams[0]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[1], fork, 0));
    copies();
    CUDA_CHECK(cudaEventRecord(join, streams[1]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], join, 0));
    CUDA_CHECK(cudaEventRecord(stop, streams[0]));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    samples.push_back(ms);
  }
  std::sort(samples.begin(), samples.end());
  return samples[1];
}

} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words in = allocate_host(count);
  host_words out = allocate_host(count);
  std::memcpy(in.get(), content, bytes);

  auto h2d = [&] {
    CUDA_CHECK(cudaMemcpyAsync(device_in, in.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
  };
  auto d2h = [&] {
    CUDA_CHECK(cudaMemcpyAsync(out.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  };
  h2d(); // warm-up, not timed
  d2h();
  CUDA_CHECK(cudaStreamSynchronize(streams[0]));
  CUDA_CHECK(cudaStreamSynchronize(streams[1]));

  const double gb = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
  link_speeds result;
  result.to_device_gbps = gb / (median_ms(h2d, streams) / 1000.0);
  result.to_host_gbps = gb / (median_ms(d2h, streams) / 1000.0);
  result.both_gbps = 2 * gb /
                     (median_ms(
                          [&] {
                            h2d();
                            d2h();
                          },
                          streams) /
                      1000.0);
  return result;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t num_chunks = 16;
  const std::size_t chunk = (job.count + num_chunks - 1) / num_chunks;
  gpucourse::cuda_event start, stop, fork{cudaEventDisableTiming};
  std::vector<gpucourse::cuda_event> joins(streams.size());

  CUDA_CHECK(cudaEventRecord(start, streams[0]));
  CUDA_CHECK(cudaEventRecord(fork, streams[0]));
  for (std::size_t s = 1; s < streams.size(); ++s)
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], fork, 0));

  for (std::size_t c = 0; c < num_chunks; ++c) {
    const std::size_t first = c * chunk;
    if (first >= job.count)
      break;
    const std::size_t n = std::min(chunk, job.count - first);
    cudaStream_t s = streams[c % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }

  for (std::size_t s = 1; s < streams.size(); ++s) {
    CUDA_CHECK(cudaEventRecord(joins[s], streams[s]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], joins[s], 0));
  }
  CUDA_CHECK(cudaEventRecord(stop, streams[0]));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const double total_bytes = 2.0 * job.count * sizeof(std::uint32_t); // there and back
  return total_bytes / (ms / 1000.0) / 1e9;
}
