// SPDX-License-Identifier: MIT
// How much a host clock around a synchronize adds to the work it times, on this machine, now.
//
// It times known work the way a correct submission does (sync, clock, launch, sync, clock) and
// prints the excess over the work's own %globaltimer stamps: by method (device or stream sync),
// with 15-30 ms of earlier work queued or not, by the work's length, in the host's wait mode.
// The work is the checker's own kernel of known duration, so the excess is the one lesson 04's
// host-clock checks see (solutions/04-two-sync-methods/tolerances.md). A recorded run:
// bench/results/experiments/2026-12-08-nvidia-h100-80gb-hbm3-host-round-trip.txt.
//
// From the repository's root:
//   nvcc -O2 -std=c++17 -I checker -I lessons/common -o build/host_round_trip \
//     bench/experiments/host_round_trip.cu checker/checkapi/known_duration_work.cu \
//     checker/checkapi/random_draw.cpp
//   build/host_round_trip [auto|spin|yield|blocking]     # the host's wait (cudaSetDeviceFlags)
#include "checkapi/known_duration_work.cuh"
#include "checkapi/random_draw.hpp"
#include "checkapi/statistics.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sched.h>
#include <string>
#include <vector>

namespace {

struct case_result {
  std::string name;
  std::vector<double> excess_us;
};

unsigned device_flag(const char* name) {
  if (std::strcmp(name, "spin") == 0)
    return cudaDeviceScheduleSpin;
  if (std::strcmp(name, "yield") == 0)
    return cudaDeviceScheduleYield;
  if (std::strcmp(name, "blocking") == 0)
    return cudaDeviceScheduleBlockingSync;
  return cudaDeviceScheduleAuto;
}

} // namespace

int main(int argc, char** argv) {
  const char* wait = argc > 1 ? argv[1] : "auto";
  CUDA_CHECK(cudaSetDeviceFlags(device_flag(wait)));
  const int cpu_at_start = sched_getcpu();
  const gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::known_duration_work earlier;
  gpucheck::known_duration_work work;
  work.enqueue(stream, 0.01); // load the kernel
  CUDA_CHECK(cudaDeviceSynchronize());

  const auto between = gpucheck::random_between;
  std::vector<case_result> cases;
  constexpr int trials = 20;
  for (const bool device_sync : {true, false}) {
    for (const bool queued_before : {true, false}) {
      for (const bool short_work : {true, false}) {
        case_result result;
        result.name = std::string(device_sync ? "device-sync" : "stream-sync") +
                      (queued_before ? " after 15-30 ms queued" : " on an idle GPU     ") +
                      (short_work ? ", work 0.5-1.2 ms" : ", work 1.2-5 ms  ");
        for (int trial = 0; trial < trials; ++trial) {
          const double work_ms = short_work ? between(0.5, 1.2) : between(1.2, 5.0);
          if (queued_before)
            earlier.enqueue(stream, between(15.0, 30.0));
          // What a correct submission does: empty the queue, then clock, work, wait, clock.
          CUDA_CHECK(device_sync ? cudaDeviceSynchronize() : cudaStreamSynchronize(stream));
          const auto begin = std::chrono::steady_clock::now();
          work.enqueue(stream, work_ms);
          CUDA_CHECK(device_sync ? cudaDeviceSynchronize() : cudaStreamSynchronize(stream));
          const auto end = std::chrono::steady_clock::now();
          const double host_us = std::chrono::duration<double, std::micro>(end - begin).count();
          result.excess_us.push_back(host_us - work.last_true_ms() * 1e3);
        }
        cases.push_back(result);
      }
    }
  }
  std::printf("wait=%s cpu %d..%d; excess of the host clock over the work, us (%d trials):\n", wait,
              cpu_at_start, sched_getcpu(), trials);
  for (const case_result& c : cases) {
    const auto at = [&c](double fraction) {
      return gpucheck::sorted_position(c.excess_us, fraction);
    };
    const auto over =
        std::count_if(c.excess_us.begin(), c.excess_us.end(), [](double us) { return us > 50.0; });
    std::printf("  %-58s min %6.1f  p50 %6.1f  p90 %6.1f  max %7.1f  over 50 us: %2ld\n",
                c.name.c_str(), at(0.0), at(0.5), at(0.9), at(1.0), static_cast<long>(over));
  }
  return 0;
}
