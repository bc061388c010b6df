// SPDX-License-Identifier: MIT
// Where a student stands in each lesson, from the last recorded check and exercise.cu as it is
// now: what `gpucheck status` shows, and how `gpucheck check` with no lesson picks the next one.
#pragma once

#include "core/lesson_catalog.hpp"
#include "core/student_state.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace gpucheck {

enum class lesson_progress {
  not_started,       // never checked
  failing,           // the last check did not pass (wrong, does not build, crashed, inconclusive)
  built_not_run,     // the last check built but found no GPU to run on (exit 77): not passed
  passed,            // the last check passed, and exercise.cu has not changed since
  changed_since_pass // the last check passed, but exercise.cu has changed since
};

// A short fingerprint of a file's bytes (FNV-1a, 64 bits, as 16 hex digits; "fnv1a64:" prefix).
// Good for "has this changed", not for security.
std::string content_hash(const std::string& bytes);
// content_hash of the file's bytes; "" when it cannot be read.
std::string file_hash(const std::filesystem::path& file);

lesson_progress classify_progress(const std::optional<check_record>& record,
                                  const std::string& current_hash);

// "not started", "failing (does not build)", "passed", "passed earlier, changed since", ...
std::string describe_progress(lesson_progress progress, const std::optional<check_record>& record);

// The first lesson, in order, that is not `passed` (a lesson changed since it passed counts as not
// passed: it is checked again). nullopt when every lesson has passed.
std::optional<lesson_entry> first_lesson_not_passed(const lesson_catalog& catalog,
                                                    const student_state& state);

// "2025-03-01T14:03:07Z"
std::string utc_timestamp(std::chrono::system_clock::time_point when);
// A utc_timestamp() shown in local time as "2025-03-01 15:03"; the text itself when it does not
// parse.
std::string local_time_text(const std::string& utc_timestamp_text);

} // namespace gpucheck
