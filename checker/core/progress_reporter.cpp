// SPDX-License-Identifier: MIT
#include "core/progress_reporter.hpp"

namespace gpucheck {

void progress_reporter::build_started(const std::string&) {}
void progress_reporter::build_finished(const std::string&, const build_outcome&) {}
void progress_reporter::progress(const std::string&) {}
void progress_reporter::problem(const std::string&) {}

progress_reporter& quiet_reporter() {
  static progress_reporter quiet;
  return quiet;
}

} // namespace gpucheck
