// SPDX-License-Identifier: MIT
#include "core/sanitizer.hpp"

#include "core/front_matter.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

const std::string prefix = "========= ";

bool starts_with(const std::string& text, const std::string& start) {
  return text.rfind(start, 0) == 0;
}

// "at kernel(int*)+0x70 in /a/b.cu:12" (CUDA 12+) or "at 0x70 in /a/b.cu:12:kernel(int*)" (11).
void read_location(const std::string& text, sanitizer_finding& finding) {
  static const std::regex located(R"(\bat (.+?) in (.+?):(\d+)(?::(.+?))?(?: \[.*\])?$)");
  static const std::regex unlocated(R"(\bat (.+?)\+0x[0-9a-fA-F]+\s*$)");
  std::smatch match;
  if (std::regex_search(text, match, located)) {
    finding.file = match[2];
    finding.line = std::stoi(match[3]);
    std::string kernel = match[4].matched ? match[4].str() : match[1].str();
    kernel = std::regex_replace(kernel, std::regex(R"(\+0x[0-9a-fA-F]+$)"), "");
    if (!starts_with(kernel, "0x")) {
      finding.kernel = kernel;
    }
  } else if (std::regex_search(text, match, unlocated)) {
    finding.kernel = match[1];
  }
}

bool is_banner(const std::string& line) {
  return line.empty() || starts_with(line, "COMPUTE-SANITIZER") ||
         starts_with(line, "CUDA-MEMCHECK") || starts_with(line, "ERROR SUMMARY") ||
         starts_with(line, "RACECHECK SUMMARY") || starts_with(line, "LEAK SUMMARY") ||
         starts_with(line, "Target application returned") ||
         starts_with(line, "Saved host backtrace") || starts_with(line, "Host Frame") ||
         starts_with(line, "Device Frame") || starts_with(line, "Error: process didn't terminate");
}

std::string key_of(const sanitizer_finding& f) {
  return f.tool + "|" + f.kind + "|" + f.kernel + "|" + f.file + "|" + std::to_string(f.line);
}

} // namespace

std::string sanitizer_finding::describe() const {
  std::ostringstream text;
  text << tool << ": " << kind;
  if (!kernel.empty()) {
    text << " in kernel " << kernel;
  }
  if (!file.empty()) {
    text << " at " << fs::path(file).filename().string() << ":" << line;
  }
  if (!thread.empty()) {
    text << " (" << thread << (count > 1 ? ", and " + std::to_string(count - 1) + " more" : "")
         << ")";
  }
  if (!address.empty()) {
    text << "; " << address;
  }
  return text.str();
}

std::vector<sanitizer_finding> parse_sanitizer_report(const std::string& report,
                                                      const std::string& tool) {
  std::vector<sanitizer_finding> findings;
  std::optional<sanitizer_finding> current;
  bool in_backtrace = false;
  const auto finish = [&] {
    if (!current) {
      return;
    }
    for (auto& seen : findings) {
      if (key_of(seen) == key_of(*current)) {
        ++seen.count;
        current.reset();
        return;
      }
    }
    findings.push_back(*current);
    current.reset();
  };
  std::istringstream lines(report);
  std::string raw;
  while (std::getline(lines, raw)) {
    if (!starts_with(raw, prefix.substr(0, 9))) {
      continue; // the program's own output
    }
    std::string line = raw.size() > prefix.size() ? raw.substr(prefix.size()) : "";
    const bool indented = starts_with(line, " ");
    const std::size_t first = line.find_first_not_of(' ');
    line = first == std::string::npos ? "" : line.substr(first);
    if (!indented) {
      in_backtrace = false;
      if (is_banner(line)) {
        in_backtrace = starts_with(line, "Saved host backtrace");
        if (line.empty() || !starts_with(line, "Saved host backtrace")) {
          finish();
        }
        continue;
      }
      finish();
      current = sanitizer_finding{};
      current->tool = tool;
      std::string kind = line;
      if (starts_with(kind, "Error: ")) {
        kind = kind.substr(7);
      }
      const auto at = kind.find(" at ");
      if (at != std::string::npos && kind.find(" in ", at) != std::string::npos) {
        read_location(kind, *current);
        kind = kind.substr(0, at);
      }
      current->kind = kind;
      continue;
    }
    if (!current || in_backtrace || starts_with(line, "Host Frame") ||
        starts_with(line, "Device Frame")) {
      continue;
    }
    if (starts_with(line, "Saved host backtrace")) {
      in_backtrace = true;
    } else if (starts_with(line, "at ") && current->file.empty() && current->kernel.empty()) {
      read_location(line, *current);
    } else if (starts_with(line, "by thread ")) {
      current->thread = line.substr(3);
    } else if (starts_with(line, "Address ") || starts_with(line, "and is ")) {
      current->address += (current->address.empty() ? "" : ", ") + line;
    } else if (starts_with(line, "and ") && current->kind.find("Race") != std::string::npos) {
      current->address += (current->address.empty() ? "" : "; ") + line;
    }
  }
  finish();
  return findings;
}

std::vector<std::string> sanitizer_tools_for(const fs::path& lesson_md) {
  std::ifstream file(lesson_md);
  std::ostringstream text;
  text << file.rdbuf();
  const front_matter matter = parse_front_matter(text.str());
  std::vector<std::string> tools;
  std::string wanted = matter.scalar("sanitize");
  for (const auto& item : matter.list("sanitize")) {
    wanted += "," + item;
  }
  std::istringstream names(wanted);
  std::string name;
  while (std::getline(names, name, ',')) {
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    if ((name == "memcheck" || name == "racecheck" || name == "synccheck" || name == "initcheck") &&
        std::find(tools.begin(), tools.end(), name) == tools.end()) {
      tools.push_back(name);
    }
  }
  if (tools.empty()) {
    tools.push_back("memcheck");
  }
  return tools;
}

std::optional<fs::path> find_compute_sanitizer() {
  std::vector<fs::path> candidates;
  if (const char* path = std::getenv("PATH")) {
    std::istringstream folders(path);
    std::string folder;
    while (std::getline(folders, folder, ':')) {
      candidates.push_back(fs::path(folder) / "compute-sanitizer");
    }
  }
  for (const char* variable : {"CUDA_HOME", "CUDA_PATH"}) {
    if (const char* home = std::getenv(variable)) {
      candidates.push_back(fs::path(home) / "bin" / "compute-sanitizer");
    }
  }
  for (const char* folder : {"/usr/local/cuda/bin", "/usr/local/cuda-13.0/bin",
                             "/usr/local/cuda-12/bin", "/opt/cuda/bin"}) {
    candidates.push_back(fs::path(folder) / "compute-sanitizer");
  }
  for (const auto& candidate : candidates) {
    std::error_code error;
    if (fs::is_regular_file(candidate, error)) {
      return candidate;
    }
  }
  return std::nullopt;
}

} // namespace gpucheck
