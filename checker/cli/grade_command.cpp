// SPDX-License-Identifier: MIT
// A class at once. Each submission (a folder holding exercise.cu, or a single .cu file) is copied
// into a grading build tree of its own, outside the course's lessons/ and the student's folder:
// OUT/.build (or the --tree given), a CMake tree of the course configured once with
// GPUCOURSE_EXERCISE_OVERRIDE pointing at TREE/submission/exercise.cu, so that the lesson's check
// target compiles the copy in place of lessons/NN/exercise.cu. Nothing the student handed in is
// modified, and a submission that does not build, hangs or crashes is judged and the batch goes on.
// The submissions are compiled first, one per core at a time, against the course's side of the
// check program built once (grade_batch.hpp, build_submissions_at_once); each check then runs
// under the GPU lock (one timing at a time) with its own time limit.
#include "cli/grade_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/grade_batch.hpp"
#include "cli/grade_slurm.hpp"
#include "cli/timeout_option.hpp"
#include "cli/usage.hpp"
#include "core/build_driver.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "core/file_lock.hpp"
#include "core/timing_log.hpp"
#include "messages/messages.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>

namespace gpucheck::cli {
namespace fs = std::filesystem;

int run_grade_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed = parse_arguments(
      arguments,
      {"lesson", "csv", "out", "timeout", "tree", "source-dir", "build-dir", "partition",
       "gpus-per-task", "time", "task-index"},
      {"fixtures", "slurm", "keep-traces", "no-sandbox", "require-sandbox", "build-only"});
  if (!parsed.error.empty() || parsed.positional.size() != 1 || !parsed.value("lesson")) {
    std::cerr << "gpucheck grade: "
              << (parsed.error.empty() ? messages::text("grading.name-them") : parsed.error) << "\n"
              << command_synopsis("grade");
    return to_int(exit_code::usage);
  }
  const fs::path submissions_dir = parsed.positional[0];
  if (!fs::is_directory(submissions_dir)) {
    std::cerr << "gpucheck grade: "
              << messages::text("grading.not-a-folder", {{"folder", quoted_path(submissions_dir)}})
              << "\n";
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const auto lesson = paths.catalog().resolve(*parsed.value("lesson"));
  if (!lesson) {
    std::cerr << messages::text("error.no-lesson",
                                {{"command", "grade"}, {"name", *parsed.value("lesson")}})
              << "\n"
              << paths.catalog().describe_choices() << "\n";
    return to_int(exit_code::usage);
  }
  const auto timeout = cli::timeout_seconds(parsed, "grade", {.seconds = 60});
  if (!timeout) {
    return to_int(exit_code::usage);
  }
  const double timeout_seconds = *timeout;
  const fs::path out = fs::absolute(parsed.value("out").value_or("grade-results"));
  const fs::path csv_path =
      fs::absolute(parsed.value("csv").value_or((out / "summary.csv").string()));
  std::string sandbox_error;
  const auto sandbox_mode_asked = grading_sandbox_mode(
      parsed.flag("no-sandbox"), parsed.flag("require-sandbox"), sandbox_error);
  if (!sandbox_mode_asked) {
    std::cerr << "gpucheck grade: " << sandbox_error << "\n";
    return to_int(exit_code::usage);
  }
  // No submission sees the class or the results, its own included (docs/grading-security.md).
  const grading_sandbox sandbox{*sandbox_mode_asked,
                                {fs::absolute(submissions_dir), out, csv_path}};
  if (sandbox.mode != sandbox_mode::off && !probe_sandbox().available) {
    if (sandbox.mode == sandbox_mode::require) {
      std::cerr << "gpucheck grade: "
                << messages::text("grading.sandbox-required", {{"why", probe_sandbox().why_not}})
                << "\n";
      return to_int(exit_code::crashed);
    }
    std::cerr << "\ngpucheck grade: "
              << messages::text("grading.no-sandbox-warning", {{"why", probe_sandbox().why_not}})
              << "\n\n";
  }
  if (parsed.flag("slurm") || parsed.value("task-index")) {
    slurm_batch batch;
    batch.submissions_dir = fs::absolute(submissions_dir);
    batch.lesson = &*lesson;
    batch.source_dir = fs::absolute(paths.source_dir);
    batch.out = out;
    batch.csv_path = csv_path;
    batch.sandbox = sandbox;
    batch.timeout_seconds = timeout_seconds;
    batch.fixtures = parsed.flag("fixtures");
    batch.partition = parsed.value("partition").value_or("");
    batch.time_limit = parsed.value("time").value_or("10:00");
    const std::string gpus = parsed.value("gpus-per-task").value_or("1");
    if (gpus.empty() || gpus.find_first_not_of("0123456789") != std::string::npos) {
      std::cerr << "gpucheck grade: "
                << messages::text("grading.gpus-not-number", {{"value", gpus}}) << "\n";
      return to_int(exit_code::usage);
    }
    batch.gpus_per_task = std::stoi(gpus);
    fs::create_directories(out);
    if (const auto task = parsed.value("task-index")) {
      return run_grade_task(batch, std::strtol(task->c_str(), nullptr, 10));
    }
    return run_grade_slurm(batch);
  }
  // The grading tree: OUT/.build, or one kept between batches (--tree), so that the next batch
  // compiles the submissions and not the checker's own code again.
  const fs::path tree = fs::absolute(parsed.value("tree").value_or((out / ".build").string()));
  const fs::path slot = tree / "submission";
  fs::create_directories(out);

  const auto submissions = find_submissions(submissions_dir, out);
  const auto buildable =
      std::find_if(submissions.begin(), submissions.end(),
                   [](const submission& item) { return !item.exercise.empty(); });
  if (buildable == submissions.end()) {
    std::cerr << "gpucheck grade: "
              << messages::text("grading.no-submissions",
                                {{"folder", quoted_path(submissions_dir)}})
              << "\n";
    return to_int(exit_code::usage);
  }
  // One batch at a time builds in the tree (batches of several lessons may share it, as the GPU
  // tests' classes under load do): the configured slot, CMake and the course's side are the
  // tree's own. Let go once the submissions are built in their lesson's slots; kept to the end
  // where they build one after another in the tree's slot instead.
  fs::create_directories(tree);
  std::optional<file_lock> tree_lock;
  tree_lock.emplace(tree / "gpucheck-grading.lock", [&] {
    std::cout << messages::text("grading.waiting-for-tree", {{"tree", tree.string()}}) << std::endl;
  });
  place_submission(*buildable, slot); // the tree needs the file to exist to configure
  if (parsed.flag("build-only")) {
    std::cout << messages::text("grading.building-tree",
                                {{"tree", tree.string()}, {"folder", lesson->folder}})
              << std::endl;
  } else {
    std::cout << messages::text("grading.grading", {{"count", std::to_string(submissions.size())},
                                                    {"folder", lesson->folder},
                                                    {"out", out.string()}})
              << std::endl;
  }
  std::string configure_output;
  timed_step configuring("build", "grading tree configured for " + lesson->folder);
  if (!configure_grading_tree(paths.source_dir, tree, slot / "exercise.cu", configure_output)) {
    std::cerr << configure_output << "\ngpucheck grade: "
              << messages::text("grading.tree-not-configured", {{"tree", quoted_path(tree)}})
              << "\n";
    return to_int(exit_code::build_failed);
  }
  configuring.done();
  // The tree and the course's side of the check program, and nothing of the class: the GPU
  // tests' setup (checker/tests/gpu/CMakeLists.txt) builds them outside the GPU lock, and each
  // batch compiles its submissions itself (no batch runs a program another batch left).
  if (parsed.flag("build-only")) {
    timed_step course_side("build", "course side of " + lesson->folder);
    const build_outcome built =
        build_target(paths.source_dir, tree,
                     lesson->target_prefix + "." + lesson->folder + ".check-course-side");
    if (!built.ok) {
      std::cerr << built.output
                << "\ngpucheck grade: " << messages::text("grading.course-side-failed") << "\n";
      return to_int(exit_code::build_failed);
    }
    std::cout << messages::text("grading.build-only-done") << std::endl;
    return 0;
  }
  // Every submission compiled first, several at once, against the course's side built once; the
  // checks then run one at a time (the GPU lock would serialize them anyway).
  const unsigned jobs = grade_build_jobs();
  std::cout << messages::text("grading.compiling", {{"jobs", std::to_string(jobs)}}) << std::endl;
  std::string why_not_at_once;
  const auto prebuilt = build_submissions_at_once(submissions, *lesson, paths.source_dir, tree,
                                                  jobs, why_not_at_once, sandbox);
  if (!prebuilt) {
    std::cout << "  " << messages::text("grading.one-by-one", {{"why", why_not_at_once}})
              << std::endl;
  } else {
    tree_lock.reset();
  }

  std::ofstream csv(csv_path);
  csv << csv_header << "\n";
  for (std::size_t index = 0; index < submissions.size(); ++index) {
    const submission& item = submissions[index];
    const check_report report = grade_submission(
        item, *lesson, paths.source_dir, tree, timeout_seconds, sandbox,
        parsed.flag("keep-traces")
            ? std::optional<fs::path>(fs::absolute(out / (item.student + ".trace.jsonl")))
            : std::nullopt,
        prebuilt ? (*prebuilt)[index] : std::nullopt);
    csv << write_student_report(item, report, out) << "\n";
    csv.flush();
    std::cout << "  " << item.student << ": " << exit_code_name(report.verdict) << " ("
              << to_int(report.verdict) << ") " << report.headline << std::endl;
  }
  std::cout << messages::text("grading.summary",
                              {{"csv", csv_path.string()}, {"out", out.string()}})
            << std::endl;
  return 0;
}

} // namespace gpucheck::cli
