// SPDX-License-Identifier: MIT
#include "cli/course_paths.hpp"

namespace gpucheck::cli {

lesson_catalog course_paths::catalog() const {
  if (fixtures) {
    const auto root = source_dir / "checker" / "tests" / "fixtures";
    return lesson_catalog::scan(root / "lessons", root / "solutions", "fixture");
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

} // namespace gpucheck::cli
