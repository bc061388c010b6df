// SPDX-License-Identifier: MIT
// The thresholds and the context the rules run in. Defaults favour precision: a finding whose
// effect on the measured number is immaterial is not reported.
#pragma once

#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace gpucheck::rules {

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
};

// effect >= max(min_effect_ns, min_effect_fraction * reference_ns)
inline bool is_material(trace::time_ns effect_ns, trace::time_ns reference_ns,
                        const rule_options& options) {
  const double fraction_ns = options.min_effect_fraction * static_cast<double>(reference_ns);
  const double threshold_ns = std::max(static_cast<double>(options.min_effect_ns), fraction_ns);
  return static_cast<double>(effect_ns) >= threshold_ns;
}

// [ns] How far the number of the run that failed (untraced) was from its truth, when the window
// knows it; 0 otherwise. A rule whose mistake the trace shows in its structure (no wait before the
// clock's stop, events on a stream not ordered with the work) may weigh its effect by this miss
// when the traced replay hid it: a host-paced timing can come out near right under the tracer.
inline trace::time_ns failed_run_miss_ns(const rule_options& options) {
  if (!options.window || options.window->failed_truth_ms <= 0 ||
      !(options.window->failed_reported_ms >= 0)) // NaN: no time was returned
    return 0;
  const double miss_ms = options.window->failed_truth_ms - options.window->failed_reported_ms;
  return static_cast<trace::time_ns>(std::abs(miss_ms) * 1e6);
}

} // namespace gpucheck::rules
