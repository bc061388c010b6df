// SPDX-License-Identifier: MIT
// A lesson's hints file (core/lesson_hints.hpp): its numbered list, one hint per item.
#include "core/lesson_hints.hpp"

#include <doctest/doctest.h>

using gpucheck::parse_hints;

TEST_CASE("each numbered item is one hint, a heading, an intro and blank lines are not") {
  const std::string text = "# Hints: lesson 44, The two ways to synchronize\n\n"
                           "`make hint` shows these one at a time.\n\n"
                           "1. Run `make check`.\n\n"
                           "2. `cudaDeviceSynchronize()` waits for everything:\n"
                           "   every stream.\n\n"
                           "10. Nearly the answer.\n";
  CHECK(parse_hints(text) == std::vector<std::string>{"Run `make check`.",
                                                      "`cudaDeviceSynchronize()` waits for "
                                                      "everything: every stream.",
                                                      "Nearly the answer."});
}

TEST_CASE("a text without a numbered list has no hints") {
  CHECK(parse_hints("").empty());
  CHECK(parse_hints("# Hints\n\n- a bullet is not a numbered hint\n2020 was a year.\n").empty());
}
