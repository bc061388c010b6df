// SPDX-License-Identifier: MIT
// The clocks of CPU time that check programs define for the student's code
// (cpu_clock_interpose.cpp): each read is counted with the clock it was, the clocks of wall time
// are not, the C library's answer still comes back (clock() runs while the process spins and
// stands still while it sleeps), and no frame of the interposer stands between the caller and the
// next definition (the tracer's, under gpucheck).
#include "checkapi/cpu_clock_watch.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <dlfcn.h>
#include <pthread.h>
#include <string>
#include <sys/resource.h>
#include <sys/times.h>
#include <thread>

using gpucheck::cpu_clock;

extern "C" void* gpucheck_test_next_clock_caller;      // support/next_clocks.cpp
extern "C" int gpucheck_test_library_reads_cpu_time(); // the same

// The callers whose addresses the next definitions must see (the test executable exports its
// symbols, so dladdr names them).
extern "C" __attribute__((noinline, visibility("default"))) int
gpucheck_test_read_process_cputime(timespec* ts) {
  const int result = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, ts);
  asm volatile("" ::: "memory"); // keeps the call from being a tail call of this function
  return result;
}
extern "C" __attribute__((noinline, visibility("default"))) int
gpucheck_test_read_monotonic(timespec* ts) {
  const int result = clock_gettime(CLOCK_MONOTONIC, ts);
  asm volatile("" ::: "memory");
  return result;
}
extern "C" __attribute__((noinline, visibility("default"))) std::clock_t
gpucheck_test_read_clock() {
  const std::clock_t result = std::clock();
  asm volatile("" ::: "memory");
  return result;
}
extern "C" __attribute__((noinline, visibility("default"))) int
gpucheck_test_read_rusage(rusage* usage) {
  const int result = getrusage(RUSAGE_SELF, usage);
  asm volatile("" ::: "memory");
  return result;
}
extern "C" __attribute__((noinline, visibility("default"))) clock_t
gpucheck_test_read_times(tms* t) {
  const clock_t result = times(t);
  asm volatile("" ::: "memory");
  return result;
}

namespace {

std::string function_of(void* address) {
  Dl_info info{};
  if (dladdr(address, &info) == 0 || info.dli_sname == nullptr)
    return "?";
  return info.dli_sname;
}

double cpu_ms_between(std::clock_t start, std::clock_t stop) {
  return 1000.0 * static_cast<double>(stop - start) / CLOCKS_PER_SEC;
}

} // namespace

TEST_CASE("every read of a clock of CPU time is counted, with the clock it was") {
  timespec ts{};
  rusage usage{};
  tms t{};
  SUBCASE("clock()") {
    const auto before = gpucheck::cpu_clock_reads();
    for (int i = 0; i < 7; ++i)
      CHECK(gpucheck_test_read_clock() != static_cast<std::clock_t>(-1));
    CHECK(gpucheck::cpu_clock_reads() - before == 7);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::clock);
  }
  SUBCASE("clock_gettime(CLOCK_PROCESS_CPUTIME_ID)") {
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(gpucheck_test_read_process_cputime(&ts) == 0);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::process_cputime);
  }
  SUBCASE("clock_gettime(CLOCK_THREAD_CPUTIME_ID)") {
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::thread_cputime);
  }
  SUBCASE("a thread's clock from pthread_getcpuclockid") {
    clockid_t id{};
    REQUIRE(pthread_getcpuclockid(pthread_self(), &id) == 0);
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(clock_gettime(id, &ts) == 0);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::thread_cputime);
  }
  SUBCASE("a process's clock from clock_getcpuclockid") {
    clockid_t id{};
    REQUIRE(clock_getcpuclockid(0, &id) == 0);
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(clock_gettime(id, &ts) == 0);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::process_cputime);
  }
  SUBCASE("getrusage()") {
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(gpucheck_test_read_rusage(&usage) == 0);
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::getrusage);
  }
  SUBCASE("times()") {
    const auto before = gpucheck::cpu_clock_reads();
    CHECK(gpucheck_test_read_times(&t) != static_cast<clock_t>(-1));
    CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::times);
  }
}

TEST_CASE("the clocks of wall time are not counted") {
  timespec ts{};
  const auto before = gpucheck::cpu_clock_reads();
  CHECK(gpucheck_test_read_monotonic(&ts) == 0);
  CHECK(clock_gettime(CLOCK_REALTIME, &ts) == 0);
  CHECK(clock_gettime(CLOCK_MONOTONIC_RAW, &ts) == 0);
  (void)std::chrono::steady_clock::now();
  (void)std::chrono::system_clock::now();
  CHECK(gpucheck::cpu_clock_reads() == before);
  CHECK(gpucheck::cpu_clock_read_since(before) == cpu_clock::none);
}

TEST_CASE("the next definition sees the caller's return address, not the interposer's") {
  timespec ts{};
  rusage usage{};
  tms t{};
  gpucheck_test_read_process_cputime(&ts);
  CHECK(function_of(gpucheck_test_next_clock_caller) == "gpucheck_test_read_process_cputime");
  gpucheck_test_read_monotonic(&ts);
  CHECK(function_of(gpucheck_test_next_clock_caller) == "gpucheck_test_read_monotonic");
  gpucheck_test_read_clock();
  CHECK(function_of(gpucheck_test_next_clock_caller) == "gpucheck_test_read_clock");
  gpucheck_test_read_rusage(&usage);
  CHECK(function_of(gpucheck_test_next_clock_caller) == "gpucheck_test_read_rusage");
  gpucheck_test_read_times(&t);
  CHECK(function_of(gpucheck_test_next_clock_caller) == "gpucheck_test_read_times");
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

TEST_CASE("a shared library's reads of a clock of CPU time are not the student's: not counted") {
  const auto before = gpucheck::cpu_clock_reads();
  CHECK(gpucheck_test_library_reads_cpu_time() == 0);
  CHECK(gpucheck::cpu_clock_reads() == before);
  // The same clock read by the program's own code is counted (the test cases above, each clock).
  timespec ts{};
  CHECK(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0);
  CHECK(gpucheck::cpu_clock_reads() == before + 1);
}
