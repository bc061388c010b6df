// SPDX-License-Identifier: MIT
#include "judgement/graph_run_judgement.hpp"

#include "checkapi/enclosing_band.hpp"
#include "checkapi/judge.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace gpucheck {
namespace {

bool in_band(double total_ms, double span_ms) {
  const double below_ms = std::max(graph_run_below_ms, graph_run_below_share * span_ms);
  return within_enclosing_band(total_ms, span_ms, below_ms, graph_run_above_ms,
                               graph_run_above_share);
}

// The power of 1000 by which the trial's number, divided, encloses one run, either way: a clock
// read in another unit. kind none if none.
slip_result unit_slip(const graph_run_trial& t) {
  const double total = t.call.reported_ms * t.runs;
  return power_of_1000_slip(t.call.reported_ms, t.span_ms / std::max(t.runs, 1),
                            [&](double factor) { return in_band(total / factor, t.span_ms); });
}

// The sentence `id` with the trial's numbers.
std::string say_trial(std::string_view id, const graph_run_trial& t) {
  const double runs = std::max(t.runs, 1);
  return say(id, {{"reported", format_ms(t.call.reported_ms)},
                  {"total", format_ms(t.call.reported_ms * runs)},
                  {"truth", format_ms(t.span_ms / runs)},
                  {"span", format_ms(t.span_ms)},
                  {"over", format_ms(t.call.reported_ms * runs - t.span_ms)},
                  {"runs", std::to_string(t.runs)},
                  {"captured", std::to_string(t.captured_calls)},
                  {"direct", std::to_string(t.direct_calls)}});
}

} // namespace

graph_run_verdict judge_graph_run(const graph_run_trial& t) {
  if (t.direct_calls > 0)
    return t.captured_calls == t.runs ? graph_run_verdict::ran_outside
                                      : graph_run_verdict::launched_one_by_one;
  if (t.captured_calls != t.runs)
    return graph_run_verdict::fewer_calls;
  if (!(t.span_ms > 0))
    return graph_run_verdict::never_ran;
  const double reported = t.call.reported_ms;
  if (!std::isfinite(reported) || reported <= 0)
    return graph_run_verdict::not_a_number;
  const double total = reported * t.runs;
  if (in_band(total, t.span_ms))
    return graph_run_verdict::accurate;
  // The span not divided: `runs` (400 or more) times one run, which no neighbour makes. It goes
  // first: with runs near 1000 a number in microseconds reads the same.
  if (in_band(reported, t.span_ms))
    return graph_run_verdict::whole_launch;
  if (unit_slip(t).kind != slip_kind::none)
    return graph_run_verdict::in_another_unit;
  return total < t.span_ms ? graph_run_verdict::shorter : graph_run_verdict::longer;
}

check_outcome graph_run_outcome(const std::vector<graph_run_trial>& trials,
                                const std::string& section, int allowed_misses) {
  check_outcome outcome;
  outcome.name = say("check.l08.graph-run.name");
  outcome.lesson_section = section;
  if (trials.empty())
    return outcome;
  const auto is_wrong = [](const graph_run_trial& t) {
    return judge_graph_run(t) != graph_run_verdict::accurate;
  };
  const auto wrong = std::find_if(trials.begin(), trials.end(), is_wrong);
  const graph_run_trial& shown = wrong != trials.end() ? *wrong : trials.back();
  outcome.expected = say_trial("check.l08.graph-run.expected", shown);
  outcome.measured = say_trial("check.l08.graph-run.measured", shown);
  const auto misses = std::count_if(trials.begin(), trials.end(), is_wrong);
  const bool all_longer = std::all_of(trials.begin(), trials.end(), [](const graph_run_trial& t) {
    const graph_run_verdict v = judge_graph_run(t);
    return v == graph_run_verdict::accurate || v == graph_run_verdict::longer;
  });
  outcome.passed = misses == 0 || (all_longer && misses <= allowed_misses);
  if (outcome.passed)
    return outcome;

  // A fact of any trial comes first: it stands on any GPU.
  const auto fact = std::find_if(trials.begin(), trials.end(), [](const graph_run_trial& t) {
    const graph_run_verdict v = judge_graph_run(t);
    return v != graph_run_verdict::accurate && v != graph_run_verdict::longer;
  });
  const graph_run_trial& named = fact != trials.end() ? *fact : shown;
  if (fact != trials.end()) {
    outcome.expected = say_trial("check.l08.graph-run.expected", named);
    outcome.measured = say_trial("check.l08.graph-run.measured", named);
  }
  outcome.noise_could_explain = false;
  graph_run_verdict verdict = judge_graph_run(named);
  // One trial's number can fall on a power of 1000 by chance (a launch's few microseconds against
  // a short graph); every wrong trial's falling on the same one cannot. Where runs is near 1000, a
  // number in microseconds reads as a launch not divided: a trial whose runs tell the two apart
  // decides.
  if (verdict == graph_run_verdict::in_another_unit || verdict == graph_run_verdict::whole_launch) {
    const slip_kind kind = unit_slip(named).kind;
    const bool every =
        kind != slip_kind::none &&
        std::all_of(trials.begin(), trials.end(), [&](const graph_run_trial& t) {
          return judge_graph_run(t) == graph_run_verdict::accurate || unit_slip(t).kind == kind;
        });
    const bool told_apart = std::any_of(trials.begin(), trials.end(), [](const graph_run_trial& t) {
      return judge_graph_run(t) == graph_run_verdict::in_another_unit;
    });
    if (every && told_apart)
      verdict = graph_run_verdict::in_another_unit;
    else if (verdict == graph_run_verdict::in_another_unit)
      verdict = named.call.reported_ms * named.runs < named.span_ms ? graph_run_verdict::shorter
                                                                    : graph_run_verdict::longer;
  }
  // The launches and graph runs the checker counted, and a number that is none: what it saw.
  outcome.states_what_was_seen =
      verdict == graph_run_verdict::launched_one_by_one ||
      verdict == graph_run_verdict::ran_outside || verdict == graph_run_verdict::fewer_calls ||
      verdict == graph_run_verdict::never_ran || verdict == graph_run_verdict::not_a_number;
  switch (verdict) {
  case graph_run_verdict::launched_one_by_one:
    outcome.message = say_trial("check.l08.graph-run.one-by-one.message", named);
    outcome.hint = say_trial("check.l08.graph-run.one-by-one.hint", named);
    break;
  case graph_run_verdict::ran_outside:
    outcome.message = say_trial("check.l08.graph-run.outside.message", named);
    outcome.hint = say("check.l08.graph-run.outside.hint");
    break;
  case graph_run_verdict::fewer_calls:
    // More calls than asked: no launch call is saved, but the time divided is not one run's.
    outcome.message = named.captured_calls > named.runs
                          ? say_trial("check.l08.graph-run.more.message", named)
                          : say_trial("check.l08.graph-run.fewer.message", named);
    outcome.hint = say_trial("check.l08.graph-run.fewer.hint", named);
    break;
  case graph_run_verdict::never_ran:
    outcome.message = say("check.l08.graph-run.never-ran.message");
    outcome.hint = say("check.l08.graph-run.never-ran.hint");
    break;
  case graph_run_verdict::not_a_number:
    outcome.message = say_trial("check.l08.graph-run.not-a-number.message", named);
    outcome.hint = say("check.l08.graph-run.longer.hint");
    break;
  case graph_run_verdict::shorter:
    outcome.message = say_trial("check.l08.graph-run.shorter.message", named);
    outcome.hint = say("check.l08.graph-run.shorter.hint");
    break;
  case graph_run_verdict::whole_launch:
    outcome.message = say_trial("check.l08.graph-run.whole.message", named);
    outcome.hint = say_trial("check.l08.graph-run.whole.hint", named);
    break;
  case graph_run_verdict::in_another_unit: {
    const slip_result slip = unit_slip(named);
    const slip_words words =
        describe_slip(slip, named.call.reported_ms, named.span_ms / named.runs, "ms");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = slip_id(slip.kind);
    break;
  }
  default:
    // Longer than the band: a neighbour between the start event and the first kernel, or
    // something else in the interval (an upload, a capture); the trace of the call may say which.
    outcome.message = say_trial("check.l08.graph-run.longer.message", named);
    outcome.hint = say("check.l08.graph-run.longer.hint");
    outcome.noise_could_explain = true;
    outcome.says_only_how_far_off = true;
    break;
  }
  // Where the number is one the function timed and divided, the trace reads its interval.
  if (named.span_ms > 0 && named.direct_calls == 0) {
    show_call(outcome, named.call, named.span_ms / std::max(named.runs, 1));
    outcome.call.per_run = true;
  }
  return outcome;
}

} // namespace gpucheck
