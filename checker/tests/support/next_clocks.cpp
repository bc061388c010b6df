// SPDX-License-Identifier: MIT
// Stand-ins for the clock functions that come after the check program's own in the search order
// (the tracer's, under gpucheck): each notes the address it was called from, then reads the clock
// by a system call. test_checkapi_cpu_clock_watch.cpp links this library so that the interposers
// of cpu_clock_interpose.cpp reach these, and checks that no frame of theirs stood in between.
#include <ctime>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <unistd.h>

extern "C" {

__attribute__((visibility("default"))) void* gpucheck_test_next_clock_caller = nullptr;

__attribute__((visibility("default"), noinline)) int clock_gettime(clockid_t id,
                                                                   timespec* ts) noexcept {
  gpucheck_test_next_clock_caller = __builtin_return_address(0);
  return static_cast<int>(syscall(SYS_clock_gettime, id, ts));
}

__attribute__((visibility("default"), noinline)) clock_t clock() noexcept {
  gpucheck_test_next_clock_caller = __builtin_return_address(0);
  timespec cpu{};
  syscall(SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, &cpu);
  return static_cast<clock_t>(cpu.tv_sec * CLOCKS_PER_SEC +
                              cpu.tv_nsec / (1'000'000'000 / CLOCKS_PER_SEC));
}

__attribute__((visibility("default"), noinline)) int getrusage(int who, rusage* usage) noexcept {
  gpucheck_test_next_clock_caller = __builtin_return_address(0);
  return static_cast<int>(syscall(SYS_getrusage, who, usage));
}

__attribute__((visibility("default"), noinline)) clock_t times(tms* buffer) noexcept {
  gpucheck_test_next_clock_caller = __builtin_return_address(0);
  return static_cast<clock_t>(syscall(SYS_times, buffer));
}

// A shared library that reads a clock of CPU time for itself (as a driver or a math library might):
// its call reaches the check program's interposer first, from outside the program.
__attribute__((visibility("default"), noinline)) int gpucheck_test_library_reads_cpu_time() {
  timespec ts{};
  return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) + static_cast<int>(clock() < 0);
}

} // extern "C"
