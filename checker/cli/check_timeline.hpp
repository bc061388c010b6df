// SPDX-License-Identifier: MIT
// `gpucheck check N --timeline OUT.svg`: the check program runs under the tracer, and the picture
// shows the student's own run: the first timed interval the rules found a mistake in (or the
// first interval, when there is none), with the GPU work it measured or missed.
#pragma once

#include "core/check_report.hpp"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck::cli {

// The environment that loads the tracer into the check program and names its trace file; empty,
// with `error` set, when the tracer is not built.
std::vector<std::pair<std::string, std::string>>
tracer_environment(const std::filesystem::path& build_dir, const std::filesystem::path& trace_file,
                   std::string& error);

// Reads the trace, runs the rules in lesson mode, draws the picture into `svg_file` and records
// its path in the report. A trace that cannot be read leaves the report as it is and says why.
void draw_check_timeline(const std::filesystem::path& trace_file,
                         const std::filesystem::path& svg_file, check_report& report);

} // namespace gpucheck::cli
