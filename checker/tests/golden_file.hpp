// SPDX-License-Identifier: MIT
// Golden files (fixtures/golden/): compares a renderer's output with its committed file, or
// rewrites the file when GPUCHECK_UPDATE_GOLDEN=1. On a difference it names the first line that
// differs and writes the actual output to build/tests/actual_<name> for a diff.
#pragma once

#include <cstdlib>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace golden {

inline void check_golden(const std::string& name, const std::string& actual) {
  const auto path = std::filesystem::path(GPUCHECK_FIXTURES_DIR) / "golden" / name;
  const char* update = std::getenv("GPUCHECK_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    MESSAGE("rewrote " << path.string());
    return;
  }
  REQUIRE_MESSAGE(std::filesystem::exists(path),
                  path.string() << " is missing: run with GPUCHECK_UPDATE_GOLDEN=1 to create it");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string expected = text.str();
  if (expected == actual) {
    return;
  }
  const auto written = std::filesystem::path(GPUCHECK_BUILD_DIR) / "tests" / ("actual_" + name);
  std::ofstream(written, std::ios::binary) << actual;
  std::istringstream expected_lines(expected), actual_lines(actual);
  std::string e, a;
  int line = 0;
  while (std::getline(expected_lines, e) && std::getline(actual_lines, a) && e == a) {
    ++line;
  }
  FAIL_CHECK(name << " differs from its golden file from line " << line + 1 << ":\n  golden: " << e
                  << "\n  actual: " << a << "\nactual output written to " << written.string()
                  << "; if the change is intended, rerun with GPUCHECK_UPDATE_GOLDEN=1");
}

} // namespace golden
