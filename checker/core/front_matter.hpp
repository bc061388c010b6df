// SPDX-License-Identifier: MIT
// The YAML front matter of a lesson.md: the one place a lesson's number, title, article section,
// objectives and hints are written. A deliberately small subset of YAML: `key: value` scalars and
// `key:` followed by `- item` lists, which is all lesson.md uses.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace gpucheck {

struct front_matter {
  std::map<std::string, std::string> scalars;
  std::map<std::string, std::vector<std::string>> lists;

  std::string scalar(const std::string& key) const;
  std::vector<std::string> list(const std::string& key) const;
};

// Parses the block between the first two `---` lines. Text without front matter gives an empty
// result; a malformed line is reported in `error` (with its line number).
front_matter parse_front_matter(const std::string& text, std::string* error = nullptr);

} // namespace gpucheck
