// SPDX-License-Identifier: MIT
#include "core/lesson_progress.hpp"

#include "messages/messages.hpp"

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace gpucheck {

std::string content_hash(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 1099511628211ull;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return std::string("fnv1a64:") + text;
}

std::string file_hash(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return "";
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return content_hash(bytes.str());
}

lesson_progress classify_progress(const std::optional<check_record>& record,
                                  const std::string& current_hash) {
  if (!record) {
    return lesson_progress::not_started;
  }
  if (record->verdict == "pass") {
    return record->exercise_hash == current_hash ? lesson_progress::passed
                                                 : lesson_progress::changed_since_pass;
  }
  if (record->verdict == "no-device") {
    return lesson_progress::built_not_run;
  }
  return lesson_progress::failing;
}

std::string describe_progress(lesson_progress progress, const std::optional<check_record>& record) {
  switch (progress) {
  case lesson_progress::not_started:
    return messages::text("progress.not-started");
  case lesson_progress::passed:
    return messages::text("progress.passed");
  case lesson_progress::changed_since_pass:
    return messages::text("progress.changed");
  case lesson_progress::built_not_run:
    return messages::text("progress.no-device");
  case lesson_progress::failing:
    break;
  }
  const std::string verdict = record ? record->verdict : "";
  if (verdict == "build-failed") {
    return messages::text("progress.build-failed");
  }
  if (verdict == "crashed") {
    return messages::text("progress.crashed");
  }
  if (verdict == "inconclusive") {
    return messages::text("progress.inconclusive");
  }
  return messages::text("progress.failing");
}

std::optional<lesson_entry> first_lesson_not_passed(const lesson_catalog& catalog,
                                                    const student_state& state) {
  for (const auto& lesson : catalog.lessons()) {
    const auto record = state.last_check(lesson.folder);
    if (classify_progress(record, file_hash(lesson.exercise_file(false))) !=
        lesson_progress::passed) {
      return lesson;
    }
  }
  return std::nullopt;
}

std::string utc_timestamp(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string local_time_text(const std::string& utc_timestamp_text) {
  std::tm utc{};
  std::istringstream in(utc_timestamp_text);
  in >> std::get_time(&utc, "%Y-%m-%dT%H:%M:%SZ");
  if (in.fail()) {
    return utc_timestamp_text;
  }
  const std::time_t seconds = timegm(&utc);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &local);
  return text;
}

} // namespace gpucheck
