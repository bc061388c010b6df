// SPDX-License-Identifier: MIT
#include "core/exit_codes.hpp"

#include <doctest/doctest.h>
#include <set>
#include <string>

using gpucheck::exit_code;

TEST_CASE("exit codes have docs/ARCHITECTURE.md's values and distinct names") {
  CHECK(to_int(exit_code::pass) == 0);
  CHECK(to_int(exit_code::wrong) == 1);
  CHECK(to_int(exit_code::usage) == 2);
  CHECK(to_int(exit_code::build_failed) == 3);
  CHECK(to_int(exit_code::crashed) == 4);
  CHECK(to_int(exit_code::inconclusive) == 75);
  CHECK(to_int(exit_code::no_device) == 77);
  std::set<std::string> names;
  for (auto code : {exit_code::pass, exit_code::wrong, exit_code::usage, exit_code::build_failed,
                    exit_code::crashed, exit_code::inconclusive, exit_code::no_device}) {
    names.insert(exit_code_name(code));
  }
  CHECK(names.size() == 7);
  CHECK(names.count("unknown") == 0);
}
