// SPDX-License-Identifier: MIT
#include "core/exercise_backup.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

TEST_CASE("backup names carry the time, and a sequence number when the time is taken") {
  const auto when = std::chrono::system_clock::from_time_t(1740837787);
  const std::string first = gpucheck::backup_file_name("exercise.cu", when);
  CHECK(first.rfind("exercise.cu.2025030", 0) == 0); // the local date: 1 or 2 March 2025
  CHECK(first.size() == std::string("exercise.cu.20250301-140307").size());
  CHECK(gpucheck::backup_file_name("exercise.cu", when, 2) == first + ".2");
}

TEST_CASE("reset backs up the student's version and restores the starter, twice keeps both") {
  const fs::path root = fs::temp_directory_path() / ("gpucheck-reset-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "lesson");
  const fs::path exercise = root / "lesson" / "exercise.cu";
  const fs::path backups = root / "backups";
  const std::string starter = "// TODO: write me\n";
  const auto now = std::chrono::system_clock::now(); // both resets in the same second

  std::ofstream(exercise) << "my first attempt\n";
  const auto first = gpucheck::restore_starter(exercise, starter, backups, now);
  REQUIRE(first.ok);
  CHECK_FALSE(first.already_starter);
  CHECK(read(exercise) == starter);
  CHECK(read(first.backup) == "my first attempt\n");

  SUBCASE("resetting the starter changes nothing and makes no backup") {
    const auto again = gpucheck::restore_starter(exercise, starter, backups, now);
    CHECK(again.ok);
    CHECK(again.already_starter);
    CHECK(again.backup.empty());
    CHECK(std::distance(fs::directory_iterator(backups), fs::directory_iterator()) == 1);
  }
  SUBCASE("a second reset of another attempt keeps the first backup") {
    std::ofstream(exercise) << "my second attempt\n";
    const auto second = gpucheck::restore_starter(exercise, starter, backups, now);
    REQUIRE(second.ok);
    CHECK(second.backup != first.backup);
    CHECK(second.backup.filename().string() == first.backup.filename().string() + ".2");
    CHECK(read(first.backup) == "my first attempt\n");
    CHECK(read(second.backup) == "my second attempt\n");
    CHECK(read(exercise) == starter);
  }
  SUBCASE("a deleted exercise is restored without a backup") {
    fs::remove(exercise);
    const auto restored = gpucheck::restore_starter(exercise, starter, backups, now);
    CHECK(restored.ok);
    CHECK(restored.backup.empty());
    CHECK(read(exercise) == starter);
  }
  SUBCASE("when no backup can be written, the exercise is left as it is") {
    std::ofstream(exercise) << "precious work\n";
    std::ofstream(root / "not-a-folder") << "a file where the backup folder should be\n";
    const auto refused =
        gpucheck::restore_starter(exercise, starter, root / "not-a-folder" / "backups", now);
    CHECK_FALSE(refused.ok);
    CHECK_FALSE(refused.error.empty());
    CHECK(read(exercise) == "precious work\n");
  }
  fs::remove_all(root);
}
