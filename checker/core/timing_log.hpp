// SPDX-License-Identifier: MIT
// Where a check's time goes, for the course's own test suite (tools/suite_times.py,
// docs/testing.md): with GPUCHECK_TIMING_LOG=FILE set, gpucheck appends one line a step to FILE,
//   START<TAB>SECONDS<TAB>KIND<TAB>WHAT
// START in seconds since the epoch, KIND one of build (compiling, the GPU idle), gpu-wait (waiting
// for another check's GPU lock), gpu (the check program run, the lock held: the traced replay of a
// failing check is a second such step) and diagnosis (reading the replay's trace and running the
// rules on it, on the CPU). Nothing is written
// when the variable is unset, which is every student's case; a file that cannot be written is no
// log (the check goes on).
#pragma once

#include <chrono>
#include <string>

namespace gpucheck {

// Appends one step that started at `start` and lasted `seconds`.
void log_timing(std::chrono::system_clock::time_point start, double seconds,
                const std::string& kind, const std::string& what);

// A step from its construction to its destruction (or to done()), logged once.
class timed_step {
public:
  timed_step(std::string kind, std::string what);
  ~timed_step() { done(); }
  timed_step(const timed_step&) = delete;
  timed_step& operator=(const timed_step&) = delete;
  void done();

private:
  std::string m_kind;
  std::string m_what;
  std::chrono::system_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_steady_start;
  bool m_done = false;
};

} // namespace gpucheck
