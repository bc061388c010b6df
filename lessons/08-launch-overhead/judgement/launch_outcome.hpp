// SPDX-License-Identifier: MIT
/// @file launch_outcome.hpp
/// @brief Lesson 08's checks told from their numbers: where the bytes differ, the speed checks'
/// words, and the loop timing's outcome (its verdict from loop_timing_judgement.hpp). Plain C++:
/// check.cu runs the work on the GPU and hands the integers and times here; the unit tests hand
/// made-up ones.
#pragma once

#include "checkapi/timing_trials.hpp"
#include "judgement/loop_timing_judgement.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// The first integer where `got` differs from `expected`; -1 if none (memcmp first, as a fact).
int first_difference(const std::vector<unsigned>& expected, const std::vector<unsigned>& got);

/// Where the bytes differ, as the sentences say it.
struct difference {
  std::string index;
  std::string expected;
  std::string got;
  bool untouched = false; ///< the integer still holds the draw: no step ever reached it
};

/// The integer at `index` of `got` against `expected`, `start` being what the buffer held before.
difference describe(int index, const std::vector<unsigned>& expected,
                    const std::vector<unsigned>& got, const std::vector<unsigned>& start);

/// Makes `outcome` the failure of a batched kernel whose integers differ at `index` (`count`
/// integers in all).
void fail_batched_bytes(check_outcome& outcome, int index, const std::vector<unsigned>& expected,
                        const std::vector<unsigned>& got, const std::vector<unsigned>& start,
                        int count);

/// Makes `outcome` the failure of a replay (`run`: 1 or 2) whose integers differ at `index`.
void fail_graph_bytes(check_outcome& outcome, int run, int index,
                      const std::vector<unsigned>& expected, const std::vector<unsigned>& got,
                      const std::vector<unsigned>& start);

/// Makes `outcome` the failure of a capture_naive that gave no graph.
void fail_for_no_graph(check_outcome& outcome);

/// [ms] The GPU's time of some queued work (the checker's events around it on its stream) and
/// the host's time of the calls that queued it, the best of several each.
struct both_times {
  double gpu_ms = 1e30;
  double host_ms = 1e30;
};

/// The batched kernel against the naive loop of `steps` launches, on the GPU: at most `bar` of
/// its time.
check_outcome batched_speed_outcome(const both_times& naive, const both_times& batched, double bar,
                                    int steps, const std::string& lesson);

/// The bars a replay is held to against the naive loop: on the GPU, and on the host.
struct graph_bars {
  double gpu = 0;
  double host = 0;
};

/// One replay against the naive loop of `steps` launches: not slower on the GPU, far cheaper on
/// the host, and on the host about what the checker's own replay of the same loop (`own`) costs.
/// Certain only when every miss is one that noise could not cause.
check_outcome graph_speed_outcome(const both_times& naive, const both_times& replayed,
                                  const both_times& own, graph_bars bars, int steps,
                                  const std::string& lesson);

/// The graph speed check where capture_naive gave no graph.
check_outcome no_graph_speed_outcome(graph_bars bars, int steps, const std::string& lesson);

/// One call of time_loop_ms between two timings of the same iterations by the checker's events.
struct loop_trial {
  timed_call call;         ///< the call, for the trace
  loop_timing_call judged; ///< its numbers, as loop_timing_judgement.hpp reads them
  int work_runs = 0;       ///< how often the call ran the work it was given
};

/// The loop timing's outcome: the work run another number of times than `iterations` is a fact;
/// else judge_loop_timing's verdict, said with the numbers. `work_ms`: one iteration's work.
check_outcome loop_outcome(const loop_trial& trial, int iterations, double work_ms,
                           const std::string& lesson);

} // namespace gpucheck
