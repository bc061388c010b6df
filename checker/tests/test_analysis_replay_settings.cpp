// SPDX-License-Identifier: MIT
// The traced replay runs the program the verdict's run ran (analysis/replay_settings): nothing is
// built twice, the draws are the same (GPUCHECK_SEED), it stops after the last test case whose call
// it reads, and it says nothing of its own. A stand-in check program (a shell script) shows that
// run_check with those settings runs it with its arguments and builds nothing: the build tree is
// never configured, and the reporter hears of no build.
#include "analysis/replay_settings.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using gpucheck::check_settings;
namespace fs = std::filesystem;

namespace {

// Remembers what a step told it.
class recording_reporter final : public gpucheck::progress_reporter {
public:
  std::vector<std::string> builds;
  std::vector<std::string> said;
  void build_started(const std::string& target) override { builds.push_back(target); }
  void progress(const std::string& text) override { said.push_back(text); }
};

struct stand_in {
  fs::path root =
      fs::temp_directory_path() / ("gpucheck-replay-settings-" + std::to_string(getpid()));
  fs::path program = root / "check";
  gpucheck::lesson_entry lesson;
  check_settings settings;
  recording_reporter reporter;

  stand_in() {
    fs::remove_all(root);
    fs::create_directories(root / "course");
    // Writes no results: the verdict says it stopped without reporting (exit 0, no summary).
    std::ofstream(program)
        << "#!/bin/sh\necho \"$@\" > \"$0.ran\"\necho the stand-in ran\nexit 0\n";
    fs::permissions(program, fs::perms::owner_all);
    lesson.number = 4;
    lesson.folder = "44-stand-in";
    lesson.lesson_dir = root / "course" / "lessons" / lesson.folder;
    lesson.solution_dir = root / "course" / "solutions" / lesson.folder;
    settings.source_dir = root / "course";
    settings.build_dir = root / "build"; // never configured
    settings.lock_gpu = false;
    settings.watch_gpu = true; // as a command sets it; off where a case runs the stand-in
    settings.sanitize = true;
    settings.time_limit = std::chrono::milliseconds(5'000);
    settings.environment = {{"STUDENT_VARIABLE", "kept"}};
    settings.reporter = &reporter;
  }
  ~stand_in() { fs::remove_all(root); }

  check_settings::prebuilt_program built(bool ok) const {
    gpucheck::build_outcome outcome;
    outcome.ok = ok;
    outcome.seconds = 1.5;
    return {program, outcome};
  }
};

} // namespace

TEST_CASE("the replay runs the verdict's program with its seed and the tracer, quietly") {
  stand_in course;
  const check_settings replay = gpucheck::analysis::replay_settings(
      course.settings, course.built(true), "6783825586539437457",
      {{"CUDA_INJECTION64_PATH", "/build/lib/libgputrace.so"}});
  REQUIRE(replay.prebuilt.has_value());
  CHECK(replay.prebuilt->program == course.program);
  CHECK(replay.prebuilt->built.ok);
  CHECK(replay.environment == std::vector<std::pair<std::string, std::string>>{
                                  {"STUDENT_VARIABLE", "kept"},
                                  {"CUDA_INJECTION64_PATH", "/build/lib/libgputrace.so"},
                                  {"GPUCHECK_SEED", "6783825586539437457"},
                                  {"GPUCHECK_REPLAY", "1"}});
  CHECK_FALSE(replay.sanitize);  // compute-sanitizer and the tracer cannot share a process
  CHECK_FALSE(replay.watch_gpu); // the noise was judged on the verdict's run
  CHECK(replay.lock_gpu == course.settings.lock_gpu); // it runs on the GPU: one check at a time
  CHECK(replay.reporter == &gpucheck::quiet_reporter());
  CHECK(replay.time_limit == course.settings.time_limit);
  CHECK(course.settings.reporter == &course.reporter); // the command's settings are left alone
}

TEST_CASE("a check given its built program runs it and builds nothing") {
  stand_in course;
  check_settings settings = course.settings;
  settings.sanitize = false;
  settings.watch_gpu = false;
  settings.prebuilt = course.built(true);
  const gpucheck::check_report report = gpucheck::run_check(course.lesson, settings);
  CHECK(course.reporter.builds.empty());
  CHECK_FALSE(fs::exists(settings.build_dir / "CMakeCache.txt"));
  CHECK(report.build_seconds == doctest::Approx(1.5)); // the build it was given
  // The stand-in ran (exit 0 without a summary): not a build failure.
  CHECK(report.verdict == gpucheck::exit_code::crashed);
  CHECK(fs::exists(course.root / "check.ran"));
  CHECK(report.program_output_tail.find("the stand-in ran") != std::string::npos);
}

TEST_CASE("the replay's program is told the last test case to run") {
  stand_in course;
  check_settings verdict_run = course.settings;
  verdict_run.watch_gpu = false;
  CHECK(gpucheck::analysis::replay_settings(verdict_run, course.built(true), "7", {})
            .program_arguments.empty());
  const check_settings replay =
      gpucheck::analysis::replay_settings(verdict_run, course.built(true), "7", {}, 2);
  CHECK(replay.program_arguments == std::vector<std::string>{"--dt-last=2"});
  gpucheck::run_check(course.lesson, replay);
  std::ifstream said(course.root / "check.ran");
  std::string arguments;
  std::getline(said, arguments);
  CHECK(arguments == "--dt-last=2");
}

namespace {

gpucheck::check_item check_in(int test_case, bool passed, bool shows_call = true) {
  gpucheck::check_item item;
  item.name = "check in test case " + std::to_string(test_case);
  item.passed = passed;
  item.call.begin_ns = shows_call ? 1000 * (test_case + 1) : 0;
  item.call.end_ns = item.call.begin_ns + 500;
  item.call.test_case = test_case;
  return item;
}

// A variable of the replay's environment, or "(unset)".
std::string variable(const check_settings& settings, const std::string& name) {
  for (const auto& [key, value] : settings.environment)
    if (key == name)
      return value;
  return "(unset)";
}

} // namespace

TEST_CASE("the replay stops after the last test case whose call it reads") {
  using gpucheck::analysis::last_test_case_read;
  gpucheck::check_report report;
  SUBCASE("failed checks early, passes after them: the passes are left out") {
    report.checks = {check_in(1, false), check_in(2, true), check_in(2, false), check_in(3, true),
                     check_in(4, true)};
    CHECK(last_test_case_read(report, false, false) == 2);
    SUBCASE("on a disturbed GPU the passes are read too") {
      CHECK(last_test_case_read(report, true, false) == 4);
    }
    SUBCASE("a picture or a kept trace wants the whole run") {
      CHECK_FALSE(last_test_case_read(report, false, true).has_value());
    }
  }
  SUBCASE("a failure that shows no call is not read") {
    report.checks = {check_in(1, false), check_in(3, false, false)};
    CHECK(last_test_case_read(report, false, false) == 1);
  }
  SUBCASE("a read call whose test case is not known: every test case") {
    report.checks = {check_in(1, false), check_in(0, false)};
    CHECK_FALSE(last_test_case_read(report, false, false).has_value());
  }
}

TEST_CASE("the replay is told which test cases it reads a failure of, and which a pass of") {
  using gpucheck::analysis::what_the_replay_reads;
  gpucheck::check_report report;
  report.checks = {check_in(1, true),  check_in(2, false), check_in(3, true),
                   check_in(3, false), check_in(4, true),  check_in(5, false, false)};
  SUBCASE("a failing run: its failures only; a test case with one failure is read as failed") {
    const auto reads = what_the_replay_reads(report, false, false);
    REQUIRE(reads.has_value());
    CHECK(reads->failed == std::vector<int>{2, 3});
    CHECK(reads->passed.empty());
    stand_in course;
    const check_settings replay =
        gpucheck::analysis::replay_settings(course.settings, course.built(true), "7", {}, 3, reads);
    CHECK(variable(replay, "GPUCHECK_REPLAY_FAILS") == "2,3");
    CHECK(variable(replay, "GPUCHECK_REPLAY_PASSES") == "");
  }
  SUBCASE("on a disturbed GPU, the passes too, where no check of theirs failed") {
    const auto reads = what_the_replay_reads(report, true, false);
    REQUIRE(reads.has_value());
    CHECK(reads->failed == std::vector<int>{2, 3});
    CHECK(reads->passed == std::vector<int>{1, 4});
    stand_in course;
    const check_settings replay =
        gpucheck::analysis::replay_settings(course.settings, course.built(true), "7", {}, 4, reads);
    CHECK(variable(replay, "GPUCHECK_REPLAY_PASSES") == "1,4");
  }
  SUBCASE("the whole run, or a call whose test case is not known: every trial, as before") {
    CHECK_FALSE(what_the_replay_reads(report, false, true).has_value());
    report.checks.push_back(check_in(0, false));
    CHECK_FALSE(what_the_replay_reads(report, false, false).has_value());
    stand_in course;
    const check_settings replay = gpucheck::analysis::replay_settings(
        course.settings, course.built(true), "7", {}, std::nullopt, std::nullopt);
    CHECK(variable(replay, "GPUCHECK_REPLAY_FAILS") == "(unset)");
    CHECK(variable(replay, "GPUCHECK_REPLAY_PASSES") == "(unset)");
  }
}

TEST_CASE("a check given a failed build judges it, and neither builds nor runs") {
  stand_in course;
  check_settings settings = course.settings;
  settings.watch_gpu = false;
  settings.prebuilt = course.built(false);
  const gpucheck::check_report report = gpucheck::run_check(course.lesson, settings);
  CHECK(report.verdict == gpucheck::exit_code::build_failed);
  CHECK(course.reporter.builds.empty());
  CHECK_FALSE(fs::exists(course.root / "check.ran"));
}

TEST_CASE("build_check hands back the program it was given, and builds nothing") {
  stand_in course;
  check_settings settings = course.settings;
  settings.prebuilt = course.built(true);
  const check_settings::prebuilt_program checked = gpucheck::build_check(course.lesson, settings);
  CHECK(checked.program == course.program);
  CHECK(course.reporter.builds.empty());
}

TEST_CASE("a build through CMake tells the reporter when it starts and ends") {
  stand_in course;
  struct ends final : gpucheck::progress_reporter {
    std::vector<std::string> started;
    std::vector<bool> finished_ok;
    void build_started(const std::string& target) override { started.push_back(target); }
    void build_finished(const std::string&, const gpucheck::build_outcome& outcome) override {
      finished_ok.push_back(outcome.ok);
    }
  } reporter;
  // No CMakeLists.txt in the course: the configure step fails, and says so.
  const gpucheck::build_outcome built = gpucheck::build_target(
      course.settings.source_dir, course.settings.build_dir, "lesson.44-stand-in.check", reporter);
  CHECK_FALSE(built.ok);
  CHECK(reporter.started == std::vector<std::string>{"lesson.44-stand-in.check"});
  CHECK(reporter.finished_ok == std::vector<bool>{false});
}
