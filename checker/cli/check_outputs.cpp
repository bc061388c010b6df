// SPDX-License-Identifier: MIT
#include "cli/check_outputs.hpp"

#include "messages/messages.hpp"
#include "report/gradescope_report.hpp"
#include "report/json_report.hpp"
#include "report/junit_report.hpp"

#include <fstream>
#include <iostream>

namespace gpucheck::cli {

bool write_report_files(const parsed_arguments& parsed, const check_report& report) {
  bool ok = true;
  const auto write = [&](const char* option, std::string (*render)(const check_report&)) {
    const auto path = parsed.value(option);
    if (!path) {
      return;
    }
    std::ofstream file(*path);
    file << render(report);
    if (!file) {
      std::cerr << "gpucheck: "
                << messages::text("cli.could-not-write-option",
                                  {{"option", option}, {"path", *path}})
                << "\n";
      ok = false;
    }
  };
  write("json-file", render_json);
  write("junit", render_junit);
  write("gradescope", render_gradescope);
  return ok;
}

} // namespace gpucheck::cli
