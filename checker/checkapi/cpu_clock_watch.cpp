// SPDX-License-Identifier: MIT
#include "checkapi/cpu_clock_watch.hpp"

#include <atomic>
#include <mutex>

namespace gpucheck {
namespace {

std::atomic<std::uint64_t> reads{0};
std::atomic<cpu_clock> last_read{cpu_clock::none};

std::mutex last_call_mutex;
clock_reading_call last_call;             // guarded by last_call_mutex
std::uint64_t reads_by_last_call_end = 0; // the count when last_call returned

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

std::optional<clock_reading_call> call_read_cpu_clock_since(std::uint64_t reads_before) {
  const std::lock_guard lock(last_call_mutex);
  if (last_call.begin_ns == 0 || reads_by_last_call_end <= reads_before)
    return std::nullopt;
  return last_call;
}

namespace detail {
void note_call_read_cpu_clock(const clock_reading_call& call) {
  const std::lock_guard lock(last_call_mutex);
  last_call = call;
  reads_by_last_call_end = reads.load();
}

void note_cpu_clock_read(cpu_clock which) noexcept {
  last_read.store(which);
  reads.fetch_add(1);
}
} // namespace detail

} // namespace gpucheck
