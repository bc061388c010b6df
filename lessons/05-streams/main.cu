// SPDX-License-Identifier: MIT
// Lesson 05's experiment: one copy-compute-copy job (host to device, a kernel, device to host),
// run serially on one stream and overlapped over four streams (your run_overlapped), then the
// same overlapped job where it cannot overlap: on the legacy default stream, with pageable host
// memory, and, through your time_marked_pieces, on ordinary (blocking) streams that a call on the
// legacy default stream serializes (and that the same call on the per-thread default stream
// leaves alone).
// Usage: make run LESSON=5 [ARGS="MI_WORDS"] (default 32: 32 Mi words, 128 MiB each way).
// Every time is the median of five runs: from the call to its return (each version returns once
// the result is on the host), so that the versions compare like with like; the marked chunks'
// times are your time_marked_pieces' own, from the first chunk queued until all of it has run.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

namespace {

double median_call_ms(const std::function<void()>& call) {
  call(); // warm-up: the first run loads the kernel and creates what the version creates
  std::vector<double> times_ms;
  for (int i = 0; i < 5; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    const auto start = std::chrono::steady_clock::now();
    call();
    const auto stop = std::chrono::steady_clock::now();
    times_ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  std::sort(times_ms.begin(), times_ms.end());
  return times_ms[2];
}

double event_ms(const std::function<void(cudaStream_t)>& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  work(stream); // warm-up
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}

// The reference's eight chunks as the pieces of your time_marked_pieces: each piece is the next
// chunk's copy in, kernel and copy out on the stream your function hands it, and each marker a
// 4-byte memset on the marker's stream. The median of five of your times, after one as warm-up.
double marked_chunks_ms(const pipeline_job& job, unsigned flags, std::uint32_t* marker_word,
                        cudaStream_t marker_stream) {
  constexpr int chunks = 8;
  const std::size_t per_chunk = (job.count + chunks - 1) / chunks;
  std::size_t next = 0;
  const gpu_work piece = [&](cudaStream_t stream) {
    const std::size_t first = (next++ % chunks) * per_chunk;
    if (first >= job.count)
      return;
    const std::size_t count = std::min(per_chunk, job.count - first);
    const std::size_t bytes = count * sizeof(std::uint32_t);
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first, bytes,
                               cudaMemcpyHostToDevice, stream));
    launch_transform(job, first, count, stream);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first, bytes,
                               cudaMemcpyDeviceToHost, stream));
  };
  const gpu_work marker = [&](cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(marker_word, 0, sizeof(std::uint32_t), stream));
  };
  std::vector<double> times_ms;
  for (int i = 0; i < 6; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    next = 0;
    times_ms.push_back(time_marked_pieces(piece, chunks, flags, marker, marker_stream));
  }
  times_ms.erase(times_ms.begin()); // the warm-up
  std::sort(times_ms.begin(), times_ms.end());
  return times_ms[2];
}

std::vector<cudaStream_t> raw(const std::vector<std::unique_ptr<gpucourse::cuda_stream>>& owned) {
  std::vector<cudaStream_t> streams;
  for (const auto& stream : owned)
    streams.push_back(*stream);
  return streams;
}

} // namespace

int main(int argc, char** argv) {
  const std::size_t mi_words = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 32;
  const std::size_t count = std::max<std::size_t>(mi_words, 1) << 20;
  const std::size_t bytes = count * sizeof(std::uint32_t);

  gpucourse::device_buffer<std::uint32_t> device_in(count), device_out(count), key(1), marker(1);
  CUDA_CHECK(cudaMemset(key.data(), 0x5A, sizeof(std::uint32_t)));
  gpucourse::cuda_event key_ready(cudaEventDisableTiming);
  CUDA_CHECK(cudaEventRecord(key_ready, 0));
  host_words in = allocate_host(count), out = allocate_host(count);
  for (std::size_t i = 0; i < count; ++i)
    in[i] = static_cast<std::uint32_t>(i * 2654435761u);
  pipeline_job job{in.get(), out.get(),  device_in.data(), device_out.data(),
                   count,    key.data(), key_ready,        256};

  std::vector<std::unique_ptr<gpucourse::cuda_stream>> non_blocking;
  for (int i = 0; i < 4; ++i) {
    non_blocking.push_back(std::make_unique<gpucourse::cuda_stream>(cudaStreamNonBlocking));
  }
  const std::vector<cudaStream_t> streams = raw(non_blocking);

  // ANCHOR: calibrate
  // The kernel's arithmetic per word is chosen so that it lasts about as long as the copy in:
  // three steps of equal length are where overlap gains most.
  const double copy_in_ms = event_ms(
      [&](cudaStream_t s) {
        CUDA_CHECK(cudaMemcpyAsync(job.device_in, job.host_in, bytes, cudaMemcpyHostToDevice, s));
      },
      streams[0]);
  const double kernel_256_ms =
      event_ms([&](cudaStream_t s) { launch_transform(job, 0, count, s); }, streams[0]);
  job.rounds = std::clamp(static_cast<int>(256.0 * copy_in_ms / kernel_256_ms), 16, 8192);
  const double
      kernel_found_ms = // once more: the time is linear in rounds once arithmetic limits it
      event_ms([&](cudaStream_t s) { launch_transform(job, 0, count, s); }, streams[0]);
  job.rounds = std::clamp(static_cast<int>(job.rounds * copy_in_ms / kernel_found_ms), 16, 8192);
  // ANCHOR_END: calibrate
  const double kernel_ms =
      event_ms([&](cudaStream_t s) { launch_transform(job, 0, count, s); }, streams[0]);
  const double copy_out_ms = event_ms(
      [&](cudaStream_t s) {
        CUDA_CHECK(cudaMemcpyAsync(job.host_out, job.device_out, bytes, cudaMemcpyDeviceToHost, s));
      },
      streams[0]);

  std::printf("job: %zu Mi words (%zu MiB each way), %d rounds per word\n", count >> 20,
              bytes >> 20, job.rounds);
  std::printf("steps alone (events):  copy in %.3f ms, kernel %.3f ms, copy out %.3f ms\n",
              copy_in_ms, kernel_ms, copy_out_ms);

  // ANCHOR: versions
  const double serial_ms = median_call_ms([&] { run_serial(job, streams[0]); });
  const double overlapped_ms = median_call_ms([&] { run_overlapped(job, streams); });
  const std::vector<cudaStream_t> legacy(4, cudaStreamLegacy);
  const double legacy_ms = median_call_ms([&] { run_overlapped(job, legacy); });
  const auto with_marker = [&](unsigned flags, cudaStream_t marker_stream) {
    return marked_chunks_ms(job, flags, marker.data(), marker_stream); // your time_marked_pieces
  };
  const double marker_non_blocking_ms = with_marker(cudaStreamNonBlocking, cudaStreamLegacy);
  const double marker_ordinary_ms = with_marker(cudaStreamDefault, cudaStreamLegacy);
  const double per_thread_ordinary_ms = with_marker(cudaStreamDefault, cudaStreamPerThread);
  // ANCHOR_END: versions

  std::printf("serial, one stream:                          %8.3f ms\n", serial_ms);
  std::printf("run_overlapped, 4 non-blocking streams:      %8.3f ms  (%.0f%% of serial)\n",
              overlapped_ms, 100.0 * overlapped_ms / serial_ms);
  std::printf("run_overlapped, all on the legacy stream:    %8.3f ms  (%.0f%% of serial)\n",
              legacy_ms, 100.0 * legacy_ms / serial_ms);
  std::printf("chunks + legacy marker, non-blocking streams: %7.3f ms  (%.0f%% of serial)\n",
              marker_non_blocking_ms, 100.0 * marker_non_blocking_ms / serial_ms);
  std::printf("chunks + legacy marker, ordinary streams:    %8.3f ms  (%.0f%% of serial)\n",
              marker_ordinary_ms, 100.0 * marker_ordinary_ms / serial_ms);
  std::printf("chunks + per-thread marker, ordinary streams: %7.3f ms  (%.0f%% of serial)\n",
              per_thread_ordinary_ms, 100.0 * per_thread_ordinary_ms / serial_ms);

  {
    // ANCHOR: pageable
    // The same overlapped job from pageable host memory.
    host_words pageable_in(new std::uint32_t[count], free_pageable);
    host_words pageable_out(new std::uint32_t[count], free_pageable);
    std::copy(in.get(), in.get() + count, pageable_in.get());
    pipeline_job pageable = job;
    pageable.host_in = pageable_in.get();
    pageable.host_out = pageable_out.get();
    const double pageable_ms = median_call_ms([&] { run_overlapped(pageable, streams); });
    // ANCHOR_END: pageable
    std::printf("run_overlapped, pageable host memory:        %8.3f ms  (%.0f%% of serial)\n",
                pageable_ms, 100.0 * pageable_ms / serial_ms);
  }
  return 0;
}
