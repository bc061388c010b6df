// SPDX-License-Identifier: MIT
#include "core/hint_state.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

TEST_CASE("hint progress survives a save and a load, per lesson") {
  const fs::path file =
      fs::temp_directory_path() / ("gpucheck-state-" + std::to_string(getpid())) / "state.json";
  gpucheck::student_state state;
  CHECK(state.hints_shown("04-two-sync-methods") == 0);
  state.set_hints_shown("04-two-sync-methods", 2);
  state.set_hints_shown("01-warmup", 1);
  REQUIRE(state.save(file));
  const auto loaded = gpucheck::student_state::load(file);
  CHECK(loaded.hints_shown("04-two-sync-methods") == 2);
  CHECK(loaded.hints_shown("01-warmup") == 1);
  CHECK(loaded.hints_shown("00-setup") == 0);
  fs::remove_all(file.parent_path());
}

TEST_CASE("a missing or damaged state file is an empty state") {
  CHECK(gpucheck::student_state::load("/nonexistent/state.json").hints_shown("x") == 0);
  const fs::path file = fs::temp_directory_path() / ("gpucheck-bad-" + std::to_string(getpid()));
  std::ofstream(file) << "{not json";
  CHECK(gpucheck::student_state::load(file).hints_shown("x") == 0);
  fs::remove(file);
}
