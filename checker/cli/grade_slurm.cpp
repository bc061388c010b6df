// SPDX-License-Identifier: MIT
// A class graded on a Slurm cluster with Slurm's own tools (sbatch), no daemon of ours. The job
// script is written to OUT/.slurm/grade.sbatch, for the instructor to read: one array task per
// submission, each running `gpucheck grade ... --task-index $SLURM_ARRAY_TASK_ID` on a node with a
// GPU of its own (--gpus-per-task; Slurm never gives one GPU to two jobs, so a timing check has
// its GPU to itself). A task grades its submission exactly as the local batch does
// (grade_batch.hpp), writes the student's reports into OUT and its CSV row into
// OUT/.slurm/results/STUDENT.row. The CSV is assembled from those rows once the array has ended; a
// submission without a row is resubmitted by the next run of the same command.
// Before submitting, this command builds the course's side of the check program once, in
// OUT/.slurm/tree (on the file system the tasks share, as OUT is); a task then compiles its
// submission alone and links it with those objects. Where that tree could not be prepared
// (OUT/.slurm/tree/course-side.ok missing), each task builds in a grading tree of its own.
#include "cli/grade_slurm.hpp"

#include "cli/grade_batch.hpp"
#include "core/exit_codes.hpp"
#include "core/process_runner.hpp"
#include "messages/messages.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

fs::path slurm_dir(const slurm_batch& batch) {
  return batch.out / ".slurm";
}

fs::path shared_tree(const slurm_batch& batch) {
  return slurm_dir(batch) / "tree";
}

fs::path shared_tree_ready(const slurm_batch& batch) {
  return shared_tree(batch) / "course-side.ok";
}

// The course's side of the check program, built once for every task (see the top of this file).
void prepare_shared_tree(const slurm_batch& batch, const std::vector<submission>& submissions) {
  const fs::path tree = shared_tree(batch);
  fs::remove(shared_tree_ready(batch));
  const auto buildable =
      std::find_if(submissions.begin(), submissions.end(),
                   [](const submission& item) { return !item.exercise.empty(); });
  if (buildable == submissions.end()) {
    return;
  }
  place_submission(*buildable, tree / "submission"); // the tree needs the file to configure
  std::string output;
  std::string why;
  if (!configure_grading_tree(batch.source_dir, tree, tree / "submission" / "exercise.cu",
                              output) ||
      !build_submissions_at_once({}, *batch.lesson, batch.source_dir, tree, 1, why,
                                 batch.sandbox)) {
    std::cout << "  " << messages::text("grading.no-shared-tree", {{"tree", tree.string()}})
              << std::endl;
    return;
  }
  std::ofstream(shared_tree_ready(batch)) << "built by gpucheck grade --slurm\n";
}

fs::path result_file(const slurm_batch& batch, const submission& item) {
  return slurm_dir(batch) / "results" / (item.student + ".row");
}

// 'text', for sh.
std::string sh_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) {
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return quoted + "'";
}

fs::path this_program() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path("gpucheck") : self;
}

std::string array_spec(const std::vector<std::size_t>& indices) {
  std::string spec;
  for (const std::size_t index : indices) {
    spec += (spec.empty() ? "" : ",") + std::to_string(index);
  }
  return spec;
}

std::string job_script(const slurm_batch& batch, const std::vector<submission>& submissions,
                       const std::vector<std::size_t>& pending) {
  std::ostringstream script;
  script
      << "#!/bin/sh\n"
      << "# Written by `gpucheck grade --slurm`: one array task per submission still without a\n"
      << "# result; task I grades submission I of the list below, in a grading tree of its own.\n"
      << "#SBATCH --job-name=gpucheck-grade-" << batch.lesson->folder << "\n"
      << "#SBATCH --array=" << array_spec(pending) << "\n"
      << "#SBATCH --ntasks=1\n";
  if (batch.gpus_per_task > 0) {
    // One GPU per task, never shared with another job: the timing checks have it to themselves.
    script << "#SBATCH --gpus-per-task=" << batch.gpus_per_task << "\n";
  }
  if (!batch.partition.empty()) {
    script << "#SBATCH --partition=" << batch.partition << "\n";
  }
  script << "#SBATCH --time=" << batch.time_limit << "\n"
         << "#SBATCH --output=" << (slurm_dir(batch) / "logs" / "task-%a.log").string() << "\n";
  for (std::size_t index = 0; index < submissions.size(); ++index) {
    script << "#   " << index << " " << submissions[index].student << "\n";
  }
  script << "exec " << sh_quote(this_program().string()) << " grade "
         << sh_quote(fs::absolute(batch.submissions_dir).string()) << " --lesson "
         << sh_quote(batch.lesson->folder) << " --out " << sh_quote(batch.out.string())
         << " --timeout " << batch.timeout_seconds << " --source-dir "
         << sh_quote(batch.source_dir.string()) << (batch.fixtures ? " --fixtures" : "")
         << (batch.sandbox.mode == sandbox_mode::off       ? " --no-sandbox"
             : batch.sandbox.mode == sandbox_mode::require ? " --require-sandbox"
                                                           : "")
         << " --task-index \"$SLURM_ARRAY_TASK_ID\"\n";
  return script.str();
}

} // namespace

int run_grade_task(const slurm_batch& batch, long index) {
  const auto submissions = find_submissions(batch.submissions_dir, batch.out);
  if (index < 0 || static_cast<std::size_t>(index) >= submissions.size()) {
    std::cerr << "gpucheck grade: "
              << messages::text("grading.task-out-of-range",
                                {{"index", std::to_string(index)},
                                 {"count", std::to_string(submissions.size())},
                                 {"folder", quoted_path(batch.submissions_dir)}})
              << "\n";
    return to_int(exit_code::usage);
  }
  const submission& item = submissions[static_cast<std::size_t>(index)];
  const fs::path tree = slurm_dir(batch) / "tasks" / std::to_string(index);
  std::cout << messages::text("grading.task", {{"student", item.student},
                                               {"index", std::to_string(index)},
                                               {"tree", tree.string()}})
            << std::endl;
  check_report report;
  std::string why;
  if (item.exercise.empty()) {
    report = grade_submission(item, *batch.lesson, batch.source_dir, tree, batch.timeout_seconds,
                              batch.sandbox);
  } else if (std::optional<std::vector<std::optional<prebuilt_program>>> built;
             fs::exists(shared_tree_ready(batch)) &&
             (built = build_submissions_at_once(submissions, *batch.lesson, batch.source_dir,
                                                shared_tree(batch), 1, why, batch.sandbox, false,
                                                static_cast<std::size_t>(index)))) {
    // Only this task's submission is compiled, against the shared tree's course side.
    report = grade_submission(item, *batch.lesson, batch.source_dir, shared_tree(batch),
                              batch.timeout_seconds, batch.sandbox, {},
                              (*built)[static_cast<std::size_t>(index)]);
  } else {
    place_submission(item, tree / "submission"); // the tree needs the file to configure
    std::string configure_output;
    if (!configure_grading_tree(batch.source_dir, tree, tree / "submission" / "exercise.cu",
                                configure_output)) {
      // No result file: the task failed, and the next run of the batch resubmits it.
      std::cerr << configure_output << "\ngpucheck grade: "
                << messages::text("grading.task-tree-not-configured", {{"tree", quoted_path(tree)}})
                << "\n";
      return to_int(exit_code::build_failed);
    }
    report = grade_submission(item, *batch.lesson, batch.source_dir, tree, batch.timeout_seconds,
                              batch.sandbox);
  }
  const std::string row = write_student_report(item, report, batch.out);
  const fs::path result = result_file(batch, item);
  fs::create_directories(result.parent_path());
  const fs::path partial = result.string() + ".partial";
  std::ofstream(partial) << row << "\n";
  fs::rename(partial, result); // all or nothing: the collector never reads half a row
  std::cout << "  " << item.student << ": " << exit_code_name(report.verdict) << " ("
            << to_int(report.verdict) << ") " << report.headline << std::endl;
  return 0;
}

int run_grade_slurm(const slurm_batch& batch) {
  const auto submissions = find_submissions(batch.submissions_dir, batch.out);
  if (submissions.empty()) {
    std::cerr << "gpucheck grade: "
              << messages::text("grading.no-submissions",
                                {{"folder", quoted_path(batch.submissions_dir)}})
              << "\n";
    return to_int(exit_code::usage);
  }
  fs::create_directories(slurm_dir(batch) / "logs");
  std::vector<std::size_t> pending;
  for (std::size_t index = 0; index < submissions.size(); ++index) {
    if (!fs::exists(result_file(batch, submissions[index]))) {
      pending.push_back(index);
    }
  }
  if (!pending.empty()) {
    prepare_shared_tree(batch, submissions);
  }
  if (pending.empty()) {
    std::cout << messages::text("grading.all-have-results", {{"folder", slurm_dir(batch).string()}})
              << std::endl;
  } else {
    const fs::path script_path = slurm_dir(batch) / "grade.sbatch";
    std::ofstream(script_path) << job_script(batch, submissions, pending);
    std::cout << messages::text("grading.submitting",
                                {{"count", std::to_string(pending.size())},
                                 {"total", std::to_string(submissions.size())},
                                 {"folder", batch.lesson->folder},
                                 {"script", script_path.string()}})
              << std::endl;
    process_options sbatch;
    sbatch.argv = {"sbatch", "--wait", script_path.string()}; // says "Submitted batch job N"
    sbatch.time_limit = std::chrono::hours(24 * 7);
    sbatch.echo = true;
    const process_result submitted = run_process(sbatch);
    if (!submitted.started) {
      std::cerr << "gpucheck grade: "
                << messages::text("grading.no-sbatch", {{"error", submitted.start_error}}) << "\n";
      return to_int(exit_code::usage);
    }
    if (submitted.output.find("Submitted batch job") == std::string::npos) {
      std::cerr << "gpucheck grade: "
                << messages::text("grading.sbatch-refused",
                                  {{"exit", std::to_string(submitted.exit_status)},
                                   {"script", script_path.string()}})
                << "\n";
      return to_int(exit_code::crashed);
    }
    // sbatch --wait exits non-zero when a task failed: the results below say which.
  }

  std::ofstream csv(batch.csv_path);
  csv << csv_header << "\n";
  std::vector<std::string> missing;
  for (std::size_t index = 0; index < submissions.size(); ++index) {
    std::ifstream row(result_file(batch, submissions[index]));
    std::string line;
    if (row && std::getline(row, line) && !line.empty()) {
      csv << line << "\n";
      std::cout << "  " << line << std::endl;
    } else {
      missing.push_back(
          messages::text("grading.missing-task", {{"student", submissions[index].student},
                                                  {"index", std::to_string(index)}}));
    }
  }
  std::cout << messages::text("grading.summary",
                              {{"csv", batch.csv_path.string()}, {"out", batch.out.string()}})
            << std::endl;
  if (!missing.empty()) {
    std::string names;
    for (const auto& name : missing) {
      names += " " + name;
    }
    std::cerr << "gpucheck grade: "
              << messages::text("grading.no-results",
                                {{"count", std::to_string(missing.size())},
                                 {"total", std::to_string(submissions.size())},
                                 {"names", names},
                                 {"logs", (slurm_dir(batch) / "logs").string()}})
              << "\n";
    return to_int(exit_code::crashed);
  }
  return 0;
}

} // namespace gpucheck::cli
