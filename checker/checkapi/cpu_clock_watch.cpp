// SPDX-License-Identifier: MIT
#include "checkapi/cpu_clock_watch.hpp"

#include <atomic>

namespace gpucheck {
namespace {

std::atomic<std::uint64_t> reads{0};
std::atomic<cpu_clock> last_read{cpu_clock::none};

} // namespace

const char* cpu_clock_call(cpu_clock which) {
  switch (which) {
  case cpu_clock::none:
    return "";
  case cpu_clock::clock:
    return "clock()";
  case cpu_clock::process_cputime:
    return "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)";
  case cpu_clock::thread_cputime:
    return "clock_gettime(CLOCK_THREAD_CPUTIME_ID)";
  case cpu_clock::getrusage:
    return "getrusage()";
  case cpu_clock::times:
    return "times()";
  }
  return "";
}

std::uint64_t cpu_clock_reads() {
  return reads.load();
}

cpu_clock cpu_clock_read_since(std::uint64_t reads_before) {
  return reads.load() != reads_before ? last_read.load() : cpu_clock::none;
}

namespace detail {
void note_cpu_clock_read(cpu_clock which) noexcept {
  last_read.store(which);
  reads.fetch_add(1);
}
} // namespace detail

} // namespace gpucheck
