// SPDX-License-Identifier: MIT
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"
#include "report_golden_support.hpp"

#include <cstdlib>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using gpucheck::check_report;

using golden::failing_report; // the one report the renderers' tests share

TEST_CASE("the verdict is on the first line, then each failed check's numbers, fix and lesson") {
  const gpucheck::check_report report = failing_report();
  const std::string text = gpucheck::render_terminal(report, {false});
  CHECK(text.rfind("FAIL  lesson 44-two-clocks: Two clocks\n", 0) == 0);
  CHECK(text.find("expected  2.134 ms") != std::string::npos);
  CHECK(text.find("measured  22.410 ms") != std::string::npos);
  CHECK(text.find("rule      stale-queue") != std::string::npos);
  CHECK(text.find("learn     lessons/44-two-clocks/lesson.md#why") != std::string::npos);
  CHECK(text.find("ok   time_with_events") != std::string::npos);
  // The hint names the lesson by its folder's number.
  CHECK(text.find("make hint LESSON=" + report.lesson_folder.substr(0, 2)) != std::string::npos);
  CHECK(text.find("\x1b[") == std::string::npos); // no colour when not asked for
}

TEST_CASE("on a disturbed GPU, a failure noise could explain has no determined cause") {
  // Beside another process on an H100, a correct warm-up was told "your warm-up has 50
  // calls, but it had 2": its own times never settled because the load delayed them.
  gpucheck::check_report report = failing_report();
  report.checks[0].noise_could_explain = true;
  const std::string why = "your warm-up has 50 calls, but it had 2";
  report.checks[0].message = why;
  const std::string marked = "why       (the GPU was disturbed while this check ran, which could "
                             "have caused this failure: the cause is not determined) " +
                             why;
  SUBCASE("on a quiet GPU the check's sentence stands") {
    const std::string text = gpucheck::render_terminal(report, {false});
    CHECK(text.find("why       " + why) != std::string::npos);
    CHECK(text.find("the cause is not determined") == std::string::npos);
  }
  report.noise_reasons = {"another process used the GPU during the checks"};
  SUBCASE("disturbed and inconclusive: shown as what the disturbance could have caused") {
    report.verdict = gpucheck::exit_code::inconclusive;
    CHECK(gpucheck::render_terminal(report, {false}).find(marked) != std::string::npos);
  }
  SUBCASE("disturbed, and failed for another check's mistake: this one is still not determined") {
    CHECK(gpucheck::render_terminal(report, {false}).find(marked) != std::string::npos);
  }
  SUBCASE("disturbed, a failure noise could not explain: its sentence stands") {
    report.checks[0].noise_could_explain = false;
    const std::string text = gpucheck::render_terminal(report, {false});
    CHECK(text.find("why       " + why) != std::string::npos);
    CHECK(text.find("the cause is not determined") == std::string::npos);
  }
}

TEST_CASE("colour is used only when asked, and NO_COLOR always wins") {
  const std::string coloured = gpucheck::render_terminal(failing_report(), {true});
  CHECK(coloured.find("\x1b[1;31mFAIL\x1b[0m") == 0);
  setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(gpucheck::colour_wanted(1));
  unsetenv("NO_COLOR");
}

TEST_CASE("the JSON report carries the verdict, exit code and every check") {
  const auto json = nlohmann::json::parse(gpucheck::render_json(failing_report()));
  CHECK(json["schema"] == "gpucheck-check/1");
  CHECK(json["verdict"] == "fail");
  CHECK(json["exit_code"] == 1);
  REQUIRE(json["checks"].size() == 2);
  CHECK(json["checks"][0]["rule"] == "stale-queue");
  CHECK(json["checks"][1]["passed"] == true);
  CHECK(json["build_error"].is_null());
}

TEST_CASE("a build failure shows the first error with its file and line") {
  check_report report = failing_report();
  report.checks.clear();
  report.verdict = gpucheck::exit_code::build_failed;
  report.headline = "Your code does not compile: exercise.cu:9: expected a \";\"";
  report.build_error = gpucheck::compiler_error{
      "/x/exercise.cu", 9, 0, "expected a \";\"", "    return sum;\n    ^\n", false, {}};
  const std::string text = gpucheck::render_terminal(report, {false});
  CHECK(text.rfind("DOES NOT BUILD", 0) == 0);
  CHECK(text.find("exercise.cu:9: expected a \";\"\n\n        return sum;\n        ^\n") !=
        std::string::npos);
  // Said once, in the headline: not again above the excerpt.
  CHECK(text.find("exercise.cu:9", text.find("exercise.cu:9") + 1) == std::string::npos);
}
