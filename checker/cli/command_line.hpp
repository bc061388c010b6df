// SPDX-License-Identifier: MIT
// A small parser for gpucheck's command line: `--name value`, `--name=value`, flags, positional
// arguments, and everything after `--` kept as is (the program that `lint --` runs).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpucheck::cli {

struct parsed_arguments {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values; // --name value
  std::set<std::string> flags;               // --name
  std::vector<std::string> after_dashes;     // everything after a lone `--`
  std::string error;                         // not empty: the command line is wrong

  bool flag(const std::string& name) const { return flags.count(name) != 0; }
  std::optional<std::string> value(const std::string& name) const;
};

// `value_options` are the options that take a value; any other `--name` is a flag, and must be in
// `flag_options`, or parsing reports it as unknown.
parsed_arguments parse_arguments(const std::vector<std::string>& arguments,
                                 const std::set<std::string>& value_options,
                                 const std::set<std::string>& flag_options);

} // namespace gpucheck::cli
