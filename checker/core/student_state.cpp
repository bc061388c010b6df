// SPDX-License-Identifier: MIT
#include "core/hint_state.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

namespace gpucheck {

student_state student_state::load(const std::filesystem::path& file) {
  student_state state;
  std::ifstream in(file);
  const auto json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (json.is_object() && json.contains("hints_shown") && json["hints_shown"].is_object()) {
    for (const auto& [lesson, count] : json["hints_shown"].items()) {
      if (count.is_number_integer()) {
        state.m_hints_shown[lesson] = count.get<int>();
      }
    }
  }
  return state;
}

bool student_state::save(const std::filesystem::path& file) const {
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  const auto temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary);
    out << nlohmann::json{{"hints_shown", m_hints_shown}}.dump(2) << "\n";
    if (!out) {
      return false;
    }
  }
  std::filesystem::rename(temporary, file, error);
  return !error;
}

int student_state::hints_shown(const std::string& lesson) const {
  const auto found = m_hints_shown.find(lesson);
  return found != m_hints_shown.end() ? found->second : 0;
}

void student_state::set_hints_shown(const std::string& lesson, int count) {
  m_hints_shown[lesson] = count;
}

} // namespace gpucheck
