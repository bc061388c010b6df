// SPDX-License-Identifier: MIT
// Which intervals did the program time? Host-clock intervals from its own clock reads, and event
// intervals from its successful cudaEventElapsedTime calls.
#pragma once

#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <optional>
#include <tuple>
#include <vector>

namespace gpucheck::rules {

/// Where in the program an interval was timed: its method, thread, clock, two sites and two events.
/// Every timing of one loop body has the same place.
inline auto interval_place(const timed_interval& i) {
  return std::make_tuple(static_cast<int>(i.how), i.tid, i.clock, i.start_site, i.stop_site,
                         i.start_event, i.stop_event);
}

// Host-clock intervals. The reads of one thread and one clock kind are taken in time order, and
// each pair of consecutive reads (r_i, r_i+1) is an interval when
//   - their sites differ (a loop that reads the clock at one line only is not timing anything
//     between two of its reads; logging a single timestamp is not a timing), and
//   - the first time r_i's site was seen comes before the first time r_i+1's site was seen (in a
//     loop `t0 = now(); work; t1 = now();` this keeps t0 -> t1 and drops t1 -> next t0).
// A helper like wall_time() gives distinct sites for distinct callers, because a site includes the
// program's return addresses (FORMAT.md), so `t0 = wall_time(); ...; t1 = wall_time();` works.
// Chained timing `a = now(); phase1; b = now(); phase2; c = now();` gives a->b and b->c.
// In a run of three or more candidates in a row (reads A B C D ...), every other candidate is
// kept, from the first: A->B, C->D, E->F. Timings one after the other (`c0 = now(); cpu; c1 =
// now();` then setup, warm-up and a sync, then `g0 = now(); gpu; sync; g1 = now();`, and so on for
// each kernel of a program) give exactly that shape, and judging the gaps c1->g0 (context
// creation, setup, queued work) would accuse a correct program.
// Limits: the program's subtraction is not seen, so nested timers `A B ... C D` (outer A..D,
// inner B..C) give only the partial A->B and C->D, and a chain of four or more reads loses every
// other phase; the outer interval A->D is not found. Reads whose site is empty (the tracer could
// not unwind) are never paired. A logging read on the same clock as a timer can open a false
// interval up to the timer's start. Its stop read's `marker` sets marked_intended. A marked read
// (the stop of an interval that times submission on purpose, so work is left queued there) opens no
// interval: in `a = now(); launches; b = now(); // marked` then `sync; c = now(); work; sync; d =
// now();` the chain b->c is not a timing the program made, and judging it would accuse the program
// of timing the very queue it declared.
//
// Event intervals: for each successful cudaEventElapsedTime(start, end) the program called, the
// latest cudaEventRecord of each event before that call.
//
// The result is sorted by start time.
// With a window, only what the program did inside it on its thread (a lesson check's call of the
// student's function): the checker's own reads around the call are left out.
std::vector<timed_interval> find_timed_intervals(const trace::run_trace& trace,
                                                 const std::optional<call_window>& window = {});

std::vector<timed_interval>
find_host_clock_intervals(const trace::run_trace& trace,
                          const std::optional<call_window>& window = {});
std::vector<timed_interval> find_event_intervals(const trace::run_trace& trace,
                                                 const std::optional<call_window>& window = {});

// The events interval of one cudaEventElapsedTime(start, end) call, from the latest record of each
// event before it. measured_ns is the time the call returned; 0 when it returned none (an error).
timed_interval event_interval(const trace::api_call& elapsed_call,
                              const trace::api_call& start_record,
                              const trace::api_call& stop_record);

// The script's own frame among a Python call's or read's frames (innermost first): the innermost
// one outside an installed package, so a record made through torch/cuda/streams.py names the
// script's line; nullptr when every frame is a package's or there are none.
const trace::python_frame* script_frame(const std::vector<trace::python_frame>& frames);

} // namespace gpucheck::rules
