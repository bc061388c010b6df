// SPDX-License-Identifier: MIT
#include "judgement/warm_up_judgement.hpp"

#include "checkapi/say.hpp"
#include "checkapi/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

std::string call_number(int call) {
  return say("check.l02.call-number", {{"number", std::to_string(call + 1)}});
}

std::string calls_text(int count) {
  return count == 1 ? say("check.l02.calls.one", {{"count", std::to_string(count)}})
                    : say("check.l02.calls", {{"count", std::to_string(count)}});
}

} // namespace

std::vector<double> warm_up_series_run::true_warm_up_ms() const {
  std::vector<double> times_ms = plan.warm_up_ms;
  for (int call = 0; call < std::min(warm_up_calls(), static_cast<int>(true_ms.size())); ++call)
    times_ms[call] = true_ms[call];
  return times_ms;
}

double warm_up_series_run::true_steady_ms() const {
  const int known = static_cast<int>(true_ms.size());
  if (known < warm_up_calls() + 2 + repetitions)
    return plan.steady_ms; // the function never ran the calls a median is taken of
  return median(std::vector<double>(true_ms.end() - repetitions, true_ms.end()));
}

double warm_up_series_run::true_cost_ms() const {
  double cost_ms = 0;
  for (const double call_ms : true_warm_up_ms())
    cost_ms += call_ms - true_steady_ms();
  return cost_ms;
}

warm_up_judgement judge_warm_up_series(const warm_up_answer& answer, const warm_up_series_run& run,
                                       const warm_up_rules& rules) {
  warm_up_judgement judged;
  judged.anchor = "#warming-up-until-the-time-settles";
  const int planned = run.warm_up_calls();
  const int theirs = static_cast<int>(answer.warm_up_ms.size());
  const int known = static_cast<int>(run.true_ms.size());
  if (answer.warm_up_ms.empty() && answer.steady_ms == 0.0) {
    judged.message = say("check.l02.nothing-timed.message");
    judged.hint = say("check.l02.nothing-timed.hint");
    return judged;
  }
  // A time below zero is no noise, and it makes every decision after it wrong (two negative times
  // never agree within a share of the shorter): said first, with the call shown, so that the
  // trace can name how the two ends were swapped (event-order, returned-value).
  for (int call = 0; call < std::min(theirs, known); ++call) {
    if (answer.warm_up_ms[call] < 0) {
      judged.message =
          say("check.l02.negative-time.message", {{"call", call_number(call)},
                                                  {"reported", format_ms(answer.warm_up_ms[call])},
                                                  {"truth", format_ms(run.true_ms[call])}});
      judged.hint = say("check.l02.negative-time.hint");
      judged.shows_a_time = true;
      judged.shown_truth_ms = run.true_ms[call];
      judged.states_what_was_seen = true;
      return judged;
    }
  }
  // Whether the function made the calls it needed to compare two after its warm-up, and the first
  // of two calls in its own warm-up that agree (-1: none).
  const bool compared = run.calls >= theirs + 2 + run.repetitions;
  const int agreeing = steady_start(answer.warm_up_ms, rules.stable_within);
  // A warm-up of the wrong length, with what it had and whether noise could have caused it.
  const auto judge_count = [&] {
    const std::string truth_list = list_times_ms(run.true_ms, planned + 2);
    if (agreeing >= 0) {
      // Their own numbers say the steady state had begun: no noise changes that, with one
      // exception. A stricter rule (three calls in a row) keeps two calls that agree in its
      // warm-up when the next one does not; on a quiet GPU it stops where the exercise's rule does.
      // Under load two delayed calls can agree by chance and the next, not delayed, not (recorded
      // on an H200 beside gpu_load: 6.73 and 6.97 ms, then 4.27 ms, for 4.3 ms of work): the host
      // saw the pair delayed, so noise could have made that pair. The call after the pair, as the
      // checker's host clock saw it, is the one that broke it.
      const auto after_pair = static_cast<std::size_t>(agreeing) + 2;
      const bool pair_broken =
          after_pair < run.host_ms.size() &&
          !times_agree(run.host_ms[after_pair - 1], run.host_ms[after_pair], rules.stable_within);
      judged.noise_could_explain =
          pair_broken && host_disturbed(run.host_ms, run.true_ms, agreeing, agreeing + 1,
                                        rules.disturbance_fraction);
      judged.message = say("check.l02.count-own-agree.message",
                           {{"calls", calls_text(theirs)},
                            {"first", call_number(agreeing)},
                            {"second", call_number(agreeing + 1)},
                            {"first_ms", format_ms(answer.warm_up_ms[agreeing])},
                            {"second_ms", format_ms(answer.warm_up_ms[agreeing + 1])}});
    } else {
      judged.message =
          say("check.l02.count-planned.message", {{"calls", calls_text(theirs)},
                                                  {"planned", calls_text(planned)},
                                                  {"times", truth_list},
                                                  {"first", call_number(planned)},
                                                  {"second", call_number(planned + 1)}});
      // Noise only lengthens calls. A warm-up too long: a delayed steady call stopped agreeing.
      // Too short: the call after the warm-up was delayed until it agreed with the one before.
      // Either way the function made the two calls that agree besides its warm-up and median.
      // One that made fewer gave up before two of its calls agreed: a warm-up that never settles.
      // On a quiet host that is its rule's doing (the calls after the planned warm-up agreed);
      // under load its own times were disturbed, call after call, as the host's clock saw them
      // (issue 42, item 5): a quarter of those calls delayed is load, not one hiccup.
      if (!compared) {
        judged.noise_could_explain =
            theirs > planned && disturbed_share(run.host_ms, run.true_ms, planned, theirs - 1,
                                                rules.disturbance_fraction) >= 0.25;
      } else if (theirs > planned) {
        judged.noise_could_explain = host_disturbed(run.host_ms, run.true_ms, planned, theirs + 1,
                                                    rules.disturbance_fraction);
      } else if (theirs + 1 < static_cast<int>(run.host_ms.size())) {
        judged.noise_could_explain =
            run.host_ms[theirs + 1] >= 0.9 * run.true_ms[theirs] / (1 + rules.stable_within);
      }
    }
    if (theirs < planned) {
      judged.hint = say("check.l02.count-too-few.hint");
    } else if (theirs <= planned + 2) {
      judged.hint = say("check.l02.count-kept-agreeing.hint");
    } else {
      judged.hint = say("check.l02.count-too-many.hint");
    }
  };
  // Two facts no noise changes, judged before the times (which a busy GPU lengthens for a correct
  // function too): their own warm-up holds two calls that agree, or the function made too few
  // calls to have compared any two after its warm-up.
  if (theirs != planned && (agreeing >= 0 || !compared)) {
    judge_count();
    return judged;
  }
  // A third: the cost they returned is not what their own warm-up and steady time give. It is
  // judged against their numbers, not the GPU's, so a busy GPU cannot cause it (or hide it behind
  // a time that the load lengthened). Numbers that are not finite are the times' failure, below.
  double extra_ms = 0;
  for (const double call_ms : answer.warm_up_ms)
    extra_ms += call_ms - answer.steady_ms;
  if (std::isfinite(extra_ms) &&
      !(std::abs(answer.cost_ms - extra_ms) <= 1e-6 * (1 + std::abs(extra_ms)))) {
    judged.message = say("check.l02.cost.message", {{"reported", format_ms(answer.cost_ms)},
                                                    {"calls", calls_text(theirs)},
                                                    {"extra", format_ms(extra_ms)},
                                                    {"steady", format_ms(answer.steady_ms)}});
    judged.hint = say("check.l02.cost.hint");
    judged.anchor = "#the-warm-up-cost";
    return judged;
  }
  // The times themselves, call by call: a wrong time makes every decision after it wrong.
  for (int call = 0; call < std::min(theirs, known); ++call) {
    const double truth_ms = run.true_ms[call];
    const auto verdict = judge_time(answer.warm_up_ms[call], truth_ms, rules.tolerance);
    if (verdict != time_verdict::accurate) {
      judged.message =
          say("check.l02.call-time.message", {{"call", call_number(call)},
                                              {"reported", format_ms(answer.warm_up_ms[call])},
                                              {"truth", format_ms(truth_ms)}});
      judged.hint = say("check.l02.call-time.hint");
      judged.noise_could_explain = noise_could_cause(verdict, true);
      judged.shows_a_time = true;
      judged.shown_truth_ms = truth_ms;
      judged.only_how_far_off = true;
      return judged;
    }
  }
  const double steady_truth_ms = run.true_steady_ms();
  const auto steady_verdict = judge_time(answer.steady_ms, steady_truth_ms, rules.tolerance);
  const auto judge_steady = [&] {
    judged.message =
        say("check.l02.steady.message", {{"reported", format_ms(answer.steady_ms)},
                                         {"repetitions", std::to_string(run.repetitions)},
                                         {"truth", format_ms(steady_truth_ms)}});
    judged.hint = say("check.l02.steady.hint");
    judged.noise_could_explain = noise_could_cause(steady_verdict, true);
    judged.shows_a_time = true;
    judged.shown_truth_ms = steady_truth_ms;
    judged.only_how_far_off = true;
    if (steady_verdict == time_verdict::too_long && known >= run.repetitions) {
      double sum_ms = 0;
      for (int call = known - run.repetitions; call < known; ++call)
        sum_ms += run.true_ms[call];
      const double mean_ms = sum_ms / run.repetitions;
      if (judge_time(answer.steady_ms, mean_ms, rules.tolerance) == time_verdict::accurate) {
        judged.message =
            say("check.l02.steady-mean.message", {{"reported", format_ms(answer.steady_ms)},
                                                  {"repetitions", std::to_string(run.repetitions)},
                                                  {"truth", format_ms(steady_truth_ms)},
                                                  {"mean", format_ms(mean_ms)}});
        judged.hint = say("check.l02.steady-mean.hint");
        judged.only_how_far_off = false; // the mean of the calls: a relation the numbers prove
      }
    }
  };
  // Times too short make every call look steady: say so before counting the warm-up.
  if (steady_verdict == time_verdict::too_short || steady_verdict == time_verdict::not_a_number) {
    judge_steady();
    return judged;
  }
  if (theirs != planned) {
    judge_count();
    return judged;
  }
  if (steady_verdict != time_verdict::accurate) {
    judge_steady();
    return judged;
  }
  // The contract's repetitions: the calls after the warm-up (and its two agreeing calls, unless it
  // never settled) that the median is of. Counted, so that no busy GPU changes it.
  const int agreeing_calls = theirs >= rules.most_warm_up_calls ? 0 : 2;
  const int timed_after = run.calls - theirs - agreeing_calls;
  if (timed_after < run.repetitions) {
    judged.message =
        say("check.l02.repetitions.message", {{"calls", calls_text(run.calls)},
                                              {"warm_up", calls_text(theirs)},
                                              {"after", calls_text(std::max(timed_after, 0))},
                                              {"repetitions", std::to_string(run.repetitions)}});
    judged.hint = say("check.l02.repetitions.hint");
    judged.noise_could_explain = false;
    return judged;
  }
  judged.accurate = true;
  return judged;
}

std::string describe_warm_up(const std::vector<double>& warm_up_ms, double steady_ms,
                             double cost_ms) {
  const int calls = static_cast<int>(warm_up_ms.size());
  if (calls == 0)
    return say("check.l02.describe.no-warm-up",
               {{"steady", format_ms(steady_ms)}, {"cost", format_ms(cost_ms)}});
  if (calls > 6)
    return say("check.l02.describe.warm-up-first-6", {{"calls", calls_text(calls)},
                                                      {"times", list_times_ms(warm_up_ms, 6)},
                                                      {"steady", format_ms(steady_ms)},
                                                      {"cost", format_ms(cost_ms)}});
  return say("check.l02.describe.warm-up", {{"calls", calls_text(calls)},
                                            {"times", list_times_ms(warm_up_ms, 6)},
                                            {"steady", format_ms(steady_ms)},
                                            {"cost", format_ms(cost_ms)}});
}

check_outcome judge_warm_up_trials(const std::function<warm_up_series_trial()>& run_trial,
                                   int trial_count, const warm_up_rules& rules,
                                   const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l02.series.name");
  // A failure that noise could explain is run again with fresh draws, up to twice in all.
  int retries_left = 2;
  int accurate = 0;
  for (int trial_index = 0; trial_index < trial_count; ++trial_index) {
    const warm_up_series_trial trial = run_trial();
    const warm_up_series_run& run = trial.run;
    const warm_up_judgement judged = judge_warm_up_series(trial.answer, run, rules);
    outcome.expected =
        say("check.l02.series.expected",
            {{"described",
              describe_warm_up(run.true_warm_up_ms(), run.true_steady_ms(), run.true_cost_ms())},
             {"repetitions", std::to_string(run.repetitions)}});
    outcome.measured =
        describe_warm_up(trial.answer.warm_up_ms, trial.answer.steady_ms, trial.answer.cost_ms);
    if (judged.accurate) {
      ++accurate;
      continue;
    }
    if (judged.noise_could_explain && retries_left > 0) {
      --retries_left;
      --trial_index;
      continue;
    }
    outcome.message = judged.message;
    outcome.hint = judged.hint;
    outcome.lesson_section = lesson + judged.anchor;
    outcome.noise_could_explain = judged.noise_could_explain;
    outcome.states_what_was_seen = judged.states_what_was_seen;
    if (judged.shows_a_time) {
      show_call(outcome, trial.call, judged.shown_truth_ms);
      // A time in another unit, or longer than the whole call, shows by itself (number_slip.hpp).
      // Every warm-up time against its call's truth: a slip shows in every wrong one (whole
      // milliseconds cut the short calls and spare the long ones).
      outcome.says_only_how_far_off = judged.only_how_far_off;
      std::vector<timed_call> numbers;
      for (std::size_t i = 0; i < trial.answer.warm_up_ms.size() && i < run.true_ms.size(); ++i)
        numbers.push_back({trial.answer.warm_up_ms[i], run.true_ms[i], trial.call.call_ms});
      numbers.push_back({trial.answer.steady_ms, run.true_steady_ms(), trial.call.call_ms});
      name_number_slip(outcome, numbers, rules.tolerance);
    }
    break; // a wrong answer is explained with its own numbers
  }
  outcome.passed = accurate == trial_count;
  return outcome;
}

} // namespace gpucheck
