// SPDX-License-Identifier: MIT
// expect pass
// Lesson 05: streams. Fixed-size chunks dealt round-robin over the streams, a host clock with
// stream waits for one stream's share, and the marked pieces timed until an event on each of the
// five streams has completed.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <time.h>

host_words allocate_host(std::size_t count) {
  // page-locked, so cudaMemcpyAsync from/to it is truly asynchronous
  void* p = nullptr;
  CUDA_CHECK(cudaHostAlloc(&p, count * sizeof(std::uint32_t), cudaHostAllocDefault));
  return host_words(static_cast<std::uint32_t*>(p), free_pinned);
}

void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t nstreams = streams.size();
  const std::size_t nchunks = 3 * nstreams; // three chunks per stream
  const std::size_t chunk = (job.count + nchunks - 1) / nchunks;
  std::vector<bool> waited(nstreams, false);
  std::size_t k = 0;
  for (std::size_t first = 0; first < job.count; first += chunk, ++k) {
    const std::size_t n = std::min(chunk, job.count - first);
    const std::size_t s = k % nstreams;
    if (!waited[s]) { // before this stream's first kernel: the key must be written
      CUDA_CHECK(cudaStreamWaitEvent(streams[s], job.key_ready, 0));
      waited[s] = true;
    }
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, streams[s]));
    launch_transform(job, first, n, streams[s]);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, streams[s]));
  }
  // everything is queued; now wait for each stream that got a chunk
  for (std::size_t s = 0; s < nstreams; ++s) {
    if (waited[s])
      CUDA_CHECK(cudaStreamSynchronize(streams[s]));
  }
}

namespace {
double monotonic_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}
} // namespace

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  const cudaStream_t mine = streams[static_cast<std::size_t>(which)];
  CUDA_CHECK(cudaStreamSynchronize(mine)); // earlier work on my stream is not mine to time
  const double t0 = monotonic_ms();
  work(mine);
  CUDA_CHECK(cudaStreamSynchronize(mine)); // only my stream: the others keep running
  const double t1 = monotonic_ms();
  return t1 - t0;
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  // setup, outside the timing: the four streams and one sync-only event per stream
  cudaStream_t s[4];
  for (cudaStream_t& x : s)
    CUDA_CHECK(cudaStreamCreateWithFlags(&x, flags));
  gpucourse::cuda_event done[5] = {
      gpucourse::cuda_event(cudaEventDisableTiming), gpucourse::cuda_event(cudaEventDisableTiming),
      gpucourse::cuda_event(cudaEventDisableTiming), gpucourse::cuda_event(cudaEventDisableTiming),
      gpucourse::cuda_event(cudaEventDisableTiming)};

  const auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < pieces; ++p) {
    piece(s[p % 4]);
    marker(marker_stream);
  }
  // the work sits on five streams: mark the end of each, and wait for all five marks
  for (int i = 0; i < 4; ++i)
    CUDA_CHECK(cudaEventRecord(done[i], s[i]));
  CUDA_CHECK(cudaEventRecord(done[4], marker_stream));
  for (auto& e : done)
    CUDA_CHECK(cudaEventSynchronize(e));
  const auto stop = std::chrono::steady_clock::now();

  for (cudaStream_t x : s)
    CUDA_CHECK(cudaStreamDestroy(x));
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
