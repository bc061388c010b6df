// SPDX-License-Identifier: MIT
// The clocks of CPU time defined in the check program itself: the student's code, linked into the
// same executable, calls these instead of the C library's. Each counts a read of a CPU-time clock
// (cpu_clock_watch.hpp) and then returns what the next definition in the search order returns
// (the C library's, or the tracer's when gpucheck runs the check under it).
//
// Each ends in a tail call of the next definition, so that this file adds no frame between the
// caller and the tracer: the tracer decides whose read it is from its immediate return address
// (libcuda reads CLOCK_MONOTONIC thousands of times, and is told apart without unwinding), and a
// frame of the check program here would make every such read look like the program's. This file
// is compiled with sibling-call optimisation whatever the build type (checkapi/CMakeLists.txt), and
// the next definitions are called through noexcept pointers: a noexcept function that calls one
// that may throw keeps its frame for std::terminate, and the call is no longer a tail call;
// test_checkapi_cpu_clock_watch.cpp checks that the next definition sees the caller's address.
#include "checkapi/cpu_clock_watch.hpp"

#include <ctime>
#include <dlfcn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <unistd.h>

namespace {

using gpucheck::cpu_clock;

template <typename Function> Function next_definition(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

// A clock id that counts CPU time: the two named ones, and the negative ids of
// clock_getcpuclockid and pthread_getcpuclockid (bit 2 set: a thread's).
cpu_clock cpu_clock_of(clockid_t id) {
  if (id == CLOCK_PROCESS_CPUTIME_ID)
    return cpu_clock::process_cputime;
  if (id == CLOCK_THREAD_CPUTIME_ID)
    return cpu_clock::thread_cputime;
  if (id < 0)
    return (id & 4) != 0 ? cpu_clock::thread_cputime : cpu_clock::process_cputime;
  return cpu_clock::none;
}

// Without a next definition (never seen with glibc): the system calls that glibc makes.
int clock_gettime_syscall(clockid_t id, timespec* ts) {
  return static_cast<int>(syscall(SYS_clock_gettime, id, ts));
}
int getrusage_syscall(int who, rusage* usage) {
  return static_cast<int>(syscall(SYS_getrusage, who, usage));
}
clock_t times_syscall(tms* buffer) {
  return static_cast<clock_t>(syscall(SYS_times, buffer));
}
clock_t clock_from_cpu_time() {
  timespec cpu{};
  if (clock_gettime_syscall(CLOCK_PROCESS_CPUTIME_ID, &cpu) != 0)
    return static_cast<clock_t>(-1);
  return static_cast<clock_t>(cpu.tv_sec * CLOCKS_PER_SEC +
                              cpu.tv_nsec / (1'000'000'000 / CLOCKS_PER_SEC));
}

// Whether the read was made by the check program's own code, where the student's exercise is
// linked, and not by a shared library it loaded (the CUDA driver, cuBLAS, NVML, the C++ library):
// a library reads clocks for its own reasons, which are not the student's timing, and a count of
// its reads would fail a correct solution. Code that no loaded file holds counts (a caller the
// checker cannot place is not excused).
bool read_by_the_program(const void* caller) noexcept {
  static const void* const program = [] {
    Dl_info self{};
    return dladdr(reinterpret_cast<const void*>(&clock_from_cpu_time), &self) != 0 ? self.dli_fbase
                                                                                   : nullptr;
  }();
  Dl_info info{};
  return dladdr(caller, &info) == 0 || info.dli_fbase == program;
}

void note_read(cpu_clock which, const void* caller) noexcept {
  if (read_by_the_program(caller))
    gpucheck::detail::note_cpu_clock_read(which);
}

} // namespace

extern "C" std::clock_t clock() noexcept {
  note_read(cpu_clock::clock, __builtin_return_address(0));
  static const auto next = next_definition<std::clock_t (*)() noexcept>("clock");
  return next != nullptr ? next() : clock_from_cpu_time();
}

extern "C" int clock_gettime(clockid_t id, timespec* ts) noexcept {
  if (const cpu_clock which = cpu_clock_of(id); which != cpu_clock::none)
    note_read(which, __builtin_return_address(0));
  static const auto next = next_definition<int (*)(clockid_t, timespec*) noexcept>("clock_gettime");
  return next != nullptr ? next(id, ts) : clock_gettime_syscall(id, ts);
}

extern "C" int getrusage(int who, rusage* usage) noexcept {
  note_read(cpu_clock::getrusage, __builtin_return_address(0));
  static const auto next = next_definition<int (*)(int, rusage*) noexcept>("getrusage");
  return next != nullptr ? next(who, usage) : getrusage_syscall(who, usage);
}

extern "C" clock_t times(tms* buffer) noexcept {
  note_read(cpu_clock::times, __builtin_return_address(0));
  static const auto next = next_definition<clock_t (*)(tms*) noexcept>("times");
  return next != nullptr ? next(buffer) : times_syscall(buffer);
}
