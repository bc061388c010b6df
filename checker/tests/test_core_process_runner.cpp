// SPDX-License-Identifier: MIT
#include "core/process_runner.hpp"

#include <csignal>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

using gpucheck::process_options;
using gpucheck::run_process;
namespace fs = std::filesystem;

TEST_CASE("a program's exit status and output are captured") {
  process_options options;
  options.argv = {"sh", "-c", "echo out; echo err >&2; exit 3"};
  const auto result = run_process(options);
  CHECK(result.started);
  CHECK(result.exit_status == 3);
  CHECK(result.signal == 0);
  CHECK_FALSE(result.timed_out);
  CHECK(result.output.find("out\n") != std::string::npos);
  CHECK(result.output.find("err\n") != std::string::npos);
}

TEST_CASE("environment and working directory reach the program") {
  process_options options;
  options.argv = {"sh", "-c", "echo $GPUCHECK_TEST_VALUE; pwd"};
  options.environment = {{"GPUCHECK_TEST_VALUE", "hello"}};
  options.working_dir = fs::temp_directory_path();
  const auto result = run_process(options);
  CHECK(result.exited_with(0));
  CHECK(result.output == "hello\n" + fs::canonical(fs::temp_directory_path()).string() + "\n");
}

TEST_CASE("a signal that ends the program is reported") {
  process_options options;
  options.argv = {"sh", "-c", "kill -SEGV $$"};
  const auto result = run_process(options);
  CHECK(result.signal == SIGSEGV);
  CHECK(gpucheck::describe_signal(SIGSEGV).find("segmentation fault") != std::string::npos);
}

TEST_CASE("a program that never ends is killed at the time limit, with its children") {
  const fs::path pid_file =
      fs::temp_directory_path() / ("gpucheck-child-" + std::to_string(getpid()));
  process_options options;
  options.argv = {"sh", "-c",
                  "sleep 1000 & echo $! > " + pid_file.string() + "; while :; do :; done"};
  // 2 s: time enough for sh to start its child and write the file on a loaded CI machine.
  options.time_limit = std::chrono::seconds(2);
  const auto result = run_process(options);
  CHECK(result.timed_out);
  CHECK(result.signal == SIGKILL);
  CHECK(result.wall_seconds < 10.0);
  int child_pid = 0;
  std::ifstream(pid_file) >> child_pid;
  fs::remove(pid_file);
  REQUIRE(child_pid > 0);
  // The child was in the program's process group. Once killed it is gone, or a zombie waiting for
  // whoever adopted it to reap it; either way it no longer runs.
  const auto still_running = [&] {
    std::ifstream stat("/proc/" + std::to_string(child_pid) + "/stat");
    std::string pid, name, state;
    return static_cast<bool>(stat >> pid >> name >> state) && state != "Z";
  };
  bool child_gone = false;
  for (int attempt = 0; attempt < 100 && !child_gone; ++attempt) {
    child_gone = !still_running();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(child_gone);
}

TEST_CASE("runaway output is cut at the limit and the cut is reported") {
  process_options options;
  options.argv = {"sh", "-c", "yes | head -c 1000000"};
  options.output_limit_bytes = 1000;
  const auto result = run_process(options);
  CHECK(result.exited_with(0));
  CHECK(result.output.size() == 1000);
  CHECK(result.output_truncated);
}

TEST_CASE("a program that does not exist is reported as not started") {
  process_options options;
  options.argv = {"/nonexistent/gpucheck-no-such-program"};
  const auto result = run_process(options);
  CHECK_FALSE(result.started);
  CHECK(result.start_error.find("No such file") != std::string::npos);
}

TEST_CASE("a process that left the program's group is killed, and cannot keep us reading") {
  // A daemon in a new session: in no group of the program's, holding the program's stdout open
  // and outliving it. run_process must still return, and the daemon must not be left running.
  const fs::path pid_file =
      fs::temp_directory_path() / ("gpucheck-daemon-" + std::to_string(getpid()));
  fs::remove(pid_file);
  process_options options;
  options.argv = {"sh", "-c",
                  "setsid sh -c 'echo $$ > " + pid_file.string() + ".tmp; mv " + pid_file.string() +
                      ".tmp " + pid_file.string() + "; exec sleep 1000' & while [ ! -s " +
                      pid_file.string() + " ]; do sleep 0.05; done; exit 0"};
  options.time_limit = std::chrono::seconds(20);
  const auto result = run_process(options);
  CHECK(result.exited_with(0));
  CHECK(result.wall_seconds < 10.0);
  int daemon_pid = 0;
  std::ifstream(pid_file) >> daemon_pid;
  fs::remove(pid_file);
  REQUIRE(daemon_pid > 0);
  std::ifstream stat("/proc/" + std::to_string(daemon_pid) + "/stat");
  std::string pid, name, state;
  const bool running = static_cast<bool>(stat >> pid >> name >> state) && state != "Z";
  CHECK_FALSE(running);
}

TEST_CASE("a descriptor handed over reaches the program under the number asked for") {
  int channel[2];
  REQUIRE(pipe(channel) == 0);
  REQUIRE(write(channel[1], "token", 5) == 5);
  close(channel[1]);
  process_options options;
  options.argv = {"sh", "-c", "cat /dev/fd/198"};
  options.inherited_fds = {{channel[0], 198}};
  const auto result = run_process(options);
  close(channel[0]);
  CHECK(result.exited_with(0));
  CHECK(result.output == "token");
}

TEST_CASE("a descriptor handed over under its own number stays open in the program") {
  int channel[2];
  REQUIRE(pipe2(channel, O_CLOEXEC) == 0);
  REQUIRE(write(channel[1], "same", 4) == 4);
  close(channel[1]);
  process_options options;
  options.argv = {"sh", "-c", "cat /dev/fd/" + std::to_string(channel[0])};
  options.inherited_fds = {{channel[0], channel[0]}};
  const auto result = run_process(options);
  close(channel[0]);
  CHECK(result.exited_with(0));
  CHECK(result.output == "same");
}

TEST_CASE("only the given environment reaches the program when asked") {
  setenv("GPUCHECK_TEST_SECRET", "grader's", 1);
  process_options options;
  options.argv = {"/bin/sh", "-c", "echo \"[$GPUCHECK_TEST_SECRET][$GPUCHECK_TEST_VALUE]\""};
  options.environment = {{"GPUCHECK_TEST_VALUE", "given"}};
  SUBCASE("ours and the given ones, by default") {
    CHECK(run_process(options).output == "[grader's][given]\n");
  }
  SUBCASE("the given ones alone") {
    options.only_given_environment = true;
    CHECK(run_process(options).output == "[][given]\n");
  }
  unsetenv("GPUCHECK_TEST_SECRET");
}

TEST_CASE("resource limits are set in the program before it runs") {
  process_options options;
  options.argv = {"sh", "-c", "ulimit -c; ulimit -f"};
  options.limits = {{RLIMIT_CORE, 0}, {RLIMIT_FSIZE, 1024 * 1024}};
  const auto result = run_process(options);
  CHECK(result.exited_with(0));
  CHECK(result.output == "0\n2048\n"); // ulimit -f counts blocks of 512 bytes
}

TEST_CASE("a program runs as the user asked for, when we are root") {
  if (getuid() != 0) {
    MESSAGE("not root: a user cannot be changed, and this case says nothing here");
    return;
  }
  process_options options;
  options.argv = {"sh", "-c", "id -u; id -G"};
  options.user = 65534;
  SUBCASE("with no supplementary group") {
    const auto result = run_process(options);
    CHECK(result.exited_with(0));
    CHECK(result.output == "65534\n65534\n");
  }
  SUBCASE("with the supplementary groups asked for (a GPU's device nodes' group)") {
    options.groups = {44};
    const auto result = run_process(options);
    CHECK(result.exited_with(0));
    CHECK(result.output == "65534\n65534 44\n");
  }
}
