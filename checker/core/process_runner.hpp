// SPDX-License-Identifier: MIT
// Runs a program with a time limit and captures what it prints. The program gets a process group
// of its own, so that at the time limit (or when it exits) everything it started is killed too;
// and since the caller becomes a child subreaper (prctl), what escaped that group (setsid(), a
// double fork) is found among the caller's adopted children and killed as well.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck {

// A resource limit (setrlimit) set in the child before it runs the program.
struct resource_limit {
  int resource = 0;             // RLIMIT_NPROC, RLIMIT_DATA...
  unsigned long long value = 0; // soft and hard
};

struct process_options {
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> environment; // added to (or replacing) ours
  bool only_given_environment = false; // the child's environment is `environment` alone
  // Descriptors the child inherits: {ours, its number in the child}. Every other descriptor of
  // ours stays closed to it as before (they are opened close-on-exec, or are the pipes above).
  std::vector<std::pair<int, int>> inherited_fds;
  std::vector<resource_limit> limits;
  std::optional<unsigned> user; // run as this user and group id (from root: the sandbox's nobody)
  std::vector<unsigned> groups; // with `user`: its supplementary groups (none when empty)
  std::filesystem::path working_dir; // empty: ours
  std::chrono::milliseconds time_limit{60'000};
  std::size_t output_limit_bytes = 256 * 1024; // beyond this, output is dropped (and we say so)
  bool echo = false;                           // also copy the output to our stdout as it comes
};

struct process_result {
  bool started = false;
  int pid = 0;             // the child's process id (also its process group's)
  std::string start_error; // why it could not be started (not found, not executable)
  int exit_status = -1;    // when it exited normally
  int signal = 0;          // when a signal ended it (SIGKILL at the time limit included)
  bool timed_out = false;
  std::string output; // stdout and stderr, interleaved as they came
  bool output_truncated = false;
  double wall_seconds = 0;

  bool exited_with(int status) const { return started && signal == 0 && exit_status == status; }
};

process_result run_process(const process_options& options);

// "SIGSEGV (segmentation fault)": a signal's name and what it usually means.
std::string describe_signal(int signal_number);

} // namespace gpucheck
