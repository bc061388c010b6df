// SPDX-License-Identifier: MIT
#include "cli/reset_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/lesson_command.hpp"
#include "core/exercise_backup.hpp"
#include "core/exit_codes.hpp"
#include "core/process_runner.hpp"
#include "messages/messages.hpp"

#include <chrono>
#include <iostream>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

std::string shown(const fs::path& file, const fs::path& root) {
  const fs::path relative = file.lexically_normal().lexically_relative(root.lexically_normal());
  return relative.empty() || relative.native().rfind("..", 0) == 0 ? file.string()
                                                                   : relative.string();
}

} // namespace

int run_reset_command(const std::vector<std::string>& arguments) {
  const auto start = start_lesson_command(
      arguments, {.command = "reset", .value_options = {"from", "backup-dir"}, .flag_options = {}});
  if (const auto* ended = std::get_if<exit_code>(&start)) {
    return to_int(*ended);
  }
  const auto& [parsed, paths, lesson] = std::get<lesson_command_start>(start);
  const std::string revision = parsed.value("from").value_or("HEAD");
  const fs::path exercise = lesson.exercise_file(false);

  // The starter as committed: `git show REV:./exercise.cu`, run in the lesson's folder, so that
  // the path is right wherever the course sits inside its repository.
  process_options git;
  git.argv = {"git", "--no-pager", "show", revision + ":./" + exercise.filename().string()};
  git.working_dir = lesson.lesson_dir;
  git.time_limit = std::chrono::seconds(30);
  git.output_limit_bytes = 16 * 1024 * 1024;
  const process_result starter = run_process(git);
  if (!starter.exited_with(0) || starter.output_truncated) {
    std::cerr << "gpucheck reset: "
              << messages::text("reset.no-starter",
                                {{"folder", lesson.folder}, {"revision", revision}})
              << "\n"
              << (starter.started ? starter.output : starter.start_error + "\n")
              << messages::text("reset.needs-git") << "\n";
    return to_int(exit_code::wrong);
  }

  const fs::path backup_dir =
      parsed.value("backup-dir")
          .value_or((paths.source_dir / ".gpucheck" / "backups" / lesson.folder).string());
  const reset_outcome outcome =
      restore_starter(exercise, starter.output, backup_dir, std::chrono::system_clock::now());
  if (!outcome.ok) {
    std::cerr << "gpucheck reset: " << outcome.error << "\n";
    return to_int(exit_code::wrong);
  }
  const std::string where = shown(exercise, paths.source_dir);
  if (outcome.already_starter) {
    std::cout << messages::text("reset.already-starter", {{"file", where}, {"revision", revision}})
              << "\n";
    return to_int(exit_code::pass);
  }
  std::cout << messages::text("reset.starter-again", {{"file", where}, {"revision", revision}})
            << "\n";
  if (!outcome.backup.empty()) {
    const std::string backup = shown(outcome.backup, paths.source_dir);
    std::cout << messages::text("reset.saved", {{"backup", backup}, {"file", where}}) << "\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
