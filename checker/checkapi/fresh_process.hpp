// SPDX-License-Identifier: MIT
/// @file fresh_process.hpp
/// @brief Measuring cold starts: run one test case of this check program again, in a new process.
///
/// A cold start (context creation, module loading, a library's first call) happens once per
/// process, so a check that judges a cold number needs processes in which nothing has run yet. The
/// check program starts itself again (/proc/self/exe) with a doctest filter that selects one test
/// case, and GPUCHECK_FRESH_TASK set; that test case measures, prints its numbers with
/// report_fresh_value(), and the parent reads them back. In the normal run the same test case sees
/// no task and returns at once. The student's code runs in that process too, and may print value
/// lines of its own ("next_ms 1"), so the values count only when main() ended the run with a line
/// signed by a key drawn afresh for that process (handed to it through a pipe that check_main.cpp
/// drains before the student's code runs, and keeps to itself): a process the student's code
/// ended early sent nothing. They count only from before that line, and only when no value came
/// twice: the check reports each once, so a second one was printed by other code. The fresh process
/// runs untraced (no CUDA_INJECTION64_PATH, no LD_PRELOAD), so that its cold start is what an
/// ordinary program pays. Its reads of a clock of CPU time (cpu_clock_watch.hpp) come back with its
/// values and count as the parent's, so that a check passed on a child's numbers is refused for
/// the clock too (report()). Header-only.
/// @code
/// GPU_TEST_CASE("fresh-process-cold-gemm") {
///   if (gpucheck::fresh_process_task().empty()) return; // only in a fresh process
///   gpucheck::report_fresh_value("first_ms", measure_first_call());
/// }
/// const auto result = gpucheck::run_fresh_process("fresh-process-cold-gemm", "4000");
/// @endcode
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/say.hpp"
#include "core/keyed_hash.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace gpucheck {

/// What a fresh process sent back.
struct fresh_result {
  bool ok = false;                      ///< it ran to the end and exited 0
  std::map<std::string, double> values; ///< what it reported with report_fresh_value()
  std::string output;                   ///< everything it printed (for a failure's message)

  /// The value called `name`, or -1 when the process did not report it.
  double value(const std::string& name) const {
    const auto found = values.find(name);
    return found != values.end() ? found->second : -1.0;
  }
};

namespace detail {
inline constexpr char fresh_task_variable[] = "GPUCHECK_FRESH_TASK";
inline constexpr char fresh_value_prefix[] = "gpucheck-fresh-value ";
inline constexpr char fresh_done_prefix[] = "gpucheck-fresh-done ";
inline constexpr int fresh_key_fd = 199; // the descriptor a fresh process reads its key from
// The value a fresh process sends back when it read a clock of CPU time: which one (cpu_clock).
inline constexpr char fresh_cpu_clock_value[] = "gpucheck.cpu-clock";

// In a fresh process (GPUCHECK_FRESH_TASK set): reads the key that signs the done line from the
// pipe the parent left on fresh_key_fd, then closes it. check_main.cpp calls it before any static
// initializer of the student's code runs, and keeps the key to itself. A zero key in the ordinary
// run.
inline hash_key take_fresh_done_key() {
  if (std::getenv(fresh_task_variable) == nullptr) {
    return {};
  }
  std::uint64_t words[2] = {};
  hash_key done_key;
  if (read(fresh_key_fd, words, sizeof words) == static_cast<ssize_t>(sizeof words)) {
    done_key = {words[0], words[1]};
  }
  close(fresh_key_fd);
  return done_key;
}

// In a fresh process, at the end of main(): the clock of CPU time its code read last, if any, and
// the line that makes the values before it count.
inline void write_fresh_done(const hash_key& done_key) {
  if (const cpu_clock read = cpu_clock_read_since(0); read != cpu_clock::none)
    std::printf("\n%s%s %d\n", fresh_value_prefix, fresh_cpu_clock_value, static_cast<int>(read));
  std::printf("\n%s%s\n", fresh_done_prefix, digest_hex(done_key, "done").c_str());
  std::fflush(stdout);
}

// Variables that must not reach the fresh process: the tracer (its start-up would be counted in
// the cold start), gpucheck's results channel (only the parent reports checks), and the test
// cases the replay reads (the parent's places in the run: the child runs one test case, its first).
inline bool dropped_from_fresh_environment(const char* entry) {
  for (const char* name : {"CUDA_INJECTION64_PATH=", "LD_PRELOAD=", "GPUCHECK_RESULTS_FD=",
                           "GPUCHECK_TOKEN_FD=", "GPUTRACE_OUTPUT=", "GPUCHECK_FRESH_TASK=",
                           "GPUCHECK_REPLAY_FAILS=", "GPUCHECK_REPLAY_PASSES="}) {
    if (std::strncmp(entry, name, std::strlen(name)) == 0) {
      return true;
    }
  }
  return false;
}
} // namespace detail

/// The task this process was started for by run_fresh_process(), or "" in the check program's
/// ordinary run.
inline std::string fresh_process_task() {
  const char* task = std::getenv(detail::fresh_task_variable);
  return task != nullptr ? task : "";
}

/// In a fresh process: sends one measured value back to the parent. Report each name once.
inline void report_fresh_value(const std::string& name, double value) {
  std::printf("%s%s %.17g\n", detail::fresh_value_prefix, name.c_str(), value);
  std::fflush(stdout);
}

/// The last `count` lines of `text`: what a failed fresh process printed last.
inline std::string last_lines(const std::string& text, std::size_t count) {
  std::size_t position = text.size();
  for (std::size_t i = 0; i <= count && position != std::string::npos && position > 0; ++i) {
    position = text.rfind('\n', position - 1);
  }
  return position == std::string::npos ? text : text.substr(position + 1);
}

namespace detail {
// In the parent: counts the child's read of a clock of CPU time, sent back among its values, as
// one of this process's, and takes it out of the values the check reads. A value that names no
// such clock is left where it is (it was not the child's main() that sent it).
inline void count_fresh_cpu_clock_read(fresh_result& result) {
  const auto found = result.values.find(fresh_cpu_clock_value);
  if (found == result.values.end())
    return;
  const double which = found->second;
  if (which < static_cast<double>(cpu_clock::clock) ||
      which > static_cast<double>(cpu_clock::times) || which != static_cast<int>(which))
    return;
  note_cpu_clock_read(static_cast<cpu_clock>(static_cast<int>(which)));
  result.values.erase(found);
}
} // namespace detail

/// Runs the doctest test case called `test_case` (use a name without commas or wildcards) in a new
/// process of this same program, with fresh_process_task() returning `task` there. Waits for it to
/// end and returns what it reported.
inline fresh_result run_fresh_process(const std::string& test_case, const std::string& task) {
  fresh_result result;
  char program[4096] = {};
  const ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
  if (length <= 0) {
    result.output = say("check.api.fresh.no-own-path");
    return result;
  }
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!detail::dropped_from_fresh_environment(*entry)) {
      environment.emplace_back(*entry);
    }
  }
  environment.push_back(std::string(detail::fresh_task_variable) + "=" + task);
  // This process's key, through a pipe: written now (16 bytes fit in any pipe's buffer), read by
  // the child before its student code runs. Drawn from the system's entropy, never from
  // random_seed(): that is the run's replay seed, the same for every fresh process and readable
  // by the child under GPUCHECK_SEED.
  std::random_device entropy;
  const auto draw_word = [&entropy] {
    return (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  };
  const hash_key done_key{draw_word(), draw_word()};
  int key_fds[2];
  if (pipe(key_fds) != 0) {
    result.output = say("check.api.fresh.no-pipe");
    return result;
  }
  const std::uint64_t words[2] = {done_key.k0, done_key.k1};
  const bool key_written = write(key_fds[1], words, sizeof words) == sizeof words;
  close(key_fds[1]);
  if (!key_written) {
    close(key_fds[0]);
    result.output = say("check.api.fresh.key-not-handed");
    return result;
  }
  std::vector<char*> environment_pointers;
  for (auto& entry : environment) {
    environment_pointers.push_back(entry.data());
  }
  environment_pointers.push_back(nullptr);
  std::string filter = "--test-case=" + test_case;
  std::string no_intro = "--no-intro";
  char* arguments[] = {program, filter.data(), no_intro.data(), nullptr};

  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) {
    close(key_fds[0]);
    result.output = say("check.api.fresh.no-pipe");
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_adddup2(&actions, key_fds[0], detail::fresh_key_fd);
  pid_t child = 0;
  std::fflush(stdout);
  const int spawned =
      posix_spawn(&child, program, &actions, nullptr, arguments, environment_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  close(key_fds[0]);
  if (spawned != 0) {
    close(pipe_fds[0]);
    result.output = say("check.api.fresh.not-started", {{"error", std::strerror(spawned)}});
    return result;
  }
  char buffer[4096];
  ssize_t count = 0;
  while ((count = read(pipe_fds[0], buffer, sizeof buffer)) > 0) {
    result.output.append(buffer, static_cast<std::size_t>(count));
  }
  close(pipe_fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  result.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;

  std::istringstream lines(result.output);
  std::string line;
  const std::size_t prefix_length = std::strlen(detail::fresh_value_prefix);
  const std::string done_line = detail::fresh_done_prefix + digest_hex(done_key, "done");
  bool done = false;
  bool reported_twice = false;
  while (!done && std::getline(lines, line)) {
    done = line == done_line;
    if (line.compare(0, prefix_length, detail::fresh_value_prefix) == 0) {
      std::istringstream fields(line.substr(prefix_length));
      std::string name;
      double value = 0;
      if (fields >> name >> value) {
        reported_twice = reported_twice || result.values.count(name) != 0;
        result.values[name] = value;
      }
    }
  }
  if (!done || reported_twice) {
    result.values.clear();
    result.ok = false;
    result.output += "\n" + (!done ? say("check.api.fresh.ended-early")
                                   : say("check.api.fresh.value-sent-twice"));
  }
  detail::count_fresh_cpu_clock_read(result);
  return result;
}

} // namespace gpucheck
