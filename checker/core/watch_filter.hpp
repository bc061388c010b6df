// SPDX-License-Identifier: MIT
// Which file names in a lesson's folder are sources worth re-checking for when they change, and
// which are an editor's temporary files (vim's 4913 and exercise.cu~, emacs' .#exercise.cu and
// #exercise.cu#, JetBrains' exercise.cu___jb_tmp___, swap files), which are not.
#pragma once

#include <string>

namespace gpucheck {

bool is_watched_source_name(const std::string& file_name);

} // namespace gpucheck
