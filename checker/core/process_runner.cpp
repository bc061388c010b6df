// SPDX-License-Identifier: MIT
#include "core/process_runner.hpp"

#include "messages/messages.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <poll.h>
#include <set>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace gpucheck {
namespace {

using clock_type = std::chrono::steady_clock;

[[noreturn]] void fail_child(int error_fd) {
  const int code = errno; // tell the parent why the program could not be started
  (void)!write(error_fd, &code, sizeof code);
  _exit(127);
}

[[noreturn]] void exec_child(const process_options& options, int output_fd, int error_fd) {
  setpgid(0, 0);
  dup2(output_fd, STDOUT_FILENO);
  dup2(output_fd, STDERR_FILENO);
  close(output_fd);
  for (const auto& [ours, theirs] : options.inherited_fds) {
    // dup2 leaves the new descriptor open across exec; onto itself it changes nothing, so the
    // close-on-exec flag is cleared by hand then.
    if (ours == theirs ? fcntl(ours, F_SETFD, 0) < 0 : dup2(ours, theirs) < 0) {
      fail_child(error_fd);
    }
  }
  if (options.only_given_environment) {
    clearenv();
  }
  for (const auto& [name, value] : options.environment) {
    setenv(name.c_str(), value.c_str(), 1);
  }
  for (const auto& limit : options.limits) {
    const rlimit value{static_cast<rlim_t>(limit.value), static_cast<rlim_t>(limit.value)};
    if (setrlimit(limit.resource, &value) != 0) {
      fail_child(error_fd);
    }
  }
  // Groups first: once the user id is dropped, they can no longer be.
  if (options.user) {
    const std::vector<gid_t> groups(options.groups.begin(), options.groups.end());
    if (setgroups(groups.size(), groups.data()) != 0 || setgid(*options.user) != 0 ||
        setuid(*options.user) != 0) {
      fail_child(error_fd);
    }
  }
  if (!options.working_dir.empty() && chdir(options.working_dir.c_str()) != 0) {
    fail_child(error_fd);
  }
  std::vector<char*> arguments;
  for (const auto& argument : options.argv) {
    arguments.push_back(const_cast<char*>(argument.c_str()));
  }
  arguments.push_back(nullptr);
  execvp(arguments[0], arguments.data());
  fail_child(error_fd); // only reached when exec failed
}

// Reads what is available; keeps at most the limit and drops the rest so the child never blocks.
bool drain(int fd, process_result& result, const process_options& options) {
  char buffer[8192];
  const ssize_t count = read(fd, buffer, sizeof buffer);
  if (count <= 0) {
    return false;
  }
  if (options.echo) {
    std::fwrite(buffer, 1, static_cast<std::size_t>(count), stdout);
    std::fflush(stdout);
  }
  const std::size_t room =
      options.output_limit_bytes - std::min(options.output_limit_bytes, result.output.size());
  result.output.append(buffer, std::min(room, static_cast<std::size_t>(count)));
  if (static_cast<std::size_t>(count) > room) {
    result.output_truncated = true;
  }
  return true;
}

void record_status(int status, process_result& result) {
  if (WIFEXITED(status)) {
    result.exit_status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
}

// Our direct children, from /proc/PID/stat (its fourth field is the parent's pid; the second, the
// command's name, may hold spaces and parentheses, so the fields are read after its last ')').
std::set<pid_t> our_children() {
  std::set<pid_t> children;
  const pid_t self = getpid();
  DIR* proc = opendir("/proc");
  if (proc == nullptr) {
    return children;
  }
  while (const dirent* entry = readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') {
      continue;
    }
    std::ifstream stat_file(std::string("/proc/") + entry->d_name + "/stat");
    std::string stat;
    std::getline(stat_file, stat);
    const auto name_end = stat.rfind(')');
    if (name_end == std::string::npos) {
      continue;
    }
    char state = 0;
    long parent = 0;
    if (std::sscanf(stat.c_str() + name_end + 1, " %c %ld", &state, &parent) == 2 &&
        parent == self) {
      children.insert(static_cast<pid_t>(pid));
    }
  }
  closedir(proc);
  return children;
}

// A program can leave processes outside its process group (setsid(), a double fork): a daemon
// that keeps the GPU busy or keeps writing into our pipe. Because we are a child subreaper, each
// such process becomes our child once its parent is gone; this kills and reaps every child of
// ours that was not there before the run, round after round, since killing one re-parents its
// own children to us.
void kill_escaped_processes(const std::set<pid_t>& children_before) {
  for (int round = 0; round < 50; ++round) {
    bool found = false;
    for (const pid_t pid : our_children()) {
      if (children_before.count(pid) == 0) {
        found = true;
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
      }
    }
    if (!found) {
      return;
    }
  }
}

} // namespace

process_result run_process(const process_options& options) {
  process_result result;
  if (options.argv.empty()) {
    result.start_error = messages::text("process.no-program");
    return result;
  }
  int output_pipe[2];
  int error_pipe[2];
  if (pipe(output_pipe) != 0 || pipe2(error_pipe, O_CLOEXEC) != 0) {
    result.start_error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  prctl(PR_SET_CHILD_SUBREAPER, 1); // orphans of the program become ours (see above)
  const std::set<pid_t> children_before = our_children();
  const auto start = clock_type::now();
  const pid_t child = fork();
  if (child < 0) {
    result.start_error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (child == 0) {
    close(output_pipe[0]);
    close(error_pipe[0]);
    exec_child(options, output_pipe[1], error_pipe[1]);
  }
  result.pid = child;
  setpgid(child, child); // also here, so that the group exists before we might need to kill it
  close(output_pipe[1]);
  close(error_pipe[1]);
  int exec_errno = 0;
  if (read(error_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
    result.start_error = options.argv[0] + ": " + std::strerror(exec_errno);
  }
  close(error_pipe[0]);

  const auto deadline = start + options.time_limit;
  // Once the program has ended, what is still in the pipe is read for this long at most, so that
  // a writer we could not stop never keeps us here.
  constexpr auto drain_grace = std::chrono::seconds(2);
  auto drain_deadline = deadline;
  bool cleaned_up = false;
  bool output_open = true;
  bool exited = false;
  int status = 0;
  while (!exited || output_open) {
    if (!exited && waitpid(child, &status, WNOHANG) == child) {
      exited = true;
    }
    if (!exited && clock_type::now() >= deadline) {
      result.timed_out = true;
      kill(-child, SIGKILL);
      waitpid(child, &status, 0);
      exited = true;
    }
    if (exited && !cleaned_up) {
      kill(-child, SIGKILL); // whatever it left running in its group
      kill_escaped_processes(children_before);
      drain_deadline = clock_type::now() + drain_grace;
      cleaned_up = true;
    }
    if (exited && clock_type::now() >= drain_deadline) {
      break;
    }
    if (output_open) {
      pollfd watch{output_pipe[0], POLLIN, 0};
      if (poll(&watch, 1, exited ? 0 : 20) > 0) {
        output_open = drain(output_pipe[0], result, options);
      } else if (exited) {
        output_open = false; // nothing left to read, and nobody left to write
      }
    } else if (!exited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  close(output_pipe[0]);
  record_status(status, result);
  result.started = result.start_error.empty();
  result.wall_seconds = std::chrono::duration<double>(clock_type::now() - start).count();
  return result;
}

std::string describe_signal(int signal_number) {
  switch (signal_number) {
  case SIGSEGV:
    return messages::text("signal.segv");
  case SIGABRT:
    return messages::text("signal.abrt");
  case SIGFPE:
    return messages::text("signal.fpe");
  case SIGBUS:
    return messages::text("signal.bus");
  case SIGILL:
    return messages::text("signal.ill");
  case SIGKILL:
    return messages::text("signal.kill");
  case SIGTERM:
    return messages::text("signal.term");
  default:
    return messages::text("signal.other", {{"number", std::to_string(signal_number)},
                                           {"name", strsignal(signal_number)}});
  }
}

} // namespace gpucheck
