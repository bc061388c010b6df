// SPDX-License-Identifier: MIT
#include "cli/site_markers.hpp"

#include "core/process_runner.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace gpucheck::cli {
namespace {

// "a.out+0x1a2b<a.out+0x2c40" -> {"a.out", "0x1a2b"}: the innermost frame, the line that read.
bool first_frame(const std::string& site, std::string& object, std::string& offset) {
  const std::string frame = site.substr(0, site.find('<'));
  const auto plus = frame.rfind('+');
  if (plus == std::string::npos) {
    return false;
  }
  object = frame.substr(0, plus);
  offset = frame.substr(plus + 1);
  return !object.empty() && !offset.empty();
}

// addr2line prints "function\nfile:line" per frame (the innermost inlined frame first).
std::string source_line_of(const std::string& object_path, const std::string& offset) {
  process_options options;
  options.argv = {"addr2line", "-e", object_path, offset};
  options.time_limit = std::chrono::seconds(10);
  const process_result result = run_process(options);
  if (!result.exited_with(0)) {
    return "";
  }
  const std::string location = result.output.substr(0, result.output.find('\n'));
  const auto colon = location.rfind(':');
  if (colon == std::string::npos || location.rfind("??", 0) == 0) {
    return "";
  }
  const int line_number = std::atoi(location.c_str() + colon + 1);
  std::ifstream source(location.substr(0, colon));
  std::string line;
  for (int number = 1; std::getline(source, line); ++number) {
    if (number == line_number) {
      return line;
    }
  }
  return "";
}

} // namespace

std::map<std::string, std::string> read_trace_objects(const std::filesystem::path& trace_file) {
  std::map<std::string, std::string> objects;
  std::ifstream file(trace_file);
  std::string line;
  while (std::getline(file, line)) {
    if (line.find("\"object\"") == std::string::npos) {
      continue; // most lines are not object records; skip the JSON parse
    }
    const auto json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_object() && json.value("type", "") == "object") {
      objects[json.value("name", "")] = json.value("path", "");
    }
  }
  return objects;
}

void resolve_site_markers(trace::run_trace& trace,
                          const std::map<std::string, std::string>& object_paths) {
  std::map<std::string, bool> marked_by_site; // one addr2line per distinct site
  for (auto& read : trace.clocks) {
    auto known = marked_by_site.find(read.site);
    if (known == marked_by_site.end()) {
      std::string object;
      std::string offset;
      bool marked = false;
      if (first_frame(read.site, object, offset)) {
        const auto path = object_paths.find(object);
        const std::string object_path = path != object_paths.end() ? path->second : object;
        marked = source_line_of(object_path, offset).find(submission_only_marker) !=
                 std::string::npos;
      }
      known = marked_by_site.emplace(read.site, marked).first;
    }
    read.marker = read.marker || known->second;
  }
}

} // namespace gpucheck::cli
