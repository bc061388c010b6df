// SPDX-License-Identifier: MIT
#include "trace_writer.hpp"

#include "detail/host_clock.hpp"
#include "detail/json_line.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace gputrace {

namespace {

constexpr std::size_t flush_threshold_bytes = 4 << 20;

// Outside `state` so that the hot check (every clock read, even before our constructor ran) is
// one load of a constant-initialized global.
std::atomic<bool> g_open{false};

struct state {
  std::mutex mutex;
  int fd = -1;
  bool header_written = false;
  std::int64_t start_ns = 0;
  device_info device;
  std::string pending;
};

// Never destroyed: records can arrive from other threads while static destructors run.
state& the_state() {
  static state* s = new state();
  return *s;
}

std::string program_name() {
  char buffer[4096];
  const int fd = ::open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return {};
  }
  const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
  ::close(fd);
  if (n <= 0) {
    return {};
  }
  buffer[n] = '\0';
  return std::string(buffer); // argv[0] ends at the first NUL
}

void write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      std::fprintf(stderr, "gputrace: writing the trace failed: %s\n", std::strerror(errno));
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

// Caller holds the mutex.
void flush_locked(state& s) {
  if (!s.header_written) {
    std::string line;
    detail::json_line(line, "header")
        .field("version", 1)
        .field("pid", static_cast<int>(getpid()))
        .field("program", program_name())
        .field("start_ns", s.start_ns)
        .field("device", s.device.name)
        .field("driver_version", s.device.driver_version)
        .field("runtime_version", s.device.runtime_version)
        .field("cupti_version", s.device.cupti_version)
        .field("tracer", "gputrace")
        .finish();
    write_all(s.fd, line);
    s.header_written = true;
  }
  write_all(s.fd, s.pending);
  s.pending.clear();
}

} // namespace

bool open_trace(const char* path, std::int64_t start_ns) {
  state& s = the_state();
  std::lock_guard lock(s.mutex);
  s.fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (s.fd < 0) {
    std::fprintf(stderr, "gputrace: cannot write the trace to %s: %s (no trace is recorded)\n",
                 path, std::strerror(errno));
    return false;
  }
  s.start_ns = start_ns;
  s.pending.reserve(flush_threshold_bytes + (64 << 10));
  g_open.store(true, std::memory_order_release);
  return true;
}

bool trace_open() {
  return g_open.load(std::memory_order_acquire);
}

void set_device(const device_info& info) {
  state& s = the_state();
  std::lock_guard lock(s.mutex);
  if (!g_open.load(std::memory_order_relaxed) || s.header_written) {
    return;
  }
  s.device = info;
  flush_locked(s);
}

void flush_if_due() {
  state& s = the_state();
  std::lock_guard lock(s.mutex);
  if (g_open.load(std::memory_order_relaxed) &&
      s.pending.size() >= flush_threshold_bytes - (64 << 10)) {
    flush_locked(s);
  }
}

void write_line(std::string_view line) {
  state& s = the_state();
  std::lock_guard lock(s.mutex);
  if (!g_open.load(std::memory_order_relaxed)) {
    return;
  }
  s.pending.append(line);
  if (s.pending.size() >= flush_threshold_bytes) {
    flush_locked(s);
  }
}

void announce_object(std::string_view short_name, std::string_view path) {
  std::string line;
  detail::json_line(line, "object").field("name", short_name).field("path", path).finish();
  write_line(line);
}

void finish_trace(const char* reason, std::uint64_t dropped, std::uint64_t incomplete,
                  bool from_signal) {
  state& s = the_state();
  std::unique_lock lock(s.mutex, std::defer_lock);
  if (from_signal) {
    // The interrupted thread may hold the mutex and will never release it: give up after 100 ms
    // and write without it rather than hang the dying program.
    for (int attempt = 0; attempt < 100 && !lock.try_lock(); ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  } else {
    lock.lock();
  }
  if (!g_open.exchange(false)) {
    return;
  }
  std::string line;
  detail::json_line(line, "footer")
      .field("end_ns", detail::monotonic_ns())
      .field("reason", reason)
      .field("dropped", dropped)
      .field("incomplete", incomplete)
      .finish();
  s.pending += line;
  flush_locked(s);
  ::close(s.fd);
  s.fd = -1;
}

} // namespace gputrace
