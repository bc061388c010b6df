// SPDX-License-Identifier: MIT
// Times a 2 ms kernel with std::chrono. "correct": device sync before the stop; "unsynced": the
// stop is read right after the launch. Also reads gettimeofday through one helper from two places
// (the two reads must get two different sites).
#include "common.cuh"

#include <chrono>
#include <cstring>
#include <sys/time.h>

static double wall_time() {
  timeval tv;
  gettimeofday(&tv, nullptr);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char** argv) {
  const bool synced = argc < 2 || std::strcmp(argv[1], "unsynced") != 0;
  spin_kernel<<<1, 1>>>(1000); // warm-up: context, module
  CHECK(cudaDeviceSynchronize());
  const double w0 = wall_time();
  auto t0 = std::chrono::steady_clock::now();
  spin_kernel<<<1, 1>>>(2'000'000);
  CHECK(cudaGetLastError());
  if (synced) {
    CHECK(cudaDeviceSynchronize());
  }
  auto t1 = std::chrono::steady_clock::now();
  const double w1 = wall_time();
  CHECK(cudaDeviceSynchronize());
  std::printf("chrono %.3f ms, gettimeofday %.3f ms (%s)\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count(), (w1 - w0) * 1e3,
              synced ? "synced" : "unsynced");
  return 0;
}
