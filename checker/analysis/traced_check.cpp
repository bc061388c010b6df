// SPDX-License-Identifier: MIT
#include "analysis/traced_check.hpp"

#include "analysis/assumed_cause.hpp"
#include "analysis/lesson_diagnosis.hpp"
#include "analysis/replay_settings.hpp"
#include "analysis/traced_analysis.hpp"
#include "core/lesson_catalog.hpp"
#include "core/noise_judgement.hpp"
#include "core/timing_log.hpp"
#include "messages/messages.hpp"
#include "trace_model/read_trace.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace gpucheck::analysis {
namespace fs = std::filesystem;
namespace {

bool tracing_wanted(const trace_options& options) {
  const char* wanted = std::getenv("GPUCHECK_TRACE");
  return options.trace && !(wanted != nullptr && std::string(wanted) == "0");
}

// A pass on a GPU that something disturbed (other processes, held clocks, jitter: noise_judgement)
// is confirmed by the trace: noise can bring a wrong method's number within tolerance. So are the
// passes beside failed checks (an inconclusive run's: a copy timed with events on the legacy
// stream, on an H200 beside another process, passed its bandwidth check and failed, inconclusively,
// its speed check).
bool confirms_passes(const check_report& report) {
  const bool checks_ran = report.verdict == exit_code::pass ||
                          report.verdict == exit_code::inconclusive ||
                          report.verdict == exit_code::wrong;
  return checks_ran && !report.noise_reasons.empty();
}

bool needs_trace(const check_report& report, const trace_options& options) {
  if (options.timeline || options.keep_trace)
    return true;
  const bool confirming = confirms_passes(report);
  return std::any_of(report.checks.begin(), report.checks.end(),
                     [&](const check_item& item) { return call_read_in_replay(item, confirming); });
}

// One interval makes a readable picture; a check runs many trials. The first failed check's call
// is drawn, else the first interval of the run.
void draw_timeline(const trace::run_trace& trace, const fs::path& svg_file,
                   timeline_renderer render, check_report& report, progress_reporter& reporter,
                   const rules::learn_links& learn) {
  rules::rule_options options;
  options.learn = learn;
  options.mode = rules::rule_options::context::lesson;
  for (const check_item& item : report.checks) {
    if (!item.passed && item.call.begin_ns != 0) {
      options.window = window_of(item.call);
      break;
    }
  }
  const rules::rule_results results = analyze(trace, options);
  if (results.intervals.empty()) {
    reporter.problem("gpucheck: " + messages::text("analysis.no-timeline-no-interval"));
    return;
  }
  std::vector<rules::finding> shown_findings;
  rules::timed_interval shown = results.intervals.back();
  if (!results.findings.empty()) {
    shown = results.findings.front().interval;
    for (const auto& finding : results.findings) {
      if (finding.interval.start_ns == shown.start_ns && finding.interval.tid == shown.tid)
        shown_findings.push_back(finding);
    }
  }
  const std::string title =
      messages::text("analysis.timeline-title", {{"folder", report.lesson_folder}}) +
      (shown_findings.empty() ? "" : ": " + shown_findings.front().rule);
  std::ofstream(svg_file) << render(trace, shown, shown_findings, title);
  report.timeline_path = svg_file.string();
}

} // namespace

// The report of run_traced_check, with its links to the lessons as the checks wrote them.
static check_report traced_report(const lesson_entry& lesson, check_settings settings,
                                  const trace_options& options) {
  // The verdict comes from a run without the tracer: CUPTI's callbacks add about 0.13 ms to a
  // host-clock timing of 1 ms on the H200, more than the checks' tolerance, so a traced run would
  // fail correct code. The why comes from a traced replay of the same draws (GPUCHECK_SEED), run
  // only when a check failed, when the GPU was disturbed (to confirm the passes), or when a
  // timeline or the trace is asked for: a mistake in the code repeats there, and the rules read it
  // from that run's trace (docs/ARCHITECTURE.md). Both runs run the one program built here.
  progress_reporter& reporter = *settings.reporter;
  const check_settings::prebuilt_program checked = build_check(lesson, settings);
  settings.prebuilt = checked;
  check_report report = run_check(lesson, settings);
  const bool confirming = confirms_passes(report);
  const bool wanted =
      tracing_wanted(options) && !report.seed.empty() &&
      (report.verdict == exit_code::wrong || report.verdict == exit_code::inconclusive ||
       confirming || options.timeline || options.keep_trace);
  if (!wanted || !needs_trace(report, options))
    return report; // no trace read: the checks' own words stand, unmarked
  // The tracer writes in the build tree, which a sandboxed check program can write to; a kept
  // trace is written where it was asked for by this process, once read (a grading sandbox hides
  // the reports' folder: kept there by the tracer itself, every trace came back empty).
  const fs::path trace_file =
      settings.build_dir / "gpucheck" /
      ("trace-" + lesson.folder + "-" + std::to_string(getpid()) + ".jsonl");
  // The tracer of this gpucheck's own build (a grading tree builds only the check programs).
  std::error_code ignored;
  const fs::path own_build =
      fs::read_symlink("/proc/self/exe", ignored).parent_path().parent_path();
  const fs::path tracer_build =
      fs::exists(own_build / "lib" / "libgputrace.so") ? own_build : settings.build_dir;
  std::string error;
  const auto variables = tracer_environment(tracer_build, trace_file, error);
  if (!variables) {
    reporter.problem("gpucheck: " +
                     messages::text("analysis.no-trace-for-why", {{"error", error}}));
    return report;
  }
  fs::create_directories(trace_file.parent_path());
  fs::remove(trace_file);
  reporter.progress(messages::text(report.failed_count() > 0 ? "progress.replay-failed"
                                   : confirming              ? "progress.replay-disturbed"
                                                             : "progress.replay-asked"));
  // Up to the last test case that holds a call to read; the whole run for a picture or a kept
  // trace.
  const bool whole_run = options.timeline.has_value() || options.keep_trace.has_value();
  const check_report traced =
      run_check(lesson, replay_settings(settings, checked, report.seed, *variables,
                                        last_test_case_read(report, confirming, whole_run),
                                        what_the_replay_reads(report, confirming, whole_run)));

  // GPUCHECK_TIMING_LOG (core/timing_log.hpp): reading the replay's trace and the rules on it, on
  // the CPU, apart from the replay's run (a "gpu" step): where a failing verdict's extra time goes.
  timed_step diagnosing("diagnosis", lesson.folder + " trace read and rules");
  source_options lines;
  lines.preferred_files = {fs::path(report.exercise_file).filename().string()};
  loaded_trace loaded =
      fs::exists(trace_file)
          ? load_trace(trace_file, lines)
          : loaded_trace{std::nullopt, messages::text("analysis.replay-wrote-no-trace")};
  if (loaded.trace && options.keep_trace) {
    // The kept trace replays without its program: its lines are in it (load_trace), and so are
    // the calls the checks showed, with the numbers they returned.
    for (const check_item& item : traced.checks) {
      if (item.call.begin_ns == 0)
        continue;
      loaded.trace->checked_calls.push_back(kept_call(item, report.checks));
    }
    std::ofstream out(*options.keep_trace, std::ios::trunc);
    trace::write_trace(out, *loaded.trace);
  }
  // The same check's call in the replay, whose window the trace holds; none when it showed none.
  const auto replayed_call = [&](const check_item& item) -> const check_item::shown_call* {
    const auto same =
        std::find_if(traced.checks.begin(), traced.checks.end(),
                     [&](const check_item& other) { return other.name == item.name; });
    if (!loaded.trace || same == traced.checks.end() || same->call.begin_ns == 0)
      return nullptr;
    return &same->call;
  };
  // A finding's learn link: the lesson whose front matter names its rule.
  const rules::learn_links learn = course_learn_links(settings.source_dir);
  int refuted_passes = 0;
  for (check_item& item : report.checks) {
    const check_item::shown_call* call = replayed_call(item);
    if (call == nullptr)
      continue; // no call of the student's to read: the check's own words stand, unmarked
    rules::call_window window = window_of(*call);
    if (item.passed) {
      if (confirming && item.call.begin_ns != 0) {
        const bool refuted = refute_passed_check(item, diagnose_call(*loaded.trace, window, learn));
        ++(refuted ? refuted_passes : report.passes_confirmed);
      }
      continue;
    }
    if (item.call.begin_ns != 0) { // the numbers the student saw, from the run that failed
      window.failed_reported_ms = item.call.reported_ms;
      window.failed_truth_ms = item.call.truth_ms;
    }
    explain_failed_check(item, diagnose_call(*loaded.trace, window, learn));
    test_assumed_cause(item, *loaded.trace, window);
  }
  revise_noise_judgement(report, refuted_passes);
  diagnosing.done();
  if (options.timeline && loaded.trace && options.render_timeline != nullptr) {
    check_report drawn = traced; // its calls are the ones in the trace
    draw_timeline(*loaded.trace, *options.timeline, options.render_timeline, drawn, reporter,
                  learn);
    report.timeline_path = drawn.timeline_path;
  } else if (options.timeline) {
    reporter.problem("gpucheck: " +
                     messages::text("analysis.no-timeline-unreadable", {{"error", loaded.error}}));
  }
  fs::remove(trace_file);
  return report;
}

trace::checked_call kept_call(const check_item& replayed,
                              const std::vector<check_item>& verdict_checks) {
  trace::checked_call kept;
  kept.check = replayed.name;
  kept.begin_ns = replayed.call.begin_ns;
  kept.end_ns = replayed.call.end_ns;
  kept.tid = replayed.call.tid;
  kept.reported_ms = replayed.call.reported_ms;
  kept.truth_ms = replayed.call.truth_ms;
  kept.per_run = replayed.call.per_run;
  const auto failed =
      std::find_if(verdict_checks.begin(), verdict_checks.end(), [&](const check_item& other) {
        return other.name == replayed.name && !other.passed;
      });
  if (failed != verdict_checks.end()) {
    // The verdict's run named the slip from the numbers it failed with, whether or not that run
    // showed the call (a check that shows its call only where a time is wrong may show it in the
    // replay alone).
    kept.slip = failed->slip;
    if (failed->call.begin_ns != 0) {
      kept.failed_reported_ms = failed->call.reported_ms;
      kept.failed_truth_ms = failed->call.truth_ms;
    }
  }
  return kept;
}

check_report run_traced_check(const lesson_entry& lesson, check_settings settings,
                              const trace_options& options) {
  check_report report = traced_report(lesson, settings, options);
  // Where to read more, in the student's language, whichever command shows the report (check,
  // watch, grade, selftest).
  for (check_item& item : report.checks)
    item.lesson_section = section_link_in_language(item.lesson_section, settings.source_dir);
  return report;
}

} // namespace gpucheck::analysis
