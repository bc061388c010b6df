// SPDX-License-Identifier: MIT
#include "cli/progress_state.hpp"

#include "core/lesson_progress.hpp"
#include "core/student_state.hpp"
#include "messages/messages.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <utility>

namespace gpucheck::cli {

std::filesystem::path state_file_path(const parsed_arguments& parsed, const course_paths& paths) {
  if (const auto file = parsed.value("state-file")) {
    return *file;
  }
  if (const char* file = std::getenv("GPUCHECK_STATE_FILE"); file != nullptr && *file != '\0') {
    return file;
  }
  return paths.source_dir / ".gpucheck" / "state.json";
}

std::optional<std::filesystem::path> recording_state_file(const parsed_arguments& parsed,
                                                          const course_paths& paths) {
  const char* from_environment = std::getenv("GPUCHECK_STATE_FILE");
  const bool named =
      parsed.value("state-file") || (from_environment != nullptr && *from_environment != '\0');
  if (paths.fixtures && !named) {
    return std::nullopt;
  }
  return state_file_path(parsed, paths);
}

std::optional<lesson_entry> choose_next_lesson(const lesson_catalog& catalog,
                                               const std::filesystem::path& state_file) {
  const auto next = first_lesson_not_passed(catalog, student_state::load(state_file));
  if (next) {
    std::cerr << messages::text("cli.next-lesson", {{"folder", next->folder}}) << "\n";
  } else {
    std::cerr << messages::text("cli.all-passed") << "\n";
  }
  return next;
}

check_recorder::check_recorder(const lesson_entry& lesson,
                               std::optional<std::filesystem::path> state_file)
    : m_lesson_folder(lesson.folder), m_state_file(std::move(state_file)),
      m_exercise_hash(file_hash(lesson.exercise_file(false))) {}

void check_recorder::record(const check_report& report) const {
  if (report.solution || !m_state_file) {
    return;
  }
  check_record record;
  record.verdict = exit_code_name(report.verdict);
  record.checked_at = utc_timestamp(std::chrono::system_clock::now());
  record.exercise_hash = m_exercise_hash;
  student_state state = student_state::load(*m_state_file);
  state.record_check(m_lesson_folder, record);
  if (!state.save(*m_state_file)) {
    std::cerr << "gpucheck: "
              << messages::text("cli.not-recorded", {{"path", m_state_file->string()}}) << "\n";
  }
}

} // namespace gpucheck::cli
