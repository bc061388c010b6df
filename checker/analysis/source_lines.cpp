// SPDX-License-Identifier: MIT
#include "analysis/source_lines.hpp"

#include "core/process_runner.hpp"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace gpucheck::analysis {
namespace {

using frame = std::pair<std::string, std::uint64_t>; // object short name, offset

std::string without_comment(const std::string& line) {
  const auto comment = line.find("//");
  std::string code = comment == std::string::npos ? line : line.substr(0, comment);
  while (!code.empty() && std::isspace(static_cast<unsigned char>(code.back())))
    code.pop_back();
  return code;
}

std::string trimmed(const std::string& text) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  return text.substr(begin, end - begin);
}

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

bool is_preferred(const std::string& file, const source_options& options) {
  for (const std::string& preferred : options.preferred_files) {
    if (file_name(file) == file_name(preferred))
      return true;
  }
  return false;
}

// addr2line on one object, in batches (a command line has a length limit).
std::map<std::uint64_t, std::vector<frame_line>> run_addr2line(const std::string& object_path,
                                                               const std::set<std::uint64_t>& all) {
  std::map<std::uint64_t, std::vector<frame_line>> levels;
  const std::vector<std::uint64_t> offsets(all.begin(), all.end());
  for (std::size_t first = 0; first < offsets.size(); first += 256) {
    process_options options;
    options.argv = {"addr2line", "-a", "-f", "-C", "-i", "-e", object_path};
    for (std::size_t i = first; i < offsets.size() && i < first + 256; ++i) {
      std::ostringstream hex;
      hex << "0x" << std::hex << offsets[i];
      options.argv.push_back(hex.str());
    }
    options.time_limit = std::chrono::seconds(20);
    options.output_limit_bytes = 4 << 20;
    const process_result result = run_process(options);
    if (!result.exited_with(0))
      continue;
    for (auto& [offset, found] : parse_addr2line_output(result.output, true))
      levels[offset] = std::move(found);
  }
  return levels;
}

} // namespace

std::optional<frame_line> parse_addr2line_location(const std::string& line) {
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
  return frame_line{"", text.substr(0, colon), number};
}

std::map<std::uint64_t, std::vector<frame_line>> parse_addr2line_output(const std::string& output,
                                                                        bool with_functions) {
  std::map<std::uint64_t, std::vector<frame_line>> by_address;
  std::vector<frame_line>* current = nullptr;
  std::string function; // -f: the function line that precedes each location line
  bool have_function = false;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("0x", 0) == 0) { // -a: the address, then its levels (inlined: several)
      char* rest = nullptr;
      const std::uint64_t address = std::strtoull(line.c_str() + 2, &rest, 16);
      current = rest != nullptr && *rest == '\0' ? &by_address[address] : nullptr;
      have_function = false;
      continue;
    }
    if (current == nullptr || line.rfind("addr2line:", 0) == 0)
      continue; // warnings ("addr2line: DWARF error: ..."), which come on stderr, interleaved
    if (with_functions && !have_function) {
      function = line == "??" ? "" : line;
      have_function = true;
      continue;
    }
    have_function = false;
    frame_line level = parse_addr2line_location(line).value_or(frame_line{});
    level.function = with_functions ? function : "";
    if (level.line > 0 || !level.function.empty())
      current->push_back(std::move(level));
  }
  return by_address;
}

std::vector<std::pair<std::string, std::uint64_t>> frames_of_site(const std::string& site) {
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

bool is_system_file(const std::string& file) {
  for (const char* prefix : {"/usr/include/", "/usr/lib/", "/usr/local/cuda", "/opt/"}) {
    if (file.rfind(prefix, 0) == 0)
      return true;
  }
  // nvcc's generated host stubs (/tmp/tmpxft_..._kernel.cudafe1.stub.c) are no one's line either.
  return file.find("/targets/x86_64-linux/include/") != std::string::npos ||
         file.find("/include/c++/") != std::string::npos ||
         file.find(".cudafe1.") != std::string::npos;
}

std::optional<trace::source_line>
choose_source_line(const std::vector<std::vector<frame_line>>& frames_levels,
                   const source_options& options) {
  const frame_line* own = nullptr;
  const frame_line* named = nullptr;
  for (const auto& levels : frames_levels) {
    for (const frame_line& level : levels) {
      if (level.line > 0 && is_preferred(level.file, options))
        return trace::source_line{level.file, level.line, level.function, ""};
      if (own == nullptr && level.line > 0 && !is_system_file(level.file))
        own = &level;
      if (named == nullptr && !level.function.empty())
        named = &level;
    }
  }
  if (own != nullptr)
    return trace::source_line{own->file, own->line, own->function, ""};
  if (named != nullptr)
    return trace::source_line{"", 0, named->function, ""};
  return std::nullopt;
}

bool is_python_library_file(const std::string& file) {
  if (file.empty() || file.front() == '<')
    return true; // "<frozen importlib._bootstrap>", "<string>"
  for (const char* part : {"/lib/python", "/lib64/python", "/site-packages/", "/dist-packages/"}) {
    if (file.find(part) != std::string::npos)
      return true;
  }
  return false;
}

std::optional<trace::source_line> choose_python_line(const std::vector<trace::python_frame>& frames,
                                                     const source_options& options) {
  const trace::python_frame* own = nullptr;
  for (const trace::python_frame& frame : frames) {
    if (is_preferred(frame.file, options))
      return trace::source_line{frame.file, frame.line, frame.function, ""};
    if (own == nullptr && !is_python_library_file(frame.file))
      own = &frame;
  }
  if (own == nullptr && !frames.empty())
    own = &frames.front();
  if (own == nullptr)
    return std::nullopt;
  return trace::source_line{own->file, own->line, own->function, ""};
}

void resolve_source_lines(trace::run_trace& trace, const source_options& options) {
  std::set<std::string> sites;                                           // native sites
  std::map<std::string, const std::vector<trace::python_frame>*> python; // Python sites
  const auto add_site = [&](const std::string& site,
                            const std::vector<trace::python_frame>& frames) {
    if (site.empty())
      return;
    if (frames.empty())
      sites.insert(site);
    else
      python.try_emplace(site, &frames);
  };
  for (const auto& read : trace.clocks)
    add_site(read.site, read.python);
  for (const auto& call : trace.api)
    add_site(call.site, call.python);
  std::map<std::string, std::set<std::uint64_t>> offsets_by_object;
  for (const std::string& site : sites) {
    for (const auto& [object, offset] : frames_of_site(site))
      offsets_by_object[object].insert(offset);
  }
  std::map<frame, std::vector<frame_line>> levels_of_frame;
  for (const auto& [object, offsets] : offsets_by_object) {
    const auto path = trace.objects.find(object);
    const std::string object_path = path != trace.objects.end() ? path->second : object;
    for (auto& [offset, levels] : run_addr2line(object_path, offsets))
      levels_of_frame[{object, offset}] = std::move(levels);
  }

  std::map<std::string, std::vector<std::string>> sources; // path -> its lines
  const auto source_of = [&](const std::string& path) -> const std::vector<std::string>& {
    auto found = sources.find(path);
    if (found == sources.end()) {
      std::vector<std::string> lines;
      std::ifstream file(path);
      for (std::string line; std::getline(file, line);)
        lines.push_back(line);
      found = sources.emplace(path, std::move(lines)).first;
    }
    return found->second;
  };

  std::map<std::string, bool> marked_sites;
  for (const std::string& site : sites) {
    std::vector<std::vector<frame_line>> frames_levels;
    bool marked = false;
    for (const frame& f : frames_of_site(site)) {
      const auto found = levels_of_frame.find(f);
      if (found == levels_of_frame.end())
        continue;
      frames_levels.push_back(found->second);
      for (const frame_line& level : found->second) {
        if (level.line > 0)
          marked = marked || statement_has_marker(source_of(level.file), level.line);
      }
    }
    marked_sites[site] = marked;
    if (auto where = choose_source_line(frames_levels, options)) {
      if (where->line > 0) {
        const auto& lines = source_of(where->file);
        if (where->line <= static_cast<int>(lines.size()))
          where->text = trimmed(lines[static_cast<std::size_t>(where->line - 1)]);
      }
      trace.locations[site] = std::move(*where);
    }
  }
  for (const auto& [site, frames] : python) {
    auto where = choose_python_line(*frames, options);
    if (!where)
      continue;
    const auto& lines = source_of(where->file);
    if (where->line > 0 && where->line <= static_cast<int>(lines.size())) {
      where->text = trimmed(lines[static_cast<std::size_t>(where->line - 1)]);
      marked_sites[site] = where->text.find(submission_only_marker) != std::string::npos;
    }
    trace.locations[site] = std::move(*where);
  }
  for (auto& read : trace.clocks) {
    const auto found = marked_sites.find(read.site);
    if (found != marked_sites.end() && found->second)
      read.marker = true;
  }
}

} // namespace gpucheck::analysis
