// SPDX-License-Identifier: MIT
/// @file graph_run_judgement.hpp
/// @brief Judging time_graph_run_ms, the student's do_bench_cudagraph: one run's time of short
/// work, from one timed launch of a graph that holds `runs` calls of it.
///
/// The truth is read inside the student's own replay: the checker's work is a spin kernel of
/// known length (checkapi/known_duration_work) whose first run and last run stamp the GPU's
/// %globaltimer, so the span from the first run's start to the last run's end is what the graph's
/// kernels took in the launch that ran last, the timed one. Events around that launch enclose the
/// span (checkapi/enclosing_band.hpp). The checker also counts the calls of its work and asks the
/// runtime, at each, whether the stream it was given was capturing: a graph of fewer calls, or
/// calls launched one by one, are facts no busy GPU makes. Plain C++: check.cu runs the work;
/// tests/unit/test_graph_run_judgement.cpp hands made-up numbers.
#pragma once

#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of time_graph_run_ms(work, runs, stream) and what the checker read in it.
struct graph_run_trial {
  int runs = 0;           ///< the calls of work the graph must hold
  int captured_calls = 0; ///< calls of work on a stream that was capturing
  int direct_calls = 0;   ///< calls on a stream that was not: kernels launched one by one
  double span_ms = 0;     ///< [ms] first run's start to last run's end (globaltimer); 0: none ran
  timed_call call;        ///< reported_ms: what the call returned, one run's time [ms]
};

/// How far the reported time of all the runs (reported x runs) may lie from the span: below it by
/// two ticks of the timers (globaltimer ticks about every microsecond; an event, about half of
/// one) or 5% of the span, whichever is more (the two clocks' rates may differ by a fraction of a
/// percent: checkapi/TOLERANCES.md; the mistakes below the span read under 1% of it); above it by
/// what comes between the start event and the first kernel and between the last kernel and the
/// stop event (a launch call, the graph's launch on the GPU, a host's wake-up: 50 us), or 15% of
/// the span, whichever is more (tolerances.md).
constexpr double graph_run_below_ms = 0.002;
constexpr double graph_run_below_share = 0.05;
constexpr double graph_run_above_ms = 0.050;
constexpr double graph_run_above_share = 0.15;

enum class graph_run_verdict {
  accurate,            ///< reported x runs encloses the span, within the band
  launched_one_by_one, ///< fewer than `runs` calls captured, others outside: launched one by one
  ran_outside,         ///< all `runs` captured, and more outside (a warm-up the contract forbids)
  fewer_calls,         ///< all in a capture, but not `runs` of them (a graph of one call, say)
  never_ran,           ///< the graph's kernels never ran: no stamps
  not_a_number,        ///< NaN, infinite, zero or negative
  shorter,             ///< reported x runs shorter than the kernels' own span: it did not enclose
  whole_launch,        ///< the span itself, not divided by runs
  in_another_unit,     ///< 1000 or a million times one run either way: microseconds, seconds...
  longer,              ///< longer than the band: a busy GPU or host, or something else timed
};

/// The verdict on one trial, the facts first (calls, stamps, the number), then the band.
graph_run_verdict judge_graph_run(const graph_run_trial& trial);

/// The check's outcome: passed when at most `allowed_misses` trials are `longer` and none has
/// another verdict. A failure shows the first wrong trial; only `longer` can be noise (a
/// neighbour's work, or a host descheduled, between the start event and the graph's first kernel
/// lengthens the student's interval and not the span). `section` is where the lesson teaches it.
check_outcome graph_run_outcome(const std::vector<graph_run_trial>& trials,
                                const std::string& section, int allowed_misses);

} // namespace gpucheck
