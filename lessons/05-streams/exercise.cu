// SPDX-License-Identifier: MIT
// Lesson 05: streams. Split a copy-compute-copy job over several streams so that copies and
// kernels of different chunks overlap, and time one stream's share of the work.
//   1. run_overlapped: the job cut into chunks, spread over the streams you are given. It must
//      give the same bytes as run_serial (exercise.h), in clearly less time.
//   2. time_share: the time of work on one stream while the other streams are busy.
//   3. time_marked_pieces: the legacy default stream's join, produced and timed.
// allocate_host is given: pinned memory, whose copies can overlap with kernels (lesson 00).
// Run `make check LESSON=5` to see how you are doing, and `make hint LESSON=5` when you are
// stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: allocate_host
host_words allocate_host(std::size_t count) {
  // Given, not a task: pinned memory, which lesson 00's compare_host_memory allocates too. A copy
  // from it is queued and returns, so it can overlap with a kernel; one from `new` memory cannot.
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}
// ANCHOR_END: allocate_host

// ANCHOR: run_overlapped
void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  // TODO: this runs the whole job on the first stream, one step after the other. Cut it into
  // chunks, give each chunk its copy in, its kernel and its copy out on one of `streams`, and
  // return only when every chunk is back in job.host_out. Mind job.key_ready: the key is
  // written on another stream, and nothing orders your streams after it unless you say so.
  run_serial(job, streams.front());
}
// ANCHOR_END: run_overlapped

// ANCHOR: time_share
double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  // TODO: return how long `work` takes on the GPU when it runs on streams[which], in
  // milliseconds. The other streams are busy with long work: your number must not include it,
  // and your function must not wait for it.
  work(streams[which]);
  return 0.0;
}
// ANCHOR_END: time_share

// ANCHOR: marked_pieces
double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  // TODO: create four streams with `flags`, and queue the pieces over them in turn, each piece
  // followed by marker(marker_stream). Time it from just before the first piece until all of it
  // has run: the pieces are on four streams and the markers on a fifth, so think about what your
  // clock or your events wait for. Destroy the streams outside the time. This runs everything on
  // the marker's stream and times nothing.
  (void)flags;
  for (int p = 0; p < pieces; ++p) {
    piece(marker_stream);
    marker(marker_stream);
  }
  CUDA_CHECK(cudaStreamSynchronize(marker_stream));
  return 0.0;
}
// ANCHOR_END: marked_pieces
