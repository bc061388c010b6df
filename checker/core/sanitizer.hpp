// SPDX-License-Identifier: MIT
// `gpucheck check --sanitize` (make check SANITIZE=1): the check program runs under NVIDIA's
// compute-sanitizer, once per tool the lesson asks for (front matter `sanitize: memcheck,
// synccheck`; memcheck when it says nothing), and the sanitizer's report is turned into findings
// in the checker's own words: what went wrong, in which kernel, at which file:line (the check
// programs are built with -lineinfo), by which thread, at which address.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

struct sanitizer_finding {
  std::string tool;   // memcheck, racecheck, synccheck, initcheck
  std::string kind;   // "Invalid __global__ write of size 4 bytes"
  std::string kernel; // "scale(float *, int)"
  std::string file;   // as the sanitizer wrote it; empty without line information
  int line = 0;
  std::string thread;  // "thread (0,0,0) in block (3,0,0)"
  std::string address; // "Address 0x7f00 is out of bounds; and is 4 bytes after ..."
  int count = 1;       // how many threads reported the same thing

  // One line for the student: kind, kernel, place, address.
  std::string describe() const;
};

// Findings of one tool's report (compute-sanitizer's "========= " lines; other lines ignored).
// Identical findings from many threads are merged, with their count.
std::vector<sanitizer_finding> parse_sanitizer_report(const std::string& report,
                                                      const std::string& tool);

// The tools a lesson asks for in its front matter's `sanitize:` (comma-separated); memcheck when
// it has none. Unknown names are dropped.
std::vector<std::string> sanitizer_tools_for(const std::filesystem::path& lesson_md);

// compute-sanitizer's path: on PATH, else next to nvcc (CUDA_HOME, /usr/local/cuda/bin, ...).
std::optional<std::filesystem::path> find_compute_sanitizer();

} // namespace gpucheck
