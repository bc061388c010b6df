// SPDX-License-Identifier: MIT
#include "core/check_results_file.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;

TEST_CASE("only lines with this run's token count as results") {
  const fs::path path = fs::temp_directory_path() / ("gpucheck-results-" + std::to_string(getpid()));
  {
    std::ofstream file(path);
    file << R"({"type":"check","token":"abc","name":"one","passed":true})" << "\n"
         << R"({"type":"check","token":"forged","name":"fake","passed":true})" << "\n"
         << R"({"type":"check","name":"no token","passed":true})" << "\n"
         << "PASS not even json\n"
         << R"({"type":"check","token":"abc","name":"two","passed":false,"rule":"stale-queue"})"
         << "\n"
         << R"({"type":"summary","token":"abc","gpu_used":true,"device":"NVIDIA H200","seed":"7"})"
         << "\n";
  }
  const auto results = gpucheck::read_check_results(path, "abc");
  fs::remove(path);
  REQUIRE(results.checks.size() == 2);
  CHECK(results.checks[0].name == "one");
  CHECK(results.checks[0].passed);
  CHECK(results.checks[1].rule == "stale-queue");
  CHECK_FALSE(results.checks[1].passed);
  REQUIRE(results.summary.has_value());
  CHECK(results.summary->device == "NVIDIA H200");
  CHECK(results.summary->gpu_used);
  CHECK(results.foreign_lines == 3);
}

TEST_CASE("a missing results file means no summary, and an empty token accepts nothing") {
  const auto missing = gpucheck::read_check_results("/nonexistent/results.jsonl", "abc");
  CHECK(missing.checks.empty());
  CHECK_FALSE(missing.summary.has_value());
}
