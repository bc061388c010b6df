// SPDX-License-Identifier: MIT
#include "cli/timeout_option.hpp"

#include "messages/messages.hpp"

#include <cmath>
#include <cstdlib>
#include <iostream>

namespace gpucheck::cli {

std::optional<double> timeout_seconds(const parsed_arguments& parsed, const std::string& command,
                                      timeout_default fallback) {
  std::optional<std::string> given = parsed.value("timeout");
  if (!given && fallback.from_environment) {
    if (const char* variable = std::getenv("GPUCHECK_TIMEOUT"); variable != nullptr) {
      given = variable;
    }
  }
  if (!given) {
    return fallback.seconds;
  }
  char* end = nullptr;
  const double seconds = std::strtod(given->c_str(), &end);
  if (end == given->c_str() || *end != '\0' || !std::isfinite(seconds) || seconds <= 0) {
    std::cerr << "gpucheck " << command << ": "
              << messages::text("cli.timeout-not-seconds", {{"value", *given}}) << "\n";
    return std::nullopt;
  }
  return seconds;
}

std::chrono::milliseconds time_limit_of(double seconds) {
  return std::chrono::milliseconds(static_cast<long>(seconds * 1000));
}

} // namespace gpucheck::cli
