// SPDX-License-Identifier: MIT
// The thresholds and the context the rules run in. Defaults favour precision: a finding whose
// effect on the measured number is immaterial is not reported.
#pragma once

#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace gpucheck::rules {

// Rule id -> where its fix is taught ("lessons/NN-slug/lesson.md#a-section"): the lesson catalog's
// (core/lesson_catalog.hpp, `rule_links`), read from the lessons' front matter. The rules name no
// lesson.
using learn_links = std::map<std::string, std::string, std::less<>>;

struct rule_options {
  // lint: the program's intent is unknown, so an interval that only measures the submission of
  // work is described (warning) rather than accused; lesson: the exercise asked for the work's
  // time, so the same interval is wrong (error).
  enum class context { lint, lesson } mode = context::lint;

  // A finding is reported only when its effect is at least max(min_effect_ns,
  // min_effect_fraction x the measured number).
  trace::time_ns min_effect_ns = 50'000; // [ns] = 50 us
  double min_effect_fraction = 0.05;

  // below-resolution: one sample of GPU work shorter than this is too short to time alone.
  trace::time_ns resolution_ns = 10'000; // [ns] = 10 us

  // Findings of one rule on intervals from the same place (a timing loop) are merged into one,
  // the one with the largest effect, with finding::occurrences counting them.
  bool merge_repeats = true;

  // lesson: only the intervals the student's function timed in this call of it (its clock reads
  // and its cudaEventElapsedTime calls inside the window, on its thread).
  std::optional<call_window> window;

  // Each finding's `lesson`: its rule's link here, none for a rule no lesson teaches.
  learn_links learn;
};

// effect >= max(min_effect_ns, min_effect_fraction * reference_ns)
inline bool is_material(trace::time_ns effect_ns, trace::time_ns reference_ns,
                        const rule_options& options) {
  const double fraction_ns = options.min_effect_fraction * static_cast<double>(reference_ns);
  const double threshold_ns = std::max(static_cast<double>(options.min_effect_ns), fraction_ns);
  return static_cast<double>(effect_ns) >= threshold_ns;
}

// The run that failed (untraced), as the window knows it. A rule whose mistake the trace shows in
// its structure (no wait before the clock's stop, events on a stream not ordered with the work)
// weighs its effect by that run's miss when the traced replay hid it: a host-paced timing can come
// out near right under the tracer.
struct failed_run_miss {
  trace::time_ns miss_ns = 0; // |truth - reported| of the run that failed
  trace::time_ns reported_ns = 0;
  trace::time_ns truth_ns = 0;
};

// That run's miss, when the window knows it, it is material against its truth, and (with
// `only_short`) the number was too short, as a clock stopped early makes it; nothing otherwise.
inline std::optional<failed_run_miss> material_failed_run_miss(const rule_options& options,
                                                               bool only_short) {
  if (!options.window || options.window->failed_truth_ms <= 0 ||
      !(options.window->failed_reported_ms >= 0)) // NaN: no time was returned
    return std::nullopt;
  const double reported_ms = options.window->failed_reported_ms;
  const double truth_ms = options.window->failed_truth_ms;
  if (only_short && reported_ms >= truth_ms)
    return std::nullopt;
  failed_run_miss run;
  run.reported_ns = std::llround(reported_ms * 1e6);
  run.truth_ns = std::llround(truth_ms * 1e6);
  run.miss_ns = std::llabs(run.truth_ns - run.reported_ns);
  if (!is_material(run.miss_ns, run.truth_ns, options))
    return std::nullopt;
  return run;
}

} // namespace gpucheck::rules
