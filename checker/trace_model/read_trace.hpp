// SPDX-License-Identifier: MIT
// Reading and writing trace files (checker/trace/FORMAT.md). Errors are values: a file that cannot
// be read gives a message naming the line, never an exception.
#pragma once

#include "trace_model/trace.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::trace {

inline constexpr int supported_trace_version = 1;

struct read_result {
  std::optional<run_trace> trace; // set when the file could be read
  std::string error;              // empty on success; otherwise says what and on which line
  int error_line = 0;             // 1-based line of the error; 0 when not about one line
  std::vector<std::string> notes; // things worth saying that did not stop reading (no footer, ...)

  bool ok() const { return trace.has_value(); }
  explicit operator bool() const { return ok(); }
};

// Parses one trace. Unknown record types and fields are ignored; a file without a footer (the
// program was killed) is accepted with a note; a last line cut in the middle of writing is dropped
// with a note when the footer is missing. Every vector of the result is sorted by time.
read_result read_trace(std::istream& in);
// A file named *.gz is read through zlib (gzip-compressed), any other as it is.
read_result read_trace_file(const std::filesystem::path& path);

// Writes a trace in format v1: header first, footer (when present) last. read_trace(write_trace(t))
// gives back t.
void write_trace(std::ostream& out, const run_trace& trace);

// Sorts every vector of a trace by time (stable: records with equal times keep their order).
void sort_by_time(run_trace& trace);

} // namespace gpucheck::trace
