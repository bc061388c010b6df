// SPDX-License-Identifier: MIT
/// @file warm_up_judgement.hpp
/// @brief Judging one "warm up until stable" series (lesson 02): a student's warm-up, steady time
/// and cost against what the planned work really took, and what noise could have caused. Plain
/// C++: check.cu runs the series on the GPU and hands the numbers here; the unit test hands
/// simulated ones.
#pragma once

#include "checkapi/judge.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"
#include "judgement/warm_up_series.hpp"

#include <functional>
#include <string>
#include <vector>

namespace gpucheck {

/// One series of calls that a student's function made on planned work, and what really happened.
struct warm_up_series_run {
  warm_up_plan plan;
  int repetitions = 0;         ///< what the function was asked for
  std::vector<double> true_ms; ///< [ms] each call of the work, by the GPU's clock
  /// [ms] each call, from its start to the next call's start (the last: to the function's
  /// return), on the checker's host clock: what the student's clock could have seen at most.
  std::vector<double> host_ms;
  int calls = 0; ///< how often the function called the work

  int warm_up_calls() const { return static_cast<int>(plan.warm_up_ms.size()); }
  /// The warm-up's true times, or its planned ones where the function never ran those calls.
  std::vector<double> true_warm_up_ms() const;
  /// The median of the last `repetitions` calls' true times, the calls a median is taken of; the
  /// planned steady time when the function made too few calls to have reached them.
  double true_steady_ms() const;
  double true_cost_ms() const;
};

/// What the student's functions returned for the series.
struct warm_up_answer {
  std::vector<double> warm_up_ms; ///< [ms]
  double steady_ms = 0;           ///< [ms]
  double cost_ms = 0;             ///< [ms] warm_up_cost_ms of the two above
};

/// The exercise's rule and the check's limits.
struct warm_up_rules {
  double stable_within = 0.10;          ///< the exercise's: two calls agree within 10 %
  time_tolerance tolerance{0.05, 0.05}; ///< for every time (TOLERANCES.md)
  /// A call the host saw last more than this fraction beyond its true duration was disturbed.
  /// Steady calls jitter by 1.5 % at most (warm_up_plan_limits), so two stop agreeing (10 %) only
  /// when one is delayed by about 7 %; 3 % excuses well before that.
  double disturbance_fraction = 0.03;
  /// The exercise's: a warm-up that never settles ends after this many calls (exercise.h).
  int most_warm_up_calls = 50;
};

/// What one series shows: nothing (accurate), or its first mistake in the student's words.
struct warm_up_judgement {
  bool accurate = false;
  bool noise_could_explain = false; ///< a busy machine could have caused it (judge.hpp)
  bool shows_a_time = false;        ///< a wrong time: the trace of the call may tell why
  double shown_truth_ms = 0;        ///< the truth of that time
  /// The message says only how far off that time is (no mean, no count): the trace must give
  /// the cause, or none is determined (check_outcome::says_only_how_far_off).
  bool only_how_far_off = false;
  /// The message states a fact of the numbers alone (a time below zero), not an inferred cause
  /// (check_outcome::states_what_was_seen).
  bool states_what_was_seen = false;
  std::string message;
  std::string hint;
  std::string anchor; ///< the lesson's section: "#warming-up-until-the-time-settles"
};

/// Judges, in this order (the first wrong one is reported): a warm-up time below zero; each
/// warm-up time against its call's truth; a steady time too short (times too short make every call
/// look steady); the number of warm-up calls against the plan; the steady time; the cost against
/// the student's own numbers. A wrong count is excused only when the function compared calls (it
/// made the two that agree besides its warm-up and median) and the checker's own clock saw the
/// deciding calls delayed; never when the student's own warm-up times contain two in a row that
/// agree. Last, what the numbers cannot show: the function must have called the work `repetitions`
/// times after its warm-up and the two calls that agree (the checker counts the calls), else its
/// median is of other calls than the contract's, right as it may read (issue 42, item 6).
warm_up_judgement judge_warm_up_series(const warm_up_answer& answer, const warm_up_series_run& run,
                                       const warm_up_rules& rules);

/// "3 warm-up calls (24.1, 9.30, 4.80 ms), steady 2.104 ms, cost 31.9 ms", for expected and
/// measured lines.
std::string describe_warm_up(const std::vector<double>& warm_up_ms, double steady_ms,
                             double cost_ms);

/// One call of warm_up_until_stable on work that follows a warm-up plan: what really happened,
/// what it returned, and the call's window (for the trace).
struct warm_up_series_trial {
  warm_up_series_run run;
  warm_up_answer answer;
  timed_call call;
};

/// The check over `trial_count` calls of `run_trial`: passed when every one is accurate. A failure
/// that noise could explain (a time too long, a host that delayed the calls deciding the
/// warm-up's end) is run again with fresh draws, up to twice in all (TOLERANCES.md); a wrong
/// answer is explained with its own numbers, and a wrong time with the slip it shows. Named;
/// `lesson` is the lesson's page ("lessons/.../lesson.md").
check_outcome judge_warm_up_trials(const std::function<warm_up_series_trial()>& run_trial,
                                   int trial_count, const warm_up_rules& rules,
                                   const std::string& lesson);

} // namespace gpucheck
