// SPDX-License-Identifier: MIT
// The machine-readable files `gpucheck check` (and `gpucheck grade`) can write besides what it
// prints: --json-file, --junit, --gradescope (checker/report/SCHEMAS.md describes each).
#pragma once

#include "cli/command_line.hpp"
#include "core/check_report.hpp"

#include <string>

namespace gpucheck::cli {

// Writes each report file the command line names; returns false (and says why on stderr) when
// one could not be written.
bool write_report_files(const parsed_arguments& parsed, const check_report& report);

} // namespace gpucheck::cli
