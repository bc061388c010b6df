// SPDX-License-Identifier: MIT
// Without a GPU, check names the GPU checks it could not run (core/gpu_checks_not_run.hpp), read
// from the check program's own listing (doctest's --list-test-cases).
#include "core/gpu_checks_not_run.hpp"

#include <doctest/doctest.h>

using gpucheck::parse_listed_test_cases;

TEST_CASE("the names in doctest's listing are read, and nothing around them") {
  const std::string output =
      "gpucheck: no usable CUDA device (no CUDA device is visible); running only the checks that "
      "need none.\n"
      "[doctest] doctest version is \"2.4.11\"\n"
      "[doctest] run with \"--help\" for options\n"
      "===============================================================================\n"
      "[doctest] listing all test case names\n"
      "===============================================================================\n"
      "time_with_device_sync times the work alone, with other work queued before it\n"
      "time_with_events times the work alone, with other work queued before it\n"
      "===============================================================================\n"
      "[doctest] unskipped test cases passing the current filters: 2\n";
  CHECK(parse_listed_test_cases(output) ==
        std::vector<std::string>{
            "time_with_device_sync times the work alone, with other work queued before it",
            "time_with_events times the work alone, with other work queued before it"});
}

TEST_CASE("an output without a listing names no check") {
  CHECK(parse_listed_test_cases("").empty());
  CHECK(parse_listed_test_cases("Segmentation fault\n").empty());
}
