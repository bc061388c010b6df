// SPDX-License-Identifier: MIT
// cli/timeout_option: --timeout read one way by every command; GPUCHECK_TIMEOUT only where the
// command takes it (check, watch), and a value that is not a number of seconds above 0 refused.
#include "cli/timeout_option.hpp"

#include <cstdlib>
#include <doctest/doctest.h>

using gpucheck::cli::parse_arguments;
using gpucheck::cli::time_limit_of;
using gpucheck::cli::timeout_seconds;

namespace {

std::optional<double> read(const std::vector<std::string>& arguments,
                           gpucheck::cli::timeout_default fallback) {
  return timeout_seconds(parse_arguments(arguments, {"timeout"}, {}), "check", fallback);
}

// GPUCHECK_TIMEOUT set for the life of one case.
struct environment_timeout {
  explicit environment_timeout(const char* value) { setenv("GPUCHECK_TIMEOUT", value, 1); }
  ~environment_timeout() { unsetenv("GPUCHECK_TIMEOUT"); }
};

} // namespace

TEST_CASE("--timeout gives the seconds, and the command's default stands without it") {
  unsetenv("GPUCHECK_TIMEOUT");
  CHECK(read({"44", "--timeout", "2.5"}, {.seconds = 60}) == 2.5);
  CHECK(read({"44", "--timeout=7"}, {.seconds = 60}) == 7);
  CHECK(read({"44"}, {.seconds = 120}) == 120);
  CHECK(time_limit_of(2.5) == std::chrono::milliseconds(2500));
}

TEST_CASE("GPUCHECK_TIMEOUT counts only where the command takes it, and --timeout wins") {
  const environment_timeout set("30");
  CHECK(read({"44"}, {.seconds = 60, .from_environment = true}) == 30);
  CHECK(read({"44"}, {.seconds = 60}) == 60);
  CHECK(read({"44", "--timeout", "5"}, {.seconds = 60, .from_environment = true}) == 5);
}

TEST_CASE("a timeout that is not a number of seconds above 0 is refused") {
  unsetenv("GPUCHECK_TIMEOUT");
  for (const char* wrong : {"soon", "0", "-3", "5s", "", "nan", "inf"}) {
    CAPTURE(wrong);
    CHECK_FALSE(read({"44", "--timeout", wrong}, {.seconds = 60}).has_value());
  }
  const environment_timeout set("later");
  CHECK_FALSE(read({"44"}, {.seconds = 60, .from_environment = true}).has_value());
}
