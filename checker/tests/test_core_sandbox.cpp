// SPDX-License-Identifier: MIT
#include "core/sandbox.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

// A course of a few files, in a fresh folder: lessons/, solutions/, .git, and a build tree.
struct fake_course {
  fs::path root;
  fake_course() {
    root = fs::temp_directory_path() / ("gpucheck-sandbox-test-" + std::to_string(getpid()));
    fs::remove_all(root);
    for (const char* folder :
         {"lessons/40-first-steps", "solutions/40-first-steps", ".git", "build/bin"}) {
      fs::create_directories(root / folder);
    }
    std::ofstream(root / "lessons/40-first-steps/exercise.cu") << "starter\n";
    std::ofstream(root / "solutions/40-first-steps/exercise.cu") << "reference\n";
    std::ofstream(root / ".git/HEAD") << "ref\n";
    std::ofstream(root / "build/CMakeCache.txt") << "cache\n";
    std::ofstream(root / "build/bin/check") << "program\n";
  }
  ~fake_course() { fs::remove_all(root); }
};

// The position of `words` as consecutive arguments of `command`, or -1.
long position_of(const std::vector<std::string>& command, const std::vector<std::string>& words) {
  const auto found = std::search(command.begin(), command.end(), words.begin(), words.end());
  return found == command.end() ? -1 : static_cast<long>(found - command.begin());
}

// Runs `script` with sh in a sandbox of `view`, as a sandboxed check program runs.
process_result run_sandboxed(const sandbox_view& view, const std::string& script) {
  process_options options;
  options.argv = sandbox_command(probe_sandbox().bwrap, view);
  options.argv.insert(options.argv.end(), {"sh", "-c", script});
  options.environment = sandbox_environment({});
  options.only_given_environment = true;
  options.user = sandbox_user();
  options.limits = sandbox_limits(options.user);
  options.time_limit = std::chrono::seconds(30);
  return run_process(options);
}

} // namespace

TEST_CASE("a view's mounts come in order, and what it hides is made read-only at the end") {
  const fake_course course;
  sandbox_view view;
  view.show(course.root).hide(course.root / "solutions").show(course.root / "build/bin/check");
  view.hide(course.root / "no-such-folder");
  const auto command = sandbox_command("/usr/bin/bwrap", view, 7);
  const auto runs_after = [&](const std::vector<std::string>& words) {
    return position_of(command, words) > position_of(command, {"--"});
  };
  const std::string root = course.root.string();
  const long shown = position_of(command, {"--ro-bind", root, root});
  const long hidden = position_of(command, {"--tmpfs", root + "/solutions"});
  const long shown_again =
      position_of(command, {"--ro-bind", root + "/build/bin/check", root + "/build/bin/check"});
  const long read_only = position_of(command, {"--remount-ro", root + "/solutions"});
  CHECK(command.front() == "/usr/bin/bwrap");
  CHECK(shown >= 0);
  CHECK(hidden > shown);
  CHECK(shown_again > hidden);
  CHECK(read_only > shown_again);
  CHECK(runs_after({"/bin/sh", "-c"})); // the shell that says the sandbox started, on fd 7
  CHECK(command[static_cast<std::size_t>(position_of(command, {"-c"}) + 1)].find(">&7") !=
        std::string::npos);
  CHECK(std::find(command.begin(), command.end(), "--unshare-all") != command.end());
  SUBCASE("a path that does not exist is left out") {
    CHECK(position_of(command, {"--tmpfs", root + "/no-such-folder"}) == -1);
  }
}

TEST_CASE("the course is shown without its solutions, its history and its build trees") {
  const fake_course course;
  sandbox_view view;
  show_course(view, course.root);
  const auto command = sandbox_command("bwrap", view);
  const std::string root = course.root.string();
  CHECK(position_of(command, {"--ro-bind", root, root}) >= 0);
  CHECK(position_of(command, {"--tmpfs", root + "/solutions"}) >= 0);
  CHECK(position_of(command, {"--tmpfs", root + "/.git"}) >= 0);
  CHECK(position_of(command, {"--tmpfs", root + "/build"}) >= 0);
  CHECK(position_of(command, {"--tmpfs", root + "/lessons"}) == -1);
}

TEST_CASE("a sandbox's environment keeps how to run, and none of the grader's secrets") {
  setenv("GPUCHECK_TEST_VALUE", "ours", 1);
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);
  const auto variables = sandbox_environment({{"GPUCHECK_LANG", "zh"}});
  const auto has = [&](const std::string& name, const std::string& value) {
    return std::find(variables.begin(), variables.end(), std::make_pair(name, value)) !=
           variables.end();
  };
  CHECK(has("CUDA_VISIBLE_DEVICES", "0"));
  CHECK(has("GPUCHECK_LANG", "zh"));
  CHECK(has("HOME", sandbox_scratch));
  CHECK(has("TMPDIR", "/tmp"));
  CHECK(has("GPUCHECK_TEST_VALUE", "ours")); // gpucheck's own variables pass on
  unsetenv("GPUCHECK_TEST_VALUE");
  setenv("AWS_SECRET_ACCESS_KEY", "s3cret", 1);
  const auto without = sandbox_environment({});
  CHECK(std::none_of(without.begin(), without.end(), [](const auto& variable) {
    return variable.first == "AWS_SECRET_ACCESS_KEY";
  }));
  unsetenv("AWS_SECRET_ACCESS_KEY");
}

TEST_CASE("in a sandbox, the course is read-only and its solutions, the build and the rest of the "
          "machine are absent") {
  if (!probe_sandbox().available) {
    MESSAGE("no sandbox here (" << probe_sandbox().why_not << "): nothing to run this in");
    return;
  }
  const fake_course course;
  sandbox_view view;
  show_course(view, course.root);
  const std::string root = course.root.string();
  const auto result = run_sandboxed(
      view, "cat " + root +
                "/lessons/40-first-steps/exercise.cu; "
                "cat " +
                root +
                "/solutions/40-first-steps/exercise.cu 2>/dev/null || echo no-solution; "
                "cat " +
                root +
                "/build/CMakeCache.txt 2>/dev/null || echo no-build; "
                "cat " +
                root +
                "/.git/HEAD 2>/dev/null || echo no-history; "
                "touch " +
                root +
                "/lessons/written 2>/dev/null || echo read-only; "
                "touch " +
                root +
                "/solutions/written 2>/dev/null || echo hidden-read-only; "
                "ls /root /home /work 2>/dev/null | wc -l; "
                "touch /tmp/x /scratch/x && echo scratch; pwd");
  CHECK(result.exited_with(0));
  CHECK(result.output == "starter\nno-solution\nno-build\nno-history\nread-only\n"
                         "hidden-read-only\n0\nscratch\n/scratch\n");
  CHECK_FALSE(fs::exists(course.root / "lessons/written"));
}

TEST_CASE("in a sandbox, there is no network but a loopback, and no other process") {
  if (!probe_sandbox().available) {
    MESSAGE("no sandbox here (" << probe_sandbox().why_not << "): nothing to run this in");
    return;
  }
  const auto result = run_sandboxed(
      sandbox_view{},
      "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '; ls /proc | grep -c '^[0-9]'");
  CHECK(result.exited_with(0));
  // lo, then the processes: bwrap's init, sh, and the pipeline's own (ls, grep) at most.
  CHECK(result.output.rfind("lo\n", 0) == 0);
  const int processes = std::stoi(result.output.substr(3));
  CHECK(processes >= 2);
  CHECK(processes <= 5);
}

TEST_CASE("in a sandbox, a fork bomb stops at the processes' limit") {
  if (!probe_sandbox().available) {
    MESSAGE("no sandbox here (" << probe_sandbox().why_not << "): nothing to run this in");
    return;
  }
  // 400 sleepers: more than the budget (256) the sandbox's user gets beyond what it has. The
  // subshell ends at the first fork that fails; the count it reached is in a file, read back by
  // the shell's builtins: with the budget spent, a `cat` could not start (the one slot the
  // subshell frees may go to any other process of the same user first, as under ctest -j).
  const auto result = run_sandboxed(
      sandbox_view{}, "(n=0; while [ $n -lt 400 ]; do sleep 30 & n=$((n+1)); echo $n >/tmp/n; "
                      "done) 2>/dev/null; read -r count </tmp/n; echo \"$count\"; "
                      "kill -9 -1 2>/dev/null; exit 0");
  CHECK(result.exited_with(0));
  const int started = std::stoi(result.output);
  CHECK(started < 400);
}
