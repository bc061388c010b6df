// SPDX-License-Identifier: MIT
// From the tracer's call sites (object + offset, trace FORMAT.md) to source lines, after the run:
// addr2line turns every frame into a function, a file and a line; the line is read from the
// source. Two uses (docs/ARCHITECTURE.md, "Source lines"):
//   - every clock read and every CUDA call the program made gets its `location`, so that findings
//     name the lines of the start, the stop and the call they blame;
//   - the intended-interval marker: a clock read whose statement carries the comment
//     `// gpucheck: submission-only` marks the interval it stops as timing submission on purpose.
#pragma once

#include "trace_model/trace.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::analysis {

inline constexpr char submission_only_marker[] = "gpucheck: submission-only";

// One inlining level of one address: the function, and its file and line (0 when unknown).
struct frame_line {
  std::string function;
  std::string file;
  int line = 0;
};

// One line of addr2line's output ("/src/a.cu:42 (discriminator 3)"); nullopt for "??:0" and
// anything that is not a location.
std::optional<frame_line> parse_addr2line_location(const std::string& line);

// The output of `addr2line -a -f -i -e OBJ ADDR...`: each address's levels, innermost inlined
// first, each a function line then a location line. With `with_functions` false the output is
// that of `addr2line -a -i` (locations only). Lines that belong to no address (warnings on
// stderr, merged in) are skipped.
std::map<std::uint64_t, std::vector<frame_line>> parse_addr2line_output(const std::string& output,
                                                                        bool with_functions);

// "a.out+0x1a2b<a.out+0x2c40" -> {{"a.out", 0x1a2b}, {"a.out", 0x2c40}}, innermost first.
std::vector<std::pair<std::string, std::uint64_t>> frames_of_site(const std::string& site);

// Whether the statement that starts at `line_number` (1-based) of `lines` carries the marker on
// that line or on one of the lines it was wrapped onto.
bool statement_has_marker(const std::vector<std::string>& lines, int line_number);

// Whether a file is a system or toolkit header (libstdc++, CUDA's headers), never the line a
// finding should name.
bool is_system_file(const std::string& file);

struct source_options {
  // Files whose lines are preferred when a site passes through several (a lesson: the student's
  // exercise.cu, so that a call made by a course helper names the student's line that called it).
  // Matched by file name.
  std::vector<std::string> preferred_files;
};

// The line a site names, from its frames' levels (innermost first): the first level in a
// preferred file; else the first level with a line in a file that is not a system header; else
// the first function known (line 0).
std::optional<trace::source_line>
choose_source_line(const std::vector<std::vector<frame_line>>& frames_levels,
                   const source_options& options);

// Whether a Python file is the interpreter's or an installed package's (the standard library,
// site-packages, frozen modules): never the line a finding should name, as a system header is not.
bool is_python_library_file(const std::string& file);

// The line a Python site names (a CPython script's read or call, frames innermost first): the
// first frame in a preferred file; else the first outside the Python library files (timeit's
// default_timer names the script's line that called timeit); else the innermost frame.
std::optional<trace::source_line> choose_python_line(const std::vector<trace::python_frame>& frames,
                                                     const source_options& options);

// Resolves every site of the trace (clock reads and the program's CUDA calls) through addr2line
// on the objects the trace names: fills trace.locations (the source text read from the file) and
// sets clock_read::marker on reads whose path passes through a marked statement. Python sites
// (their frames recorded by the tracer) are resolved from those frames, without addr2line. Sites
// whose objects cannot be read (no debug information, addr2line missing) stay unresolved.
void resolve_source_lines(trace::run_trace& trace, const source_options& options = {});

} // namespace gpucheck::analysis
