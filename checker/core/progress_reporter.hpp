// SPDX-License-Identifier: MIT
// What a command tells the person waiting while it works: a build starts and ends ("compiling",
// "running the checks"), a step makes them wait ("waiting for another check on this GPU"), a step
// beside the verdict could not be done ("no timeline: ..."). One reporter is made by the command
// and passed down to every step (nvbench's printer, doctest's reporters), so that the libraries
// never write to the terminal themselves and a step that must stay quiet is given the quiet one.
#pragma once

#include <string>

namespace gpucheck {

struct build_outcome;

class progress_reporter {
public:
  virtual ~progress_reporter() = default;
  // A build of `target` starts, and ends with `outcome` (by CMake or by the check build shortcut).
  virtual void build_started(const std::string& target);
  virtual void build_finished(const std::string& target, const build_outcome& outcome);
  // A step that makes the person wait says so before it waits.
  virtual void progress(const std::string& text);
  // A step beside the verdict could not be done; the verdict stands without it.
  virtual void problem(const std::string& text);
};

// Says nothing: the default of every step, and what a step that must stay quiet is given.
progress_reporter& quiet_reporter();

} // namespace gpucheck
