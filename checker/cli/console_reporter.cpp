// SPDX-License-Identifier: MIT
#include "cli/console_reporter.hpp"

#include "core/build_driver.hpp"
#include "messages/messages.hpp"

#include <iostream>

namespace gpucheck::cli {

void console_reporter::build_started(const std::string&) {
  if (m_options.say_builds) {
    std::cout << messages::text(m_options.solution ? "progress.compiling-solution"
                                                   : "progress.compiling")
              << std::endl;
    if (!m_options.first_build_minutes.empty()) {
      std::cout << messages::text("progress.first-build",
                                  {{"minutes", m_options.first_build_minutes}})
                << std::endl;
    }
  }
}

void console_reporter::build_finished(const std::string&, const build_outcome& outcome) {
  if (m_options.say_builds && outcome.ok) {
    std::cout << messages::text("progress.running") << std::endl;
  }
}

void console_reporter::progress(const std::string& text) {
  if (m_options.say_progress) {
    std::cerr << m_options.progress_indent << text << std::endl;
  }
}

void console_reporter::problem(const std::string& text) {
  std::cerr << text << "\n";
}

} // namespace gpucheck::cli
