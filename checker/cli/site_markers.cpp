// SPDX-License-Identifier: MIT
#include "cli/site_markers.hpp"

#include "core/process_runner.hpp"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace gpucheck::cli {
namespace {

using frame = std::pair<std::string, std::uint64_t>; // object short name, offset

// "a.out+0x1a2b<a.out+0x2c40" -> {{"a.out", 0x1a2b}, {"a.out", 0x2c40}}, innermost first.
std::vector<frame> frames_of(const std::string& site) {
  std::vector<frame> frames;
  std::size_t begin = 0;
  while (begin < site.size()) {
    std::size_t end = site.find('<', begin);
    if (end == std::string::npos)
      end = site.size();
    const std::string text = site.substr(begin, end - begin);
    const auto plus = text.rfind('+');
    if (plus != std::string::npos && plus > 0 && plus + 1 < text.size()) {
      char* rest = nullptr;
      const std::uint64_t offset = std::strtoull(text.c_str() + plus + 1, &rest, 16);
      if (rest != nullptr && *rest == '\0')
        frames.emplace_back(text.substr(0, plus), offset);
    }
    begin = end + 1;
  }
  return frames;
}

std::string without_comment(const std::string& line) {
  const auto comment = line.find("//");
  std::string code = comment == std::string::npos ? line : line.substr(0, comment);
  while (!code.empty() && std::isspace(static_cast<unsigned char>(code.back())))
    code.pop_back();
  return code;
}

} // namespace

std::optional<source_location> parse_addr2line_location(const std::string& line) {
  // "/path/file.cu:42", "/path/file.cu:39 (discriminator 3)", "??:0", "??:?"
  std::string text = line;
  if (const auto paren = text.find(" ("); paren != std::string::npos)
    text.resize(paren);
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size() ||
      text.rfind("??", 0) == 0) {
    return std::nullopt;
  }
  for (std::size_t i = colon + 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])))
      return std::nullopt;
  }
  const int number = std::atoi(text.c_str() + colon + 1);
  if (number <= 0)
    return std::nullopt;
  return source_location{text.substr(0, colon), number};
}

std::map<std::uint64_t, std::vector<source_location>>
parse_addr2line_output(const std::string& output) {
  std::map<std::uint64_t, std::vector<source_location>> by_address;
  std::vector<source_location>* current = nullptr;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("0x", 0) == 0) { // -a: the address, then its locations (inlined: several)
      char* rest = nullptr;
      const std::uint64_t address = std::strtoull(line.c_str() + 2, &rest, 16);
      current = rest != nullptr && *rest == '\0' ? &by_address[address] : nullptr;
      continue;
    }
    if (current == nullptr)
      continue; // warnings ("addr2line: DWARF error: ..."), which come on stderr, interleaved
    if (auto location = parse_addr2line_location(line))
      current->push_back(std::move(*location));
  }
  return by_address;
}

bool statement_has_marker(const std::vector<std::string>& lines, int line_number) {
  // The line that read the clock, and the lines a wrapped statement continues on: until one
  // ends the statement (';', '{' or '}'), at most 4 lines in all.
  for (int n = line_number; n >= 1 && n <= static_cast<int>(lines.size()) && n < line_number + 4;
       ++n) {
    const std::string& line = lines[static_cast<std::size_t>(n - 1)];
    if (line.find(submission_only_marker) != std::string::npos)
      return true;
    const std::string code = without_comment(line);
    if (!code.empty() && (code.back() == ';' || code.back() == '{' || code.back() == '}'))
      return false;
  }
  return false;
}

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
  // Every frame of every site: a helper that reads the clock (`double now()`) is called from
  // the line that stops the timing, which is one frame out; an inlined helper is one inlining
  // level out (addr2line -i lists the innermost first).
  std::map<std::string, std::set<std::uint64_t>> offsets_by_object;
  for (const auto& read : trace.clocks) {
    for (const auto& [object, offset] : frames_of(read.site))
      offsets_by_object[object].insert(offset);
  }
  std::map<frame, bool> marked_frames;
  std::map<std::string, std::vector<std::string>> sources; // path -> its lines
  for (const auto& [object, offsets] : offsets_by_object) {
    const auto path = object_paths.find(object);
    const std::string object_path = path != object_paths.end() ? path->second : object;
    std::vector<std::uint64_t> all(offsets.begin(), offsets.end());
    for (std::size_t first = 0; first < all.size(); first += 256) { // one addr2line per batch
      process_options options;
      options.argv = {"addr2line", "-a", "-i", "-e", object_path};
      for (std::size_t i = first; i < all.size() && i < first + 256; ++i) {
        std::ostringstream hex;
        hex << "0x" << std::hex << all[i];
        options.argv.push_back(hex.str());
      }
      options.time_limit = std::chrono::seconds(20);
      options.output_limit_bytes = 4 << 20;
      const process_result result = run_process(options);
      if (!result.exited_with(0))
        continue;
      for (const auto& [offset, locations] : parse_addr2line_output(result.output)) {
        bool marked = false;
        for (const source_location& location : locations) {
          auto source = sources.find(location.file);
          if (source == sources.end()) {
            std::vector<std::string> lines;
            std::ifstream file(location.file);
            for (std::string line; std::getline(file, line);)
              lines.push_back(line);
            source = sources.emplace(location.file, std::move(lines)).first;
          }
          marked = marked || statement_has_marker(source->second, location.line);
        }
        marked_frames[{object, offset}] = marked;
      }
    }
  }
  for (auto& read : trace.clocks) {
    for (const frame& f : frames_of(read.site)) {
      const auto known = marked_frames.find(f);
      if (known != marked_frames.end() && known->second) {
        read.marker = true;
        break;
      }
    }
  }
}

} // namespace gpucheck::cli
