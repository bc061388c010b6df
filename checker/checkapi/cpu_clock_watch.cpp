// SPDX-License-Identifier: MIT
// clock() defined in the check program itself: the student's code, linked into the same
// executable, calls this one instead of the C library's. It counts the call and returns what the
// next clock() in the search order returns (the C library's, or the tracer's when gpucheck runs
// the check under it, so the timeline still shows the read).
#include "checkapi/cpu_clock_watch.hpp"

#include <atomic>
#include <ctime>
#include <dlfcn.h>

namespace {

std::atomic<std::uint64_t> reads{0};

using clock_function = std::clock_t (*)();

clock_function next_clock() {
  static const auto next = reinterpret_cast<clock_function>(dlsym(RTLD_NEXT, "clock"));
  return next;
}

} // namespace

namespace gpucheck {
std::uint64_t cpu_clock_reads() {
  return reads.load();
}
} // namespace gpucheck

extern "C" std::clock_t clock() noexcept {
  reads.fetch_add(1);
  if (const auto next = next_clock()) {
    return next();
  }
  // Without a next clock() (never seen with glibc), what glibc's clock() computes.
  timespec cpu{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) != 0) {
    return static_cast<std::clock_t>(-1);
  }
  return static_cast<std::clock_t>(cpu.tv_sec * CLOCKS_PER_SEC +
                                   cpu.tv_nsec / (1'000'000'000 / CLOCKS_PER_SEC));
}
