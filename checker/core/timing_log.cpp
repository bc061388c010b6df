// SPDX-License-Identifier: MIT
#include "core/timing_log.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

namespace gpucheck {

void log_timing(std::chrono::system_clock::time_point start, double seconds,
                const std::string& kind, const std::string& what) {
  const char* path = std::getenv("GPUCHECK_TIMING_LOG");
  if (path == nullptr || *path == '\0') {
    return;
  }
  // One write of the whole line to a file opened for appending, so that the lines of two
  // processes logging to one file (a test script's own steps and its gpucheck's) never interleave.
  const double start_s = std::chrono::duration<double>(start.time_since_epoch()).count();
  char numbers[64];
  std::snprintf(numbers, sizeof numbers, "%.3f\t%.3f\t", start_s, seconds);
  const std::string line = numbers + kind + "\t" + what + "\n";
  if (std::FILE* file = std::fopen(path, "a")) {
    std::fwrite(line.data(), 1, line.size(), file);
    std::fclose(file);
  }
}

timed_step::timed_step(std::string kind, std::string what)
    : m_kind(std::move(kind)), m_what(std::move(what)), m_start(std::chrono::system_clock::now()),
      m_steady_start(std::chrono::steady_clock::now()) {}

void timed_step::done() {
  if (m_done) {
    return;
  }
  m_done = true;
  log_timing(
      m_start,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - m_steady_start).count(),
      m_kind, m_what);
}

} // namespace gpucheck
