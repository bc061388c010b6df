// SPDX-License-Identifier: MIT
#pragma once

#include "cli/grade_batch.hpp"
#include "core/lesson_catalog.hpp"

#include <filesystem>
#include <string>

namespace gpucheck::cli {

// A batch graded through Slurm: what `gpucheck grade ... --slurm` was given.
struct slurm_batch {
  std::filesystem::path submissions_dir;
  const lesson_entry* lesson = nullptr;
  std::filesystem::path source_dir; // the course
  std::filesystem::path out;        // reports, the CSV, and OUT/.slurm (job script, results, logs)
  std::filesystem::path csv_path;
  double timeout_seconds = 60;
  bool fixtures = false; // the lesson is one of the checker's fixture lessons
  std::string partition; // empty: the cluster's default partition
  int gpus_per_task = 1; // 0: no GPU requested (a cluster without GPUs, the loopback test)
  std::string time_limit = "10:00"; // Slurm's --time of each task
  grading_sandbox sandbox;          // each task's, as the local batch's (passed on to the tasks)
};

// `grade --slurm`: writes OUT/.slurm/grade.sbatch, submits one job array with a task for every
// submission that has no result yet (`sbatch --wait`), then writes the reports' CSV from the
// tasks' results. Returns 0 when every submission has a result.
int run_grade_slurm(const slurm_batch& batch);

// `grade --task-index I` (what each array task runs): grades submission I, in a grading tree of
// its own (OUT/.slurm/tasks/I), writes its reports and its result OUT/.slurm/results/STUDENT.row.
int run_grade_task(const slurm_batch& batch, long index);

} // namespace gpucheck::cli
