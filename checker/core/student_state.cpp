// SPDX-License-Identifier: MIT
#include "core/student_state.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

namespace gpucheck {

student_state student_state::load(const std::filesystem::path& file, bool* damaged) {
  student_state state;
  if (damaged != nullptr) {
    *damaged = false;
  }
  std::ifstream in(file);
  if (!in) {
    return state;
  }
  const auto json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) {
    if (damaged != nullptr) {
      *damaged = true;
    }
    return state;
  }
  if (json.contains("hints_shown") && json["hints_shown"].is_object()) {
    for (const auto& [lesson, count] : json["hints_shown"].items()) {
      if (count.is_number_integer()) {
        state.m_hints_shown[lesson] = count.get<int>();
      }
    }
  }
  if (json.contains("checks") && json["checks"].is_object()) {
    for (const auto& [lesson, entry] : json["checks"].items()) {
      if (!entry.is_object() || !entry.contains("verdict") || !entry["verdict"].is_string()) {
        continue; // a damaged record is no record
      }
      check_record record;
      record.verdict = entry["verdict"].get<std::string>();
      if (entry.contains("checked_at") && entry["checked_at"].is_string()) {
        record.checked_at = entry["checked_at"].get<std::string>();
      }
      if (entry.contains("exercise_hash") && entry["exercise_hash"].is_string()) {
        record.exercise_hash = entry["exercise_hash"].get<std::string>();
      }
      state.m_checks[lesson] = record;
    }
  }
  return state;
}

bool student_state::save(const std::filesystem::path& file) const {
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  nlohmann::json checks = nlohmann::json::object();
  for (const auto& [lesson, record] : m_checks) {
    checks[lesson] = {{"verdict", record.verdict},
                      {"checked_at", record.checked_at},
                      {"exercise_hash", record.exercise_hash}};
  }
  const auto temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary);
    out << nlohmann::json{{"hints_shown", m_hints_shown}, {"checks", checks}}.dump(2) << "\n";
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

std::optional<check_record> student_state::last_check(const std::string& lesson) const {
  const auto found = m_checks.find(lesson);
  if (found == m_checks.end()) {
    return std::nullopt;
  }
  return found->second;
}

void student_state::record_check(const std::string& lesson, const check_record& record) {
  m_checks[lesson] = record;
}

} // namespace gpucheck
