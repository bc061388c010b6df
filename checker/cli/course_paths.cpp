// SPDX-License-Identifier: MIT
#include "cli/course_paths.hpp"

#include "messages/messages.hpp"

#include <iostream>

namespace gpucheck::cli {

lesson_catalog course_paths::catalog() const {
  if (fixtures) {
    // The checker's own fixture lessons, and those of each lesson's folder (tests/fixtures: its
    // checks run against a cheat or a known-wrong exercise), as cmake/Lessons.cmake finds them.
    const auto root = source_dir / "checker" / "tests" / "fixtures";
    std::vector<std::filesystem::path> roots{root / "lessons"};
    const lesson_catalog course = lesson_catalog::scan(source_dir / "lessons", {});
    for (const lesson_entry& lesson : course.lessons()) {
      roots.push_back(lesson.lesson_dir / "tests" / "fixtures");
    }
    return lesson_catalog::scan(roots, root / "solutions", "fixture");
  }
  return lesson_catalog::scan(source_dir / "lessons", source_dir / "solutions");
}

course_paths find_course_paths(const parsed_arguments& arguments) {
  course_paths paths;
  paths.source_dir = arguments.value("source-dir").value_or(GPUCHECK_SOURCE_DIR);
  paths.build_dir = arguments.value("build-dir").value_or(GPUCHECK_BUILD_DIR);
  paths.fixtures = arguments.flag("fixtures");
  return paths;
}

bool report_missing_exercise(const lesson_entry& lesson, bool solution, const std::string& command,
                             const std::filesystem::path& source_dir) {
  const std::filesystem::path file = lesson.exercise_file(solution);
  if (std::filesystem::exists(file)) {
    return false;
  }
  const std::filesystem::path shown =
      file.lexically_relative(source_dir).empty() ? file : file.lexically_relative(source_dir);
  std::cerr << "gpucheck " << command << ": "
            << messages::text("cli.exercise-missing",
                              {{"file", shown.string()}, {"folder", lesson.folder}})
            << "\n";
  if (!solution) {
    std::cerr << messages::text("cli.reset-to-get-starter",
                                {{"number", lesson.folder.substr(0, 2)}})
              << "\n";
  }
  return true;
}

} // namespace gpucheck::cli
