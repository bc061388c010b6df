// SPDX-License-Identifier: MIT
// The real clock functions (the ones our interposers shadow) and the one time base of the trace.
// The tracer never calls clock_gettime by name: under LD_PRELOAD that would be our own interposer.
#pragma once

#include <cstdint>
#include <ctime>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>

namespace gputrace::detail {

using clock_gettime_fn = int (*)(clockid_t, timespec*);
using gettimeofday_fn = int (*)(timeval*, void*);
using clock_fn = clock_t (*)();
using timespec_get_fn = int (*)(timespec*, int);
using getrusage_fn = int (*)(int, rusage*);
using times_fn = clock_t (*)(tms*);

struct real_clocks {
  clock_gettime_fn clock_gettime = nullptr;
  gettimeofday_fn gettimeofday = nullptr;
  clock_fn clock = nullptr;
  timespec_get_fn timespec_get = nullptr;
  getrusage_fn getrusage = nullptr;
  times_fn times = nullptr;
};

// The next definitions after ours (dlsym RTLD_NEXT), resolved once.
const real_clocks& real();

// CLOCK_MONOTONIC in ns: the time base of every record in the trace.
std::int64_t monotonic_ns();

// The kernel's thread id (gettid), cached per thread.
int this_thread_id();

} // namespace gputrace::detail
