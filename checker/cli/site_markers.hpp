// SPDX-License-Identifier: MIT
// Resolving the intended-interval marker: a clock read whose source line carries the comment
// `// gpucheck: submission-only` marks the interval it stops as timing the submission of work on
// purpose. The tracer records where each read came from (object + offset); addr2line turns that
// into a file and line, and the line is read from the source (trace FORMAT.md, "clock").
#pragma once

#include "trace_model/trace.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace gpucheck::cli {

inline constexpr char submission_only_marker[] = "gpucheck: submission-only";

// The trace's `object` records: a site's short object name -> its full path.
std::map<std::string, std::string> read_trace_objects(const std::filesystem::path& trace_file);

// Sets clock_read::marker on every read whose calling source line carries the marker. Reads whose
// line cannot be found (no debug information, addr2line missing) are left unmarked.
void resolve_site_markers(trace::run_trace& trace,
                          const std::map<std::string, std::string>& object_paths);

} // namespace gpucheck::cli
