// SPDX-License-Identifier: MIT
// Times a 2 ms kernel on a cudaStreamNonBlocking stream with events. "same": events recorded on
// that stream; "default": events recorded on the legacy default stream (they do not bracket it).
#include "common.cuh"

#include <cstring>

int main(int argc, char** argv) {
  const bool same = argc < 2 || std::strcmp(argv[1], "default") != 0;
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  spin_kernel<<<1, 1, 0, stream>>>(1000);
  CHECK(cudaStreamSynchronize(stream));
  cudaStream_t event_stream = same ? stream : nullptr;
  CHECK(cudaEventRecord(start, event_stream));
  spin_kernel<<<1, 1, 0, stream>>>(2'000'000);
  CHECK(cudaEventRecordWithFlags(stop, event_stream, 0));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaStreamSynchronize(stream));
  std::printf("events on %s stream: %.3f ms\n", same ? "the work's" : "the default", ms);
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(stream));
  return 0;
}
