// SPDX-License-Identifier: MIT
#include "core/student_state.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

TEST_CASE("hint progress survives a save and a load, per lesson") {
  const fs::path file =
      fs::temp_directory_path() / ("gpucheck-state-" + std::to_string(getpid())) / "state.json";
  gpucheck::student_state state;
  CHECK(state.hints_shown("44-two-clocks") == 0);
  state.set_hints_shown("44-two-clocks", 2);
  state.set_hints_shown("41-first-call", 1);
  REQUIRE(state.save(file));
  const auto loaded = gpucheck::student_state::load(file);
  CHECK(loaded.hints_shown("44-two-clocks") == 2);
  CHECK(loaded.hints_shown("41-first-call") == 1);
  CHECK(loaded.hints_shown("40-first-steps") == 0);
  fs::remove_all(file.parent_path());
}

TEST_CASE("a missing or damaged state file is an empty state") {
  CHECK(gpucheck::student_state::load("/nonexistent/state.json").hints_shown("x") == 0);
  const fs::path file = fs::temp_directory_path() / ("gpucheck-bad-" + std::to_string(getpid()));
  std::ofstream(file) << "{not json";
  CHECK(gpucheck::student_state::load(file).hints_shown("x") == 0);
  fs::remove(file);
}

TEST_CASE("check records survive a save and a load, beside the hints") {
  const fs::path file =
      fs::temp_directory_path() / ("gpucheck-records-" + std::to_string(getpid())) / "state.json";
  gpucheck::student_state state;
  CHECK_FALSE(state.last_check("44-two-clocks").has_value());
  state.set_hints_shown("44-two-clocks", 3);
  state.record_check("44-two-clocks", {"fail", "2025-03-01T14:03:07Z", "fnv1a64:1"});
  state.record_check("44-two-clocks", {"pass", "2025-03-01T14:09:00Z", "fnv1a64:2"});
  state.record_check("40-first-steps", {"no-device", "2025-03-01T13:00:00Z", "fnv1a64:3"});
  REQUIRE(state.save(file));
  const auto loaded = gpucheck::student_state::load(file);
  const auto record = loaded.last_check("44-two-clocks");
  REQUIRE(record.has_value());
  CHECK(record->verdict == "pass"); // the last check replaces the one before
  CHECK(record->checked_at == "2025-03-01T14:09:00Z");
  CHECK(record->exercise_hash == "fnv1a64:2");
  CHECK(loaded.last_check("40-first-steps")->verdict == "no-device");
  CHECK(loaded.hints_shown("44-two-clocks") == 3);
  fs::remove_all(file.parent_path());
}

TEST_CASE("a damaged state file is said to be damaged, and damaged records are skipped") {
  const fs::path file = fs::temp_directory_path() / ("gpucheck-bad2-" + std::to_string(getpid()));
  bool damaged = false;
  SUBCASE("not JSON") {
    std::ofstream(file) << "{\"checks\": {\"40-first-steps\": ";
    CHECK_FALSE(gpucheck::student_state::load(file, &damaged).last_check("40-first-steps"));
    CHECK(damaged);
  }
  SUBCASE("a record without a verdict, beside a good one") {
    std::ofstream(file) << R"({"checks": {"40-first-steps": {"checked_at": 3},
                               "41-first-call": {"verdict": "pass", "checked_at": 7}}})";
    const auto state = gpucheck::student_state::load(file, &damaged);
    CHECK_FALSE(damaged);
    CHECK_FALSE(state.last_check("40-first-steps"));
    REQUIRE(state.last_check("41-first-call"));
    CHECK(state.last_check("41-first-call")->verdict == "pass");
    CHECK(state.last_check("41-first-call")->checked_at.empty());
  }
  SUBCASE("a missing file is not damaged") {
    CHECK_FALSE(gpucheck::student_state::load("/nonexistent/state.json", &damaged)
                    .last_check("40-first-steps"));
    CHECK_FALSE(damaged);
  }
  fs::remove(file);
}
