// SPDX-License-Identifier: MIT
// Resolving the intended-interval marker: a clock read whose source line carries the comment
// `// gpucheck: submission-only` marks the interval it stops as timing the submission of work on
// purpose. The tracer records where each read came from (object + offset); addr2line turns that
// into a file and line, and the line is read from the source (trace FORMAT.md, "clock").
#pragma once

#include "trace_model/trace.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::cli {

inline constexpr char submission_only_marker[] = "gpucheck: submission-only";

struct source_location {
  std::string file;
  int line = 0;
};

// One line of addr2line's output ("/src/a.cu:42 (discriminator 3)"); nullopt for "??:0" and
// anything that is not a location.
std::optional<source_location> parse_addr2line_location(const std::string& line);

// The output of `addr2line -a -i -e OBJ ADDR...`: each address's locations, innermost inlined
// first. Lines that are no location (warnings on stderr, merged in) are skipped.
std::map<std::uint64_t, std::vector<source_location>>
parse_addr2line_output(const std::string& output);

// Whether the statement that starts at `line_number` (1-based) of `lines` carries the marker on
// that line or on one of the lines it was wrapped onto.
bool statement_has_marker(const std::vector<std::string>& lines, int line_number);

// The trace's `object` records: a site's short object name -> its full path.
std::map<std::string, std::string> read_trace_objects(const std::filesystem::path& trace_file);

// Sets clock_read::marker on every read whose call path passes through a source line that carries
// the marker: any frame of its site (the line that read the clock, or the line that called the
// helper that read it), any inlining level of that frame, and the continuation lines of a
// statement that was wrapped. Reads whose lines cannot be found (no debug information, addr2line
// missing) are left unmarked.
void resolve_site_markers(trace::run_trace& trace,
                          const std::map<std::string, std::string>& object_paths);

} // namespace gpucheck::cli
