// SPDX-License-Identifier: MIT
#include "session.hpp"

#include "activity_buffers.hpp"
#include "api_callbacks.hpp"
#include "detail/host_clock.hpp"
#include "python_frames.hpp"
#include "trace_writer.hpp"

#include <array>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <dlfcn.h>
#include <pthread.h>
#include <string>
#include <unistd.h>

namespace gputrace {

namespace {

std::atomic<bool> g_cupti_started{false};
std::atomic<bool> g_ended{false};

constexpr std::array caught_signals = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTERM, SIGINT};
std::array<struct sigaction, caught_signals.size()> g_previous{};

// Kernels the program left running at exit would otherwise be flushed incomplete.
void wait_for_gpu() {
  void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (driver == nullptr) {
    return;
  }
  using sync_fn = int (*)();
  if (auto synchronize = reinterpret_cast<sync_fn>(dlsym(driver, "cuCtxSynchronize"))) {
    synchronize(); // fails harmlessly when this thread has no context
  }
  dlclose(driver);
}

void restore_signal_handlers() {
  for (std::size_t i = 0; i < caught_signals.size(); ++i) {
    sigaction(caught_signals[i], &g_previous[i], nullptr);
  }
}

void on_signal(int signal_number) {
  // Handlers go back first: a fault while flushing then ends the program instead of looping.
  restore_signal_handlers();
  end_session(signal_number == SIGABRT ? "abort" : "signal", true);
  raise(signal_number); // delivered with the program's own (or the default) disposition
}

void install_signal_handlers() {
  for (std::size_t i = 0; i < caught_signals.size(); ++i) {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(caught_signals[i], &action, &g_previous[i]);
  }
}

void at_exit() {
  end_session("exit", false);
}

// A forked child shares the parent's buffer and file: it must not write either.
void in_forked_child() {
  g_ended.store(true);
}

__attribute__((constructor)) void start_session() {
  const char* path = std::getenv("GPUTRACE_OUTPUT");
  if (path == nullptr || *path == '\0') {
    return; // not tracing: every interposer then returns after one atomic load
  }
  const std::int64_t start_ns = detail::monotonic_ns();
  // Programs this one starts (a shell, nvidia-smi) inherit the variables; they run untraced
  // instead of overwriting this trace. A program that replaces this one keeps its process id and
  // is traced: a launcher that execs the real program (pyenv's `python3` shim, `sh -c` ending
  // in the program) must not leave the program itself untraced (issue 43).
  const std::string self = std::to_string(getpid());
  if (const char* owner = std::getenv("GPUTRACE_PID");
      owner != nullptr && *owner != '\0' && self != owner) {
    return;
  }
  setenv("GPUTRACE_PID", self.c_str(), 1);
  if (!open_trace(path, start_ns)) {
    return;
  }
  find_python_api(); // a CPython process: reads and calls are attributed to Python lines
  install_signal_handlers();
  pthread_atfork(nullptr, nullptr, in_forked_child);
  // Registered first, so it runs last: a fallback for programs that never start CUDA. Programs
  // that do get a handler registered at InitializeInjection, which runs before cudart's teardown.
  std::atexit(at_exit);
}

__attribute__((destructor)) void stop_session() {
  end_session("exit", false);
}

} // namespace

void mark_cupti_started() {
  g_cupti_started.store(true);
  std::atexit(at_exit);
}

void end_session(const char* reason, bool from_signal) {
  if (g_ended.exchange(true) || !trace_open()) {
    return;
  }
  tracer_scope scope;
  if (g_cupti_started.load()) {
    if (!from_signal) {
      wait_for_gpu();
    }
    flush_activity();
  }
  finish_trace(reason, dropped_records(), incomplete_records(), from_signal);
}

} // namespace gputrace
