// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck watch LESSON`: checks the lesson, then again at every save of a file in its folder
// (inotify on the folder, so that editors that save by renaming a temporary file are seen;
// bursts of events are debounced). On a terminal each verdict replaces the last one on a cleared
// screen. Enter checks again at once; q or Ctrl-D or Ctrl-C quits, stopping a check under way and
// everything it started. Changes nothing in the terminal's settings. Exit 0 when told to quit.
int run_watch_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
