// SPDX-License-Identifier: MIT
#include "checkapi/warm_up_judgement.hpp"

#include "checkapi/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

std::string call_number(int call) {
  return "call " + std::to_string(call + 1);
}

std::string calls_text(int count) {
  return std::to_string(count) + (count == 1 ? " call" : " calls");
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
    judged.message = "your function returned no warm-up and a steady time of 0 ms: it does not "
                     "time anything yet.";
    judged.hint = "Time one call after another with gpucourse::time_call(work, stream), and keep "
                  "each time.";
    return judged;
  }
  // Whether the function made the calls it needed to compare two after its warm-up, and the first
  // of two calls in its own warm-up that agree (-1: none).
  const bool compared = run.calls >= theirs + 2 + run.repetitions;
  const int agreeing = steady_start(answer.warm_up_ms, rules.stable_within);
  // A warm-up of the wrong length, with what it had and whether noise could have caused it.
  const auto judge_count = [&] {
    const std::string truth_list = list_times_ms(run.true_ms, planned + 2);
    if (agreeing >= 0) {
      // Their own numbers say the steady state had begun: no noise changes that.
      judged.message = "your warm-up has " + calls_text(theirs) + ", but your own times of " +
                       call_number(agreeing) + " and " + call_number(agreeing + 1) + " (" +
                       format_ms(answer.warm_up_ms[agreeing]) + " and " +
                       format_ms(answer.warm_up_ms[agreeing + 1]) +
                       ") agree within stable_within: the steady state had begun with them.";
    } else {
      judged.message = "your warm-up has " + calls_text(theirs) + ", but it had " +
                       calls_text(planned) + ": by the GPU's clock the first calls took " +
                       truth_list + ", and " + call_number(planned) + " and " +
                       call_number(planned + 1) + " are the first two in a row that agree.";
      // Noise only lengthens calls. A warm-up too long: a delayed steady call stopped agreeing.
      // Too short: the call after the warm-up was delayed until it agreed with the one before.
      // Either way the function made the two calls that agree besides its warm-up and median;
      // one that made fewer compared no two calls, and no noise excuses that.
      if (!compared) {
        judged.noise_could_explain = false;
      } else if (theirs > planned) {
        judged.noise_could_explain = host_disturbed(run.host_ms, run.true_ms, planned, theirs + 1,
                                                    rules.disturbance_fraction);
      } else if (theirs + 1 < static_cast<int>(run.host_ms.size())) {
        judged.noise_could_explain =
            run.host_ms[theirs + 1] >= 0.9 * run.true_ms[theirs] / (1 + rules.stable_within);
      }
    }
    if (theirs < planned) {
      judged.hint = "Keep calling until two calls in a row agree: a warm-up is not always one "
                    "call, or any fixed number of calls.";
    } else if (theirs <= planned + 2) {
      judged.hint = "The two calls that agree are the first steady calls: warm_up_ms holds only "
                    "the calls before them.";
    } else {
      judged.hint = "Stop warming up at the first two calls in a row that agree within "
                    "stable_within of the shorter one.";
    }
  };
  // Two facts no noise changes, judged before the times (which a busy GPU lengthens for a correct
  // function too): their own warm-up holds two calls that agree, or the function made too few
  // calls to have compared any two after its warm-up.
  if (theirs != planned && (agreeing >= 0 || !compared)) {
    judge_count();
    return judged;
  }
  // The times themselves, call by call: a wrong time makes every decision after it wrong.
  for (int call = 0; call < std::min(theirs, known); ++call) {
    const double truth_ms = run.true_ms[call];
    const auto verdict = judge_time(answer.warm_up_ms[call], truth_ms, rules.tolerance);
    if (verdict != time_verdict::accurate) {
      judged.message = "your time of " + call_number(call) + " is " +
                       format_ms(answer.warm_up_ms[call]) + ", but it ran " + format_ms(truth_ms) +
                       " by the GPU's clock.";
      judged.hint =
          "Time each call on its own, from the call until the GPU has finished it "
          "(gpucourse::time_call does both), and keep the times in the order of the calls.";
      judged.noise_could_explain = noise_could_cause(verdict, true);
      judged.shows_a_time = true;
      judged.shown_truth_ms = truth_ms;
      return judged;
    }
  }
  const double steady_truth_ms = run.true_steady_ms();
  const auto steady_verdict = judge_time(answer.steady_ms, steady_truth_ms, rules.tolerance);
  const auto judge_steady = [&] {
    judged.message = "your steady_ms is " + format_ms(answer.steady_ms) +
                     ", but the median of the last " + std::to_string(run.repetitions) +
                     " calls was " + format_ms(steady_truth_ms) + " by the GPU's clock.";
    judged.hint = "steady_ms is the median of `repetitions` calls timed after the warm-up.";
    judged.noise_could_explain = noise_could_cause(steady_verdict, true);
    judged.shows_a_time = true;
    judged.shown_truth_ms = steady_truth_ms;
    if (steady_verdict == time_verdict::too_long && known >= run.repetitions) {
      double sum_ms = 0;
      for (int call = known - run.repetitions; call < known; ++call)
        sum_ms += run.true_ms[call];
      const double mean_ms = sum_ms / run.repetitions;
      if (judge_time(answer.steady_ms, mean_ms, rules.tolerance) == time_verdict::accurate) {
        judged.message += " That is their mean (" + format_ms(mean_ms) +
                          "): one of them ran three times as long, which moves a mean and not "
                          "a median.";
        judged.hint = "Sort the times of the `repetitions` calls and take the middle one.";
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
  double extra_ms = 0;
  for (const double call_ms : answer.warm_up_ms)
    extra_ms += call_ms - answer.steady_ms;
  if (!(std::abs(answer.cost_ms - extra_ms) <= 1e-6 * (1 + std::abs(extra_ms)))) {
    judged.message = "warm_up_cost_ms returned " + format_ms(answer.cost_ms) + "; your warm-up's " +
                     calls_text(theirs) + " took " + format_ms(extra_ms) + " beyond as many " +
                     "steady calls of " + format_ms(answer.steady_ms) + ".";
    judged.hint = "Each warm-up call did a steady call's work: its cost is what it took beyond "
                  "steady_ms. Add that up over every warm-up call, not the first alone.";
    judged.anchor = "#the-warm-up-cost";
    return judged;
  }
  judged.accurate = true;
  return judged;
}

std::string describe_warm_up(const std::vector<double>& warm_up_ms, double steady_ms,
                             double cost_ms) {
  const int calls = static_cast<int>(warm_up_ms.size());
  const std::string warm_up = calls == 0 ? "no warm-up"
                                         : calls_text(calls) + " of warm-up (" +
                                               list_times_ms(warm_up_ms, 6) +
                                               (calls > 6 ? " for the first 6" : "") + ")";
  return warm_up + ", steady " + format_ms(steady_ms) + ", cost " + format_ms(cost_ms);
}

} // namespace gpucheck
