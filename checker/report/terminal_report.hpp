// SPDX-License-Identifier: MIT
// The check verdict as a student reads it in a terminal: the verdict on the first line, then each
// failed check with what was expected, what was measured, why, the fix and where it is taught.
#pragma once

#include "core/check_report.hpp"

#include <string>

namespace gpucheck {

struct terminal_style {
  bool colour = false; // ANSI colours; see colour_wanted()
};

// Colours only on a terminal, and never with NO_COLOR set (https://no-color.org).
bool colour_wanted(int file_descriptor);

std::string render_terminal(const check_report& report, const terminal_style& style);

} // namespace gpucheck
