// SPDX-License-Identifier: MIT
/// @file loop_timing_judgement.hpp
/// @brief Lesson 08's judgements (launch overhead), plain C++: a loop's reported time against the
/// checker's own time of the same iterations, and a faster version against the naive loop.
/// lessons/08-launch-overhead/check.cu runs the work on the GPU and hands the numbers here; the
/// unit tests hand simulated ones. The tolerances are first guesses from lesson 06's H200 numbers
/// (5 us of work: 6.3 us a run back to back, 11-14 us between two events around one launch): not
/// yet calibrated on lesson 08's own runs.
#pragma once

#include "checkapi/slip_analysis.hpp"

namespace gpucheck {

/// One call of time_loop_ms(work, iterations, stream) and the checker's truth for it.
struct loop_timing_call {
  double reported_ms = 0; ///< [ms] what the function returned
  double truth_ms = 0;    ///< [ms] the checker's events once around the same iterations
  int iterations = 0;     ///< how many iterations the call ran
  double launch_ms = 0;   ///< [ms] the host's time of one launch call, as the checker measured it
  int intervals = 0;      ///< timed intervals the trace shows in the call (0: no trace)
  /// [ms] One run's planned length: a run ends no sooner but for a tick of %globaltimer, so the
  /// iterations one after another last at least iterations x that (noise_could_cause). 0: not
  /// known.
  double run_ms = 0;
};

enum class loop_timing_verdict {
  accurate,          ///< within 15% or 30 us of the truth
  summed_per_launch, ///< longer by about one timing's cost (2-40 us) per iteration
  launches_only,     ///< about the launch calls' time, far below the GPU's: no wait before the stop
  too_long,          ///< longer, and not by a per-iteration cost
  too_short,         ///< shorter, and not the launch calls' time
  not_a_number,      ///< NaN, infinite or negative
};

/// The verdict on one call. The cost of one pair of events with its wait, per iteration, is
/// taken as 2-40 us: lesson 06 read 5-8 us over a back-to-back run on the H200; 40 us leaves room
/// for a busy host.
loop_timing_verdict judge_loop_timing(const loop_timing_call& call);

/// Whether a busy GPU or host could have produced this verdict for `call`. A neighbour lengthens
/// the student's interval or the checker's, unevenly, by any amount: too_long can be noise but
/// for a unit or a factor of 20 and 10 ms, and too_short and launches_only can be noise unless
/// the report is under the work's floor (iterations x run_ms, less a tick a run): an interval
/// around the iterations cannot read less than their runs one after another, on any GPU, while
/// the checker's own truth can be lengthened by any amount. summed_per_launch is certain only when
/// the trace shows an interval for at least half the iterations.
bool noise_could_cause(loop_timing_verdict verdict, const loop_timing_call& call);

/// The slip a loop's time shows against the checker's (slip_analysis.hpp): a power of 1000, whole
/// milliseconds, ...; kind none when the numbers show none.
slip_result loop_time_slip(const loop_timing_call& call);

/// A faster version (batched, or a graph) against the naive loop, both timed by the checker.
struct speedup_judgement {
  bool passed = false;
  bool noise_could_explain = false;
  double ratio = 0; ///< faster / naive (below 1: faster)
};

/// Passed when faster_ms <= bar x naive_ms. A miss can be noise when it is within 25% of the bar
/// (a neighbour's work lands on one of the two timings) or when the naive loop took under 0.2 ms
/// (too short to compare against a launch's jitter).
speedup_judgement judge_speedup(double naive_ms, double faster_ms, double bar);

/// One replay's host time (`replay_ms`: the calls of the student's replay) against the checker's
/// own replay of the same loop (`own_ms`: one cudaGraphLaunch of a graph it captured and
/// instantiated itself). Passed within 4 x own_ms or own_ms + 50 us, whichever is more: a replay
/// is one cudaGraphLaunch, and one that instantiates, captures or waits costs far more. A miss
/// within twice that allowance can be a busy host. `ratio` is replay_ms / own_ms.
speedup_judgement judge_replay_host(double own_ms, double replay_ms);

} // namespace gpucheck
