// SPDX-License-Identifier: MIT
#include "core/lesson_progress.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using gpucheck::check_record;
using gpucheck::lesson_progress;

TEST_CASE("the content hash changes with any byte and is stable otherwise") {
  CHECK(gpucheck::content_hash("abc") == gpucheck::content_hash("abc"));
  CHECK(gpucheck::content_hash("abc") != gpucheck::content_hash("abd"));
  CHECK(gpucheck::content_hash("") == "fnv1a64:cbf29ce484222325"); // FNV-1a's offset basis
  CHECK(gpucheck::file_hash("/nonexistent/exercise.cu").empty());
}

TEST_CASE("a lesson's progress comes from its last check and the file as it is now") {
  const std::string now = gpucheck::content_hash("int main() {}");
  SUBCASE("never checked") {
    CHECK(gpucheck::classify_progress(std::nullopt, now) == lesson_progress::not_started);
    CHECK(gpucheck::describe_progress(lesson_progress::not_started, std::nullopt) == "not started");
  }
  SUBCASE("passed, unchanged since") {
    const check_record record{"pass", "2025-03-01T14:03:07Z", now};
    CHECK(gpucheck::classify_progress(record, now) == lesson_progress::passed);
  }
  SUBCASE("passed, but changed since") {
    const check_record record{"pass", "2025-03-01T14:03:07Z", gpucheck::content_hash("old")};
    CHECK(gpucheck::classify_progress(record, now) == lesson_progress::changed_since_pass);
    CHECK(gpucheck::describe_progress(lesson_progress::changed_since_pass, record) ==
          "passed earlier, changed since");
  }
  SUBCASE("no device (77) is built, not run: not passed") {
    const check_record record{"no-device", "2025-03-01T14:03:07Z", now};
    CHECK(gpucheck::classify_progress(record, now) == lesson_progress::built_not_run);
  }
  SUBCASE("every other verdict is failing, and says which") {
    for (const char* verdict : {"fail", "build-failed", "crashed", "inconclusive"}) {
      const check_record record{verdict, "", now};
      CHECK(gpucheck::classify_progress(record, now) == lesson_progress::failing);
    }
    CHECK(gpucheck::describe_progress(lesson_progress::failing,
                                      check_record{"build-failed", "", now}) ==
          "failing (does not build)");
  }
}

TEST_CASE("the next lesson is the first not passed, and a changed pass counts as not passed") {
  const fs::path root = fs::temp_directory_path() / ("gpucheck-next-" + std::to_string(getpid()));
  for (const char* folder : {"40-first-steps", "41-first-call", "42-cost"}) {
    fs::create_directories(root / "lessons" / folder);
    std::ofstream(root / "lessons" / folder / "exercise.cu") << "// " << folder << "\n";
  }
  const auto catalog = gpucheck::lesson_catalog::scan(root / "lessons", root / "solutions");
  const auto hash_of = [&](const char* folder) {
    return gpucheck::file_hash(root / "lessons" / folder / "exercise.cu");
  };
  gpucheck::student_state state;
  CHECK(gpucheck::first_lesson_not_passed(catalog, state)->folder == "40-first-steps");
  state.record_check("40-first-steps", {"pass", "", hash_of("40-first-steps")});
  state.record_check("41-first-call", {"no-device", "", hash_of("41-first-call")});
  CHECK(gpucheck::first_lesson_not_passed(catalog, state)->folder == "41-first-call");
  state.record_check("41-first-call", {"pass", "", hash_of("41-first-call")});
  state.record_check("42-cost", {"pass", "", hash_of("42-cost")});
  CHECK_FALSE(gpucheck::first_lesson_not_passed(catalog, state).has_value());
  std::ofstream(root / "lessons" / "41-first-call" / "exercise.cu") << "// edited after passing\n";
  CHECK(gpucheck::first_lesson_not_passed(catalog, state)->folder == "41-first-call");
  fs::remove_all(root);
}

TEST_CASE("timestamps are written in UTC and read back") {
  const auto when = std::chrono::system_clock::from_time_t(1740837787); // 2025-03-01 14:03:07 UTC
  CHECK(gpucheck::utc_timestamp(when) == "2025-03-01T14:03:07Z");
  CHECK(gpucheck::local_time_text("2025-03-01T14:03:07Z").size() == 16); // "2025-03-01 15:03"
  CHECK(gpucheck::local_time_text("yesterday") == "yesterday");
}
