// SPDX-License-Identifier: MIT
#include "detail/host_clock.hpp"

#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace gputrace::detail {

namespace {

// Used only if dlsym finds nothing (a static executable): the system call still gives the time.
int syscall_clock_gettime(clockid_t id, timespec* ts) {
  return static_cast<int>(syscall(SYS_clock_gettime, id, ts));
}

real_clocks resolve() {
  real_clocks r;
  r.clock_gettime = reinterpret_cast<clock_gettime_fn>(dlsym(RTLD_NEXT, "clock_gettime"));
  if (r.clock_gettime == nullptr) {
    r.clock_gettime = syscall_clock_gettime;
  }
  r.gettimeofday = reinterpret_cast<gettimeofday_fn>(dlsym(RTLD_NEXT, "gettimeofday"));
  r.clock = reinterpret_cast<clock_fn>(dlsym(RTLD_NEXT, "clock"));
  r.timespec_get = reinterpret_cast<timespec_get_fn>(dlsym(RTLD_NEXT, "timespec_get"));
  r.getrusage = reinterpret_cast<getrusage_fn>(dlsym(RTLD_NEXT, "getrusage"));
  r.times = reinterpret_cast<times_fn>(dlsym(RTLD_NEXT, "times"));
  return r;
}

} // namespace

const real_clocks& real() {
  static const real_clocks clocks = resolve();
  return clocks;
}

std::int64_t monotonic_ns() {
  timespec ts{};
  real().clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int this_thread_id() {
  thread_local const int tid = static_cast<int>(syscall(SYS_gettid));
  return tid;
}

} // namespace gputrace::detail
