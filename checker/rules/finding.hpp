// SPDX-License-Identifier: MIT
// What a rule reports about one timed interval. Renderers and lesson checks consume these.
#pragma once

#include "trace_model/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace gpucheck::rules {

// note: a fact stated without accusing (lint's description of an interval timed on purpose).
enum class severity { warning, error, note };

// An interval the program timed: two host clock reads, or two events given to cudaEventElapsedTime.
struct timed_interval {
  enum class method { host_clock, events } how = method::host_clock;
  trace::time_ns start_ns = 0; // host time of the first clock read, or of the start event's record
  trace::time_ns stop_ns = 0;  // host time of the second clock read, or of the elapsed-time call
  trace::time_ns measured_ns = 0; // what the program measured (clock difference, or elapsed_ms)
  int tid = 0;
  std::string clock;      // host_clock: the clock's name; events: ""
  std::string start_site; // call sites of the two reads, or of the two events' records
  std::string stop_site;
  bool marked_intended = false; // the program marked it as submission-only timing on purpose
  // events: the two events, the correlation ids of their cudaEventRecord calls and of the
  // cudaEventElapsedTime call, and the host time the stop event's record returned.
  trace::handle start_event = 0;
  trace::handle stop_event = 0;
  std::uint32_t start_record_correlation = 0;
  std::uint32_t stop_record_correlation = 0;
  std::uint32_t elapsed_correlation = 0;
  trace::time_ns stop_record_ns = 0;
};

struct finding {
  std::string rule; // a stable id from docs/ARCHITECTURE.md's rule table, e.g. "unsynced-stop"
  rules::severity level = severity::error;
  timed_interval interval;
  std::string message; // one line with the numbers
  std::string hint;    // what to do instead
  std::string lesson;  // where the fix is taught, e.g. "lessons/NN-slug/lesson.md#..." (from
                       // rule_options::learn; empty where no lesson teaches the rule)
  trace::time_ns effect_ns = 0; // how much the mistake changed the measured number
  trace::time_ns truth_ns = 0;  // the GPU time of the work the interval was meant to measure
  int occurrences = 1;     // how many intervals from the same place had this finding (loops); the
                           // finding shown is the one with the largest effect
  std::string blamed_site; // the call the finding blames (a wait, a setup call, a record...);
                           // empty: the stop (interval.stop_site)
  // returned-value only: the number returned is the measured one through a slip the trace names
  // exactly (a sum of intervals, another unit, truncated, swapped, a divisor one off). No GPU's
  // noise produces such a relation, so it refutes a pass as a method error does.
  bool exact_slip = false;
  // Where the start, the stop and the blamed call are in the source (line 0: not resolved),
  // filled from the trace's locations by the analysis (analysis/traced_analysis.hpp).
  trace::source_line start_at;
  trace::source_line stop_at;
  trace::source_line blamed_at;
};

// A call of a student's function as the lesson's check made it: the host time from its call to its
// return (CLOCK_MONOTONIC, the trace's base), its thread, and the number it returned.
struct call_window {
  trace::time_ns begin_ns = 0;
  trace::time_ns end_ns = 0;
  int tid = 0;
  double reported_ms = 0; // what the function returned
  double truth_ms = 0;    // what the work really took (the check's ground truth)
  // The same call in the run that failed (untraced; the verdict's run): what it returned and the
  // truth there, 0 when unknown. The traced replay's own numbers can differ: the tracer slows
  // every API call, and a timing paced by the host's calls can come out near right there.
  double failed_reported_ms = 0;
  double failed_truth_ms = 0;
  // reported_ms is the time of one run: an interval the function timed divided by the runs it
  // holds, or one such sample of several (a benchmark's median). returned-value holds it to an
  // interval over its runs, never to an interval alone.
  bool per_run = false;
  bool contains(trace::time_ns t_ns) const { return t_ns > begin_ns && t_ns < end_ns; }
};

} // namespace gpucheck::rules
