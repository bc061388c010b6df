// SPDX-License-Identifier: MIT
// expect round_trip_gbps event-stream-mismatch @83,100
// Issue 42 corpus, the reference but for one slip: a fork without a join. The round trip's start
// and stop events are on streams[0], the chunks go to the other streams, which wait for the start
// and are never joined back, so the stop is recorded behind no copy at all.
// Lesson 07, the rest as the reference: pinned host memory; the link measured each way alone and
// both ways at once.
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

// [ms] The median of three timings of what `copies` queues on streams[0] and streams[1]: from a
// start event on streams[0], which streams[1] waits for, to a stop event there that waits for
// streams[1]'s copies.
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
  host_words from = allocate_host(count), to = allocate_host(count); // before any timing
  std::memcpy(from.get(), content, bytes);
  const auto to_device = [&] {
    CUDA_CHECK(cudaMemcpyAsync(device_in, from.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
  };
  const auto to_host = [&] {
    CUDA_CHECK(cudaMemcpyAsync(to.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  };
  to_device(); // one untimed copy each way
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
  speeds.both_gbps = 2.0 * gigabytes / (median_link_ms(both, streams) * 1e-3); // both copies' bytes
  return speeds; // every copy has ended: the buffers may go
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  constexpr std::size_t chunks = 16;
  const std::size_t per_chunk = (job.count + chunks - 1) / chunks;
  const std::size_t n = streams.size();
  // Created here, not timed: an event's creation is host work of a few microseconds.
  gpucourse::cuda_event start, stop, began{cudaEventDisableTiming};
  cudaStream_t first = streams.front();
  CUDA_CHECK(cudaEventRecord(start, first));
  CUDA_CHECK(cudaEventRecord(began, first));
  for (std::size_t s = 1; s < n; ++s) // no stream starts before the start event
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], began, 0));
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t offset = c * per_chunk;
    if (offset >= job.count)
      break;
    const std::size_t count = std::min(per_chunk, job.count - offset);
    const std::size_t bytes = count * sizeof(std::uint32_t);
    cudaStream_t stream = streams[1 + c % (n - 1)]; // streams[0] keeps the clock
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + offset, job.host_in + offset, bytes,
                               cudaMemcpyHostToDevice, stream));
    launch_transfer_kernel(job, offset, count, stream);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + offset, job.device_out + offset, bytes,
                               cudaMemcpyDeviceToHost, stream));
  }
  CUDA_CHECK(cudaEventRecord(stop, first));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  for (std::size_t s = 1; s < n; ++s) // host_out is whole before the function returns
    CUDA_CHECK(cudaStreamSynchronize(streams[s]));
  const double bytes = 2.0 * static_cast<double>(job.count * sizeof(std::uint32_t)); // both ways
  return bytes / (static_cast<double>(ms) * 1e-3) / 1e9;
}
