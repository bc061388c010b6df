// SPDX-License-Identifier: MIT
// `--timeout SECONDS`, read the same way by every command that runs a program (check, watch,
// grade, selftest, lint): a number of seconds above 0, else a usage error.
#pragma once

#include "cli/command_line.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace gpucheck::cli {

struct timeout_default {
  double seconds = 60;
  bool from_environment = false; // GPUCHECK_TIMEOUT, where --timeout is not given (make's TIMEOUT=)
};

// The time limit in seconds; nullopt after saying on stderr, as `gpucheck COMMAND: ...`, that the
// value is not a number of seconds above 0.
std::optional<double> timeout_seconds(const parsed_arguments& parsed, const std::string& command,
                                      timeout_default fallback);

std::chrono::milliseconds time_limit_of(double seconds);

} // namespace gpucheck::cli
