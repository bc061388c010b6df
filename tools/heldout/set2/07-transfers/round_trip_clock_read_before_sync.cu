// SPDX-License-Identifier: MIT
// expect round_trip_gbps unsynced-stop @100
// Lesson 07: pinned host memory, the link measured with events on streams[0] that streams[1]
// is joined to, and the round trip in chunks over all the streams, timed with the host's clock.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
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

  const double gb = static_cast<double>(bytes) / 1e9;
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
  const std::size_t per_stream_chunks = 4;
  const std::size_t chunks = per_stream_chunks * streams.size();
  const std::size_t chunk = (job.count + chunks - 1) / chunks;

  for (cudaStream_t s : streams) // start from idle streams
    CUDA_CHECK(cudaStreamSynchronize(s));
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t c = 0; c < chunks; ++c) {
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
  const auto t1 = std::chrono::steady_clock::now();
  for (cudaStream_t s : streams) // host_out is ready once every stream is done
    CUDA_CHECK(cudaStreamSynchronize(s));

  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  const double total_bytes = 2.0 * static_cast<double>(job.count * sizeof(std::uint32_t));
  return total_bytes / seconds / 1e9;
}
