// SPDX-License-Identifier: MIT
#include "cli/watch_command.hpp"

#include "analysis/traced_check.hpp"
#include "cli/command_line.hpp"
#include "cli/console_reporter.hpp"
#include "cli/course_paths.hpp"
#include "cli/lesson_command.hpp"
#include "cli/progress_state.hpp"
#include "cli/timeout_option.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_progress.hpp"
#include "core/watch_filter.hpp"
#include "messages/messages.hpp"
#include "report/terminal_report.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

using clock_type = std::chrono::steady_clock;

constexpr auto quiet_period = std::chrono::milliseconds(250); // a save burst is over after this
constexpr auto longest_burst = std::chrono::milliseconds(2000);
constexpr char clear_screen[] = "\033[H\033[2J";

int signal_pipe[2] = {-1, -1};
volatile std::sig_atomic_t quit_requested = 0;

void on_signal(int) {
  quit_requested = 1;
  const int saved = errno;
  const char byte = 1;
  (void)!write(signal_pipe[1], &byte, 1);
  errno = saved;
}

void set_handlers(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    sigaction(signal_number, &action, nullptr);
  }
}

std::string now_text() {
  const std::time_t seconds = std::time(nullptr);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[16];
  std::strftime(text, sizeof text, "%H:%M:%S", &local);
  return text;
}

// Kills every process left below us: with PR_SET_CHILD_SUBREAPER the build and the check program
// come to us when the check that started them dies, each in a process group of its own.
void stop_descendants() {
  for (int round = 0; round < 100; ++round) {
    std::vector<pid_t> children;
    if (DIR* proc = opendir("/proc")) {
      while (const dirent* entry = readdir(proc)) {
        const pid_t pid = static_cast<pid_t>(std::atoi(entry->d_name));
        if (pid <= 0) {
          continue;
        }
        std::ifstream status(std::string("/proc/") + entry->d_name + "/status");
        std::string line;
        while (std::getline(status, line)) {
          if (line.rfind("PPid:", 0) == 0) {
            if (std::atoi(line.c_str() + 5) == getpid()) {
              children.push_back(pid);
            }
            break;
          }
        }
      }
      closedir(proc);
    }
    if (children.empty()) {
      return;
    }
    for (const pid_t pid : children) {
      const pid_t group = getpgid(pid);
      if (group > 0 && group != getpgrp()) {
        kill(-group, SIGKILL);
      }
      kill(pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
  }
}

struct watch_setup {
  lesson_entry lesson;
  check_settings settings;
  std::optional<fs::path> state_file;
  fs::path watched_dir;
  bool terminal = false;
  bool colour = false;
};

// Runs one check in a child process, so that Ctrl-C can stop it at once. Returns the verdict's
// exit code, or -1 when we were told to quit meanwhile.
int check_once(const watch_setup& setup) {
  std::cout << messages::text("progress.checking", {{"folder", setup.lesson.folder}}) << std::endl;
  const pid_t child = fork();
  if (child < 0) {
    std::cerr << "gpucheck watch: fork: " << std::strerror(errno) << "\n";
    return to_int(exit_code::crashed);
  }
  if (child == 0) {
    set_handlers(SIG_DFL);
    close(signal_pipe[0]);
    close(signal_pipe[1]);
    const check_recorder recorder(setup.lesson, setup.state_file);
    const check_report report = analysis::run_traced_check(setup.lesson, setup.settings);
    recorder.record(report);
    const std::string text = render_terminal(report, terminal_style{setup.colour});
    std::cout << (setup.terminal ? clear_screen : "") << text << std::flush;
    _exit(to_int(report.verdict));
  }
  for (;;) {
    pollfd signals{signal_pipe[0], POLLIN, 0};
    poll(&signals, 1, 50); // returns early, with EINTR, when a signal comes
    if (quit_requested != 0) {
      kill(child, SIGKILL);
      stop_descendants();
      return -1;
    }
    int status = 0;
    pid_t done = 0;
    while ((done = waitpid(-1, &status, WNOHANG)) > 0) {
      if (done == child) {
        stop_descendants(); // anything the check left behind
        if (quit_requested != 0 || (WIFSIGNALED(status) && WTERMSIG(status) == SIGINT)) {
          return -1; // Ctrl-C reached the check too
        }
        return WIFEXITED(status) ? WEXITSTATUS(status) : to_int(exit_code::crashed);
      }
    }
  }
}

// Reads inotify events; true when one names a watched source. `gone` is set when the folder
// itself was deleted or moved.
bool read_events(int inotify_fd, bool& gone) {
  alignas(inotify_event) char buffer[16 * 1024];
  bool relevant = false;
  for (;;) {
    const ssize_t count = read(inotify_fd, buffer, sizeof buffer);
    if (count <= 0) {
      return relevant;
    }
    for (ssize_t offset = 0; offset < count;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + offset);
      if ((event->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) != 0) {
        gone = true;
      } else if (event->len > 0 && is_watched_source_name(event->name)) {
        relevant = true;
      }
      offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
    }
  }
}

enum class wake { change, enter, quit };

// Waits for a save (then for the burst of events around it to end), Enter, or a request to quit.
wake wait_for_change(int inotify_fd, bool& read_stdin) {
  bool gone = false;
  for (;;) {
    pollfd fds[3] = {{signal_pipe[0], POLLIN, 0}, {inotify_fd, POLLIN, 0}, {-1, POLLIN, 0}};
    if (read_stdin) {
      fds[2].fd = STDIN_FILENO;
    }
    if (poll(fds, 3, -1) < 0 && errno != EINTR) {
      return wake::quit;
    }
    if (fds[0].revents != 0 || quit_requested != 0) {
      return wake::quit;
    }
    if (fds[2].revents != 0) {
      char line[256];
      const ssize_t count = read(STDIN_FILENO, line, sizeof line);
      if (count <= 0) {
        return wake::quit; // Ctrl-D
      }
      if (line[0] == 'q' || line[0] == 'Q') {
        return wake::quit;
      }
      return wake::enter;
    }
    if (fds[1].revents == 0 || !read_events(inotify_fd, gone)) {
      if (gone) {
        std::cout << messages::text("watch.folder-gone") << "\n";
        return wake::quit;
      }
      continue;
    }
    // Debounce: editors write a temporary file, rename it, touch it again...
    const auto start = clock_type::now();
    auto last = start;
    while (clock_type::now() - start < longest_burst) {
      pollfd more[2] = {{signal_pipe[0], POLLIN, 0}, {inotify_fd, POLLIN, 0}};
      const auto left = quiet_period - (clock_type::now() - last);
      if (left <= std::chrono::milliseconds(0)) {
        break;
      }
      const int timeout =
          static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(left).count());
      if (poll(more, 2, timeout) != 0) {
        if (more[0].revents != 0 || quit_requested != 0) {
          return wake::quit;
        }
        read_events(inotify_fd, gone);
        last = clock_type::now();
      }
    }
    return wake::change;
  }
}

} // namespace

int run_watch_command(const std::vector<std::string>& arguments) {
  const auto start = start_lesson_command(arguments, {.command = "watch",
                                                      .value_options = {"timeout", "state-file"},
                                                      .flag_options = {"solution"}});
  if (const auto* ended = std::get_if<exit_code>(&start)) {
    return to_int(*ended);
  }
  const auto& [parsed, paths, lesson] = std::get<lesson_command_start>(start);
  watch_setup setup;
  setup.lesson = lesson;
  setup.settings.source_dir = paths.source_dir;
  setup.settings.build_dir = paths.build_dir;
  setup.settings.solution = parsed.flag("solution");
  console_reporter reporter({}); // only what could not be done beside the verdicts
  setup.settings.reporter = &reporter;
  const auto timeout = timeout_seconds(parsed, "watch", {.seconds = 60, .from_environment = true});
  if (!timeout) {
    return to_int(exit_code::usage);
  }
  setup.settings.time_limit = time_limit_of(*timeout);
  setup.state_file = recording_state_file(parsed, paths);
  setup.watched_dir = setup.settings.solution ? lesson.solution_dir : lesson.lesson_dir;
  setup.terminal = isatty(STDOUT_FILENO) != 0;
  setup.colour = colour_wanted(STDOUT_FILENO);

  const int inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd < 0 ||
      inotify_add_watch(inotify_fd, setup.watched_dir.c_str(),
                        IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF) < 0) {
    const int error = errno; // before the messages' allocations
    std::cerr << "gpucheck watch: "
              << messages::text("watch.cannot-watch", {{"folder", setup.watched_dir.string()}})
              << ": " << std::strerror(error)
              << (error == ENOSPC ? messages::text("watch.raise-max-watches") : "") << "\n";
    return to_int(exit_code::usage);
  }
  if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    std::cerr << "gpucheck watch: pipe: " << std::strerror(errno) << "\n";
    return to_int(exit_code::usage);
  }
  set_handlers(on_signal);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  bool read_stdin = isatty(STDIN_FILENO) != 0;

  for (;;) {
    const int verdict = check_once(setup);
    if (verdict < 0) {
      break;
    }
    std::cout << "\n[" << now_text() << "] " << exit_code_name(static_cast<exit_code>(verdict))
              << messages::text(
                     read_stdin ? "watch.waiting-keys" : "watch.waiting",
                     {{"exit", std::to_string(verdict)}, {"folder", setup.watched_dir.string()}})
              << std::endl;
    const wake reason = wait_for_change(inotify_fd, read_stdin);
    if (reason == wake::quit) {
      break;
    }
    if (reason == wake::change) {
      std::cout << "\n[" << now_text() << "] " << messages::text("watch.change-saved") << std::endl;
    }
  }
  std::cout << (setup.colour ? "\033[0m" : "") << "\n"
            << messages::text("watch.stopped", {{"folder", setup.lesson.folder}}) << "\n";
  close(inotify_fd);
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
