// SPDX-License-Identifier: MIT
// The clock() that check programs define for the student's code: it counts every call, and still
// returns the C library's CPU time (it runs on while the process spins, stands still while it
// sleeps), so a student's program behaves as it would without the checker.
#include "checkapi/cpu_clock_watch.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <thread>

namespace {
double cpu_ms_between(std::clock_t start, std::clock_t stop) {
  return 1000.0 * static_cast<double>(stop - start) / CLOCKS_PER_SEC;
}
} // namespace

TEST_CASE("every call of clock() is counted") {
  const auto before = gpucheck::cpu_clock_reads();
  for (int i = 0; i < 7; ++i) {
    CHECK(std::clock() != static_cast<std::clock_t>(-1));
  }
  CHECK(gpucheck::cpu_clock_reads() - before == 7);
}

TEST_CASE("clock() still counts CPU time: it runs while the process spins") {
  // Spin until clock() has counted 20 ms, or give up after 10 s of wall time. A busy machine
  // (ctest -j on two cores) only delays the 20 ms; a clock() that stood still would never get
  // there.
  const std::clock_t start = std::clock();
  const auto wall_start = std::chrono::steady_clock::now();
  volatile unsigned long sink = 0;
  while (cpu_ms_between(start, std::clock()) < 20.0 &&
         std::chrono::steady_clock::now() - wall_start < std::chrono::seconds(10)) {
    sink = sink + 1;
  }
  CHECK(cpu_ms_between(start, std::clock()) >= 20.0);
}

TEST_CASE("clock() still counts CPU time: it stands still while the process sleeps") {
  const std::clock_t start = std::clock();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(cpu_ms_between(start, std::clock()) < 50.0);
}
