// SPDX-License-Identifier: MIT
// The result model of one `gpucheck check`: everything the renderers (terminal, JSON, ...) show.
// Built by check_runner from the build, the run and the check program's results; renderers see
// nothing else.
#pragma once

#include "core/compiler_diagnostics.hpp"
#include "core/exit_codes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

// A line of the student's source that a finding names: "start", "stop" or "site" (the call it
// blames), with the line quoted. line 0: only the function is known (built without -g).
struct source_ref {
  std::string role;
  std::string file;
  int line = 0;
  std::string function;
  std::string text;
};

struct check_item {
  std::string name;
  bool passed = false;
  std::string expected;
  std::string measured;
  std::string message;
  std::string hint;
  std::string rule;
  std::string lesson_section;
  bool noise_could_explain = false; // a disturbed GPU could have caused this failure (check.cuh)
  // The call of the student's function that shows the failure (results_channel.hpp's
  // shown_call): the analysis reads it from the trace. begin_ns = 0: none.
  struct shown_call {
    long long begin_ns = 0; // CLOCK_MONOTONIC [ns]
    long long end_ns = 0;
    int tid = 0;
    double reported_ms = 0;
    double truth_ms = 0;
    int test_case = 0; // the check program's test case it was made in, 1 first; 0: not known
    // reported_ms is one run's time: an interval over the runs it holds (results_channel.hpp).
    bool per_run = false;
  } call;
  // Where the why comes from: "trace" (a fact the run's trace shows, with its lines), "relation"
  // (an exact slip of the returned number), "seen" (what the check saw the code do), "numbers"
  // (inferred from the returned numbers alone), "undetermined" (neither shows a cause), or ""
  // (no why given).
  std::string why_from;
  std::vector<source_ref> lines; // the start, the stop and the blamed call, where known
  // A cause the check's words assume and the trace can refute ("pageable-copies"):
  // analysis/assumed_cause.hpp. Empty: none.
  std::string assumes;
  // The slip the check's numbers prove exactly (checkapi/slip_analysis.hpp's ids): its words
  // stay the why over the trace's findings (analysis/lesson_diagnosis.cpp). Empty: none.
  std::string slip;
  // The check's message says only how far off the number is (check_outcome's
  // says_only_how_far_off): with no finding in the trace, the cause is not determined.
  bool only_how_far_off = false;
  // The check's message states what it saw the code do (check_outcome's states_what_was_seen):
  // with no finding in the trace, it is the why as it is (why_from "seen"), not an inference.
  bool seen = false;
};

struct check_report {
  std::string lesson_folder;
  std::string lesson_title;
  bool solution = false;
  std::string exercise_file; // the file the student edits (or the reference)

  exit_code verdict = exit_code::pass;
  std::string headline; // the verdict in one sentence: the first line the student reads
  std::string advice;   // what to do next, when there is one thing to say

  std::optional<compiler_error> build_error;
  std::string build_output_tail; // when the build failed and no error line could be found
  std::vector<check_item> checks;
  // Without a GPU: the checks that need one, by name, which did not run (gpu_checks_not_run.hpp).
  std::vector<std::string> not_run_checks;
  // What a C++ exception said that left the student's code and no check caught (empty: none). The
  // check that called the code is then missing from `checks`: it failed, and no noise excuses it.
  std::string uncaught_exception;
  std::string program_output_tail; // when the program crashed or stopped early
  bool program_output_truncated = false;
  std::vector<std::string> noise_reasons; // why timings may not be trusted (noise_judgement)
  int passes_confirmed = 0; // passes a disturbed GPU's replay confirmed by the trace (traced_check)
  std::vector<std::string> sanitizer_findings; // compute-sanitizer's errors, one line each
  std::vector<std::string> sanitizer_tools;    // the tools run (--sanitize); empty: none
  int forged_lines = 0; // results lines that this run's checks did not write (ignored)
  // Whether the submission's code ran in a sandbox of its own (core/sandbox.hpp): "" not asked,
  // "sandboxed", "not-sandboxed" (declined: grade --no-sandbox), "unavailable" (it could not start
  // here, and the code ran with gpucheck's rights; sandbox_problem says why), "failed" (none
  // could be set up for this run, or --require-sandbox found none: nothing ran, as the headline
  // says).
  std::string sandbox;
  std::string sandbox_problem;

  std::string device;
  std::string seed; // GPUCHECK_SEED=<seed> replays the run's random draws
  double build_seconds = 0;
  double run_seconds = 0;
  std::string timeline_path;

  int passed_count() const;
  int failed_count() const;
};

} // namespace gpucheck
