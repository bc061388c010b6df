// SPDX-License-Identifier: MIT
// The check programs' words (checkapi/say.hpp): looked up in the language gpucheck passes them,
// with their values filled.
#include "checkapi/say.hpp"
#include "messages/messages.hpp"

#include <doctest/doctest.h>

#include <cstdlib>

namespace {

// Sets GPUCHECK_LANG as gpucheck does for a check program, and puts things back after the test.
struct language_variable {
  explicit language_variable(const char* code) {
    setenv("GPUCHECK_LANG", code, 1);
    gpucheck::detail::choose_language_from_environment();
  }
  ~language_variable() {
    unsetenv("GPUCHECK_LANG");
    gpucheck::messages::set_language(gpucheck::messages::language::english);
  }
};

} // namespace

TEST_CASE("say() fills the sentence's values, in English by default") {
  language_variable english("en");
  CHECK(gpucheck::say("report.lesson", {{"folder", "44-two-clocks"}, {"title", "Two"}}) ==
        "lesson 44-two-clocks: Two");
}

TEST_CASE("say() speaks the language gpucheck passed in GPUCHECK_LANG") {
  language_variable chinese("zh");
  CHECK(gpucheck::say("verdict.pass") == "通过");
  CHECK(gpucheck::say("report.lesson", {{"folder", "44"}, {"title", "T"}}) == "课程 44：T");
}

TEST_CASE("an id that is not in the catalogue comes back as it is") {
  language_variable english("en");
  CHECK(gpucheck::say("check.no-such-sentence") == "check.no-such-sentence");
}
