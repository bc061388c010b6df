// SPDX-License-Identifier: MIT
/// @file timing_trials.hpp
/// @brief Judging a student's timing function over several trials against ground truth.
///
/// A lesson's check.cu says what is true (the work, its true duration, the tolerance) and what the
/// lesson says to a student (the check's name, its hints, its section). Everything else is here,
/// the same for every lesson: which trials were accurate, whether the check passed, what a busy
/// GPU could have caused, and the facts the numbers alone show (a unit slip, work run never or
/// twice, a CPU-time clock). Why a number is wrong is not guessed here: gpucheck reads it from the
/// trace of the failing call (docs/ARCHITECTURE.md, "Which why wins").
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/judge.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/say.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace gpucheck {

/// One call of a student's timing function, and the truth it is judged against.
struct timing_trial {
  std::string work;         ///< what was timed, for the report: "a kernel of known duration"
  double reported_ms = 0;   ///< the number judged: one call's, or the median of several
  double truth_ms = 0;      ///< what the work really took
  time_tolerance tolerance; ///< how far from truth_ms the number may be
  bool own_clock = true;    ///< the truth is the timed kernel's own clock (judge.hpp)
  timed_call call;          ///< one call's number, duration and window, for the trace
  int work_runs = -1;       ///< how often the call ran the work it was given; -1: not counted
  cpu_clock read_cpu_clock = cpu_clock::none; ///< the clock of CPU time the call read, if any

  time_verdict verdict() const { return judge_time(reported_ms, truth_ms, tolerance); }
};

/// Makes `outcome` a failure for timing with `which`, a clock of CPU time, whatever its numbers:
/// such a number is right only while the host spins in its waits.
void fail_for_cpu_time_clock(check_outcome& outcome, cpu_clock which);

/// What a lesson tells a student whose timing check failed, beyond the numbers.
struct timing_words {
  std::string name;       ///< the check, as a sentence
  std::string section;    ///< where the lesson teaches it: "lessons/NN-slug/lesson.md#anchor"
  std::string zero_hint;  ///< for a function that returns 0, i.e. times nothing yet
  std::string wrong_hint; ///< for a wrong number whose cause the trace does not show
  std::string context;    ///< a fact about every trial worth knowing ("", or "with 15-30 ms ...")
};

/// The outcome of a timing check: passed when at most `allowed_misses` trials were not accurate.
/// A failure shows the first wrong trial (its call, for the trace), says by how much it was wrong,
/// and names what the numbers prove: a unit slip or a number longer than its call
/// (number_slip.hpp), work run never or several times (work_runs.hpp), a CPU-time clock read. Noise
/// can excuse it only when every wrong trial is one a busy GPU could have produced.
check_outcome judge_timing(const std::vector<timing_trial>& trials, const timing_words& words,
                           int allowed_misses);

/// Whether this check program is gpucheck's traced replay of a run (GPUCHECK_REPLAY=1, set by
/// analysis/replay_settings.cpp): there only the window of a failing call is read, never a verdict,
/// so no check runs a second round of trials.
bool in_traced_replay();

/// Whether the traced replay has, in a trial that was `accurate` or not, the call it reads of this
/// test case, so that the trials after it add nothing to the trace's diagnosis: the first wrong
/// trial where the verdict's run failed (the call judge_timing shows), the first right one where
/// it passed and the replay confirms the pass on a disturbed GPU, and the first trial of a test
/// case it reads nothing of (GPUCHECK_REPLAY_FAILS and GPUCHECK_REPLAY_PASSES, set by
/// analysis/replay_settings.cpp, list the test cases of each kind; without them, the first wrong
/// trial). Always false outside the traced replay.
bool replay_has_its_call(bool accurate);
bool replay_has_its_call(const timing_trial& trial);

namespace detail {
/// The place in the run of the doctest test case running now (1 first, 0 before any), which the
/// test-case listener notes as each starts (test_case_counter.hpp), for replay_has_its_call.
void note_test_case(int ordinal);
int current_test_case();
} // namespace detail

/// Whether a failed check runs its trials a second time: a burst of noise seldom lasts two rounds,
/// so a failure that noise could explain is judged on a second round; never in the traced replay.
bool second_round_wanted(const check_outcome& outcome);

/// What runs when a check failed its second round in a way noise could explain: check_main
/// measures the timing noise again there (timing_noise.hpp), since a burst that spoiled two rounds
/// may have begun after the noise measured at the start. None by default (the unit tests).
void on_second_round_failed(void (*measure_again)());
namespace detail {
void second_round_failed();
} // namespace detail

/// `run_check()`, a whole check (its measurements and their judgement), and once more when it
/// failed in a way noise could explain (second_round_wanted): a real mistake fails both rounds, a
/// burst of noise seldom lasts through two. The second round's failure says it was the second.
template <typename RunCheck> check_outcome judge_twice(RunCheck&& run_check) {
  check_outcome outcome = run_check();
  if (second_round_wanted(outcome)) {
    outcome = run_check();
    if (!outcome.passed) {
      outcome.measured = say("check.api.second-round.measured", {{"measured", outcome.measured}});
      if (outcome.noise_could_explain)
        detail::second_round_failed();
    }
  }
  return outcome;
}

/// judge_timing(), and once more on fresh trials when the first round failed in a way noise
/// could explain (judge_twice).
template <typename RunTrials>
check_outcome judge_timing_twice(RunTrials&& run_trials, const timing_words& words,
                                 int allowed_misses) {
  return judge_twice([&] { return judge_timing(run_trials(), words, allowed_misses); });
}

/// judge_timing_twice() on trials that carry more than their timing (a member `timing`): the
/// trials of the round judged last are kept in `last_round`, for the facts a check names after
/// the timing's judgement (bytes that did not arrive, another stream waited for).
template <typename Trial, typename RunRound>
check_outcome judge_timing_twice(RunRound&& run_round, const timing_words& words,
                                 int allowed_misses, std::vector<Trial>& last_round) {
  return judge_timing_twice(
      [&] {
        last_round = run_round();
        std::vector<timing_trial> timings;
        for (const Trial& trial : last_round)
          timings.push_back(trial.timing);
        return timings;
      },
      words, allowed_misses);
}

/// `count` trials, each one call of `one_trial`, in order. Trials that are timings alone end, in
/// the traced replay, at the first that is not accurate (replay_has_its_call): a failing check's
/// replay then costs one wrong trial, not all. Trials that carry more facts than their timing (a
/// stream waited for, bytes that did not arrive) all run: a fact may fail a later trial.
template <typename OneTrial> auto run_trials(int count, OneTrial&& one_trial) {
  using trial_type = std::decay_t<decltype(one_trial())>;
  std::vector<trial_type> trials;
  for (int i = 0; i < count; ++i) {
    trials.push_back(one_trial());
    if constexpr (std::is_same_v<trial_type, timing_trial>) {
      if (replay_has_its_call(trials.back()))
        break;
    }
  }
  return trials;
}

} // namespace gpucheck
