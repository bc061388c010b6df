// SPDX-License-Identifier: MIT
// The commands' progress_reporter (core/progress_reporter.hpp): what a step tells the person at
// the terminal while a check is built and run.
#pragma once

#include "core/progress_reporter.hpp"

#include <string>
#include <utility>

namespace gpucheck::cli {

class console_reporter final : public progress_reporter {
public:
  struct options {
    bool say_builds = false; // "compiling ...", then "running the checks ..." (stdout)
    bool solution = false;   // ... of the reference solution
    // The first build of a program (its minutes, measured): said after "compiling ..." (issue 47);
    // empty when the program exists already, and a rebuild takes seconds.
    std::string first_build_minutes = "";
    bool say_progress = false; // "waiting for another check on this GPU ..." (stderr)
    std::string progress_indent = "";
  };
  explicit console_reporter(options chosen) : m_options(std::move(chosen)) {}

  void build_started(const std::string& target) override;
  void build_finished(const std::string& target, const build_outcome& outcome) override;
  void progress(const std::string& text) override;
  void problem(const std::string& text) override; // always said (stderr)

private:
  options m_options;
};

} // namespace gpucheck::cli
