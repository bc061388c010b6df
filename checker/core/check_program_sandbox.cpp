// SPDX-License-Identifier: MIT
#include "core/check_program_sandbox.hpp"

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

// "a:b:c" -> {a, b, c}, empty parts left out.
std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(':', start), list.size());
    if (end > start) {
      parts.push_back(list.substr(start, end - start));
    }
    start = end + 1;
  }
  return parts;
}

} // namespace

sandbox_view check_program_view(const fs::path& program, const check_settings& settings,
                                const std::vector<std::string>& wrapper,
                                const std::vector<std::pair<std::string, std::string>>& environment,
                                const std::vector<fs::path>& written) {
  sandbox_view view;
  // The course as the student has it, and no build tree (one holds every other submission's copy
  // and program, or the reference solution's).
  show_course(view, settings.source_dir);
  view.hide(fs::absolute(settings.build_dir));
  for (const fs::path& path : settings.sandbox_hidden) {
    view.hide(fs::absolute(path));
  }
  view.show(fs::absolute(program));
  view.show(fs::absolute(settings.build_dir) / "lib");
  if (!wrapper.empty() && fs::path(wrapper.front()).is_absolute()) {
    view.show(fs::path(wrapper.front()).parent_path()); // compute-sanitizer and its own files
  }
  const std::optional<unsigned> user = sandbox_user();
  for (const auto& [name, value] : environment) {
    if (name == "CUDA_INJECTION64_PATH" || name == "LD_PRELOAD" || name == "LD_LIBRARY_PATH") {
      for (const std::string& path : split_list(value)) {
        view.show(path); // the tracer's library (LD_LIBRARY_PATH: folders of libraries)
      }
    } else if (name == "GPUTRACE_OUTPUT") {
      hand_to_sandbox_user(value, user, false);
      view.allow_writing(value);
    }
  }
  for (const fs::path& file : written) {
    hand_to_sandbox_user(file, user, false);
    view.allow_writing(file);
  }
  return view;
}

} // namespace gpucheck
