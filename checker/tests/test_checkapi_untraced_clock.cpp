// SPDX-License-Identifier: MIT
// untraced_clock: the checker's reads inside a student's call stay out of the trace. The tracer
// sees clock reads by defining libc's clock_gettime in front of libc's (LD_PRELOAD); this program
// defines it the same way, in its own executable, and counts what such an interposer sees.
#include "checkapi/untraced_clock.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <sys/syscall.h>
#include <unistd.h>

namespace {
std::atomic<int> interposed_reads{0};
} // namespace

// What the tracer does (checker/trace/clock_interpose.cpp): note the read, pass it through.
extern "C" int clock_gettime(clockid_t id, timespec* ts) {
  interposed_reads.fetch_add(1);
  return static_cast<int>(syscall(SYS_clock_gettime, id, ts));
}

TEST_CASE("an interposer sees steady_clock's reads, and none of untraced_clock's") {
  const int before = interposed_reads.load();
  (void)std::chrono::steady_clock::now();
  CHECK(interposed_reads.load() == before + 1); // the interposer works: the test can fail
  for (int i = 0; i < 5; ++i)
    (void)gpucheck::untraced_clock::now();
  CHECK(interposed_reads.load() == before + 1);
}

TEST_CASE("untraced_clock reads steady_clock's clock: its times lie between steady_clock's") {
  for (int i = 0; i < 100; ++i) {
    const auto first = std::chrono::steady_clock::now();
    const std::chrono::steady_clock::time_point between = gpucheck::untraced_clock::now();
    const auto last = std::chrono::steady_clock::now();
    CHECK(first <= between);
    CHECK(between <= last);
  }
}
