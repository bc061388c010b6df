// SPDX-License-Identifier: MIT
// Host clock reads, by symbol interposition: these definitions shadow libc's when the library is
// LD_PRELOADed (clocks are read before CUDA starts, so the injection alone would be too late).
// std::chrono's clocks reach clock_gettime through libstdc++. getrusage and times are read as
// clocks of CPU time (their user and system times), which the cpu-time-clock rule judges. Every
// read is passed through unchanged; only the program's own are written (see call_site.hpp for how
// that is decided).
#include "api_callbacks.hpp"
#include "call_site.hpp"
#include "detail/export.hpp"
#include "detail/host_clock.hpp"
#include "detail/json_line.hpp"
#include "python_frames.hpp"
#include "trace_writer.hpp"

#include <ctime>
#include <string>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>
#include <unistd.h>

namespace gputrace {

namespace {

const char* clock_name(clockid_t id) {
  if (id < 0) {
    // clock_getcpuclockid's clocks: bit 2 set means a thread's CPU clock.
    return (id & 4) != 0 ? "thread_cputime" : "process_cputime";
  }
  switch (id) {
  case CLOCK_MONOTONIC:
    return "monotonic";
  case CLOCK_MONOTONIC_RAW:
    return "monotonic_raw";
  case CLOCK_REALTIME:
    return "realtime";
  case CLOCK_BOOTTIME:
    return "boottime";
  case CLOCK_PROCESS_CPUTIME_ID:
    return "process_cputime";
  case CLOCK_THREAD_CPUTIME_ID:
    return "thread_cputime";
  default:
    return "other"; // the coarse clocks, CLOCK_TAI...: clock_id says which
  }
}

// Cheap enough to run on every read of every clock: two thread-local loads and an atomic load.
bool worth_a_look() {
  return trace_open() && !inside_tracer() && runtime_calls_in_progress() == 0;
}

void record_read(const char* clock, int clock_id, std::int64_t value_ns, std::int64_t t_ns,
                 void* return_address) {
  thread_local std::string site;
  thread_local python_site python;
  thread_local std::string line;
  tracer_scope scope; // unwinding and writing may read clocks or allocate; those are ours
  // In CPython the script's reads are the time module's, at Python lines; libtorch's and the
  // interpreter's own reads are not the script's (python_frames.hpp).
  const bool in_python = python_process();
  if (in_python ? !python_clock_read(python)
                : !program_clock_site(reinterpret_cast<std::uintptr_t>(return_address), site)) {
    return;
  }
  detail::json_line record(line, "clock");
  record.field("clock", clock)
      .field("clock_id", clock_id)
      .field("t_ns", t_ns)
      .field("value_ns", value_ns)
      .field("tid", detail::this_thread_id())
      .field("site", in_python ? python.site : site);
  if (in_python) {
    record.raw_field("python", python.frames_json);
  }
  flush_if_due();
  record.field("tracer_until_ns", detail::monotonic_ns());
  write_line(record.finish());
}

std::int64_t to_ns(const timespec& ts) {
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace

} // namespace gputrace

using namespace gputrace;

GPUTRACE_EXPORT int clock_gettime(clockid_t id, timespec* ts) {
  const int result = detail::real().clock_gettime(id, ts);
  if (result == 0 && worth_a_look()) {
    const std::int64_t value = to_ns(*ts);
    const std::int64_t t_ns = id == CLOCK_MONOTONIC ? value : detail::monotonic_ns();
    record_read(clock_name(id), static_cast<int>(id), value, t_ns, __builtin_return_address(0));
  }
  return result;
}

GPUTRACE_EXPORT int gettimeofday(timeval* tv, void* tz) {
  auto real = detail::real().gettimeofday;
  if (real == nullptr) {
    return -1;
  }
  const int result = real(tv, tz);
  if (result == 0 && worth_a_look()) {
    const std::int64_t value =
        static_cast<std::int64_t>(tv->tv_sec) * 1'000'000'000 + tv->tv_usec * 1000;
    record_read("gettimeofday", -1, value, detail::monotonic_ns(), __builtin_return_address(0));
  }
  return result;
}

GPUTRACE_EXPORT clock_t clock() {
  auto real = detail::real().clock;
  if (real == nullptr) {
    return static_cast<clock_t>(-1);
  }
  const clock_t result = real();
  if (result != static_cast<clock_t>(-1) && worth_a_look()) {
    const auto value = static_cast<std::int64_t>(result) * (1'000'000'000 / CLOCKS_PER_SEC);
    record_read("clock", -1, value, detail::monotonic_ns(), __builtin_return_address(0));
  }
  return result;
}

GPUTRACE_EXPORT int timespec_get(timespec* ts, int base) {
  auto real = detail::real().timespec_get;
  if (real == nullptr) {
    return 0;
  }
  const int result = real(ts, base);
  if (result == TIME_UTC && worth_a_look()) {
    record_read("realtime", CLOCK_REALTIME, to_ns(*ts), detail::monotonic_ns(),
                __builtin_return_address(0));
  }
  return result;
}

GPUTRACE_EXPORT int getrusage(int who, rusage* usage) {
  auto real = detail::real().getrusage;
  if (real == nullptr) {
    return -1;
  }
  const int result = real(who, usage);
  if (result == 0 && worth_a_look()) {
    const auto ns = [](const timeval& tv) {
      return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + tv.tv_usec * 1000;
    };
    record_read("getrusage", who, ns(usage->ru_utime) + ns(usage->ru_stime), detail::monotonic_ns(),
                __builtin_return_address(0));
  }
  return result;
}

GPUTRACE_EXPORT clock_t times(tms* buffer) {
  auto real = detail::real().times;
  if (real == nullptr) {
    return static_cast<clock_t>(-1);
  }
  const clock_t result = real(buffer);
  if (result != static_cast<clock_t>(-1) && buffer != nullptr && worth_a_look()) {
    // The CPU time the buffer holds, in clock ticks (sysconf(_SC_CLK_TCK) a second).
    static const long ticks_per_s = sysconf(_SC_CLK_TCK);
    const auto cpu_ticks = static_cast<std::int64_t>(buffer->tms_utime + buffer->tms_stime);
    record_read("times", -1, cpu_ticks * (1'000'000'000 / ticks_per_s), detail::monotonic_ns(),
                __builtin_return_address(0));
  }
  return result;
}
