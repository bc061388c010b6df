// SPDX-License-Identifier: MIT
#include "judgement/fresh_rounds_judgement.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace gpucheck {

namespace {

// "64, 1024, 4": sizes as the words print them.
std::string rounds_sizes_text(const std::vector<int>& sizes) {
  std::string text;
  for (const int n : sizes)
    text += (text.empty() ? "" : ", ") + std::to_string(n);
  return text;
}

std::string rounds_times_text(const std::vector<double>& times_ms) {
  std::string text;
  for (const double ms : times_ms)
    text += (text.empty() ? "" : ", ") + format_ms(ms);
  return text;
}

// The sizes of round `round` (0 first): the calls from round * sizes on.
std::vector<int> round_of(const fresh_rounds_call& call, int round) {
  const auto width = static_cast<std::ptrdiff_t>(call.sizes.size());
  const auto from = call.called_n.begin() + round * width;
  return {from, from + width};
}

// "64, 4, 1024; 4, 1024, 64": every round's order, as the calls ran.
std::string rounds_orders_text(const fresh_rounds_call& call) {
  std::string text;
  const int rounds =
      static_cast<int>(call.called_n.size() / std::max<std::size_t>(1, call.sizes.size()));
  for (int round = 0; round < rounds; ++round)
    text += (round == 0 ? "" : "; ") + rounds_sizes_text(round_of(call, round));
  return text;
}

// The times first_gemm returned for size n, in the order of the calls.
std::vector<double> returned_for(const fresh_rounds_call& call, int n) {
  std::vector<double> times;
  for (std::size_t i = 0; i < call.called_n.size() && i < call.returned_ms.size(); ++i) {
    if (call.called_n[i] == n)
      times.push_back(call.returned_ms[i]);
  }
  return times;
}

// The same number: the one the checker handed over, or its arithmetic done another way (equal
// but for rounding, relative to the number).
constexpr double exact = 1e-9;

bool same_ms(double reported, double truth) {
  return std::abs(reported - truth) <= exact * std::max(1.0, std::abs(truth));
}

bool same_times(const std::vector<double>& reported, const std::vector<double>& truth) {
  return reported.size() == truth.size() &&
         std::equal(reported.begin(), reported.end(), truth.begin(), same_ms);
}

bool is_permutation_of_sizes(const fresh_rounds_call& call, std::vector<int> ran) {
  std::vector<int> sizes = call.sizes;
  std::sort(sizes.begin(), sizes.end());
  std::sort(ran.begin(), ran.end());
  return ran == sizes;
}

// The calls of first_gemm: how many, which sizes, each round every size once, in a new order.
bool fail_for_calls(check_outcome& outcome, const fresh_rounds_call& call, int calls_made) {
  const std::string sizes = rounds_sizes_text(call.sizes);
  const std::string processes = std::to_string(call.processes);
  const std::size_t asked = call.sizes.size() * static_cast<std::size_t>(call.processes);
  const std::string calls = std::to_string(call.called_n.size());
  if (call.called_n.empty() && call.reported.empty()) {
    outcome.measured = say("check.l02.rounds.nothing.measured");
    outcome.message = say("check.l02.rounds.nothing.message");
    outcome.hint = say("check.l02.rounds.nothing.hint");
    return true;
  }
  if (call.called_n.size() != asked) {
    outcome.measured = say("check.l02.rounds.count.measured", {{"calls", calls}});
    outcome.message =
        say("check.l02.rounds.count.message", {{"calls", calls},
                                               {"count", std::to_string(call.sizes.size())},
                                               {"processes", processes},
                                               {"asked", std::to_string(asked)}});
    outcome.hint = say("check.l02.rounds.count.hint");
    return true;
  }
  for (const int n : call.called_n) {
    if (std::find(call.sizes.begin(), call.sizes.end(), n) == call.sizes.end()) {
      outcome.measured = say("check.l02.rounds.unknown.measured", {{"n", std::to_string(n)}});
      outcome.message =
          say("check.l02.rounds.unknown.message", {{"n", std::to_string(n)}, {"sizes", sizes}});
      outcome.hint = say("check.l02.rounds.unknown.hint");
      return true;
    }
  }
  for (int round = 0; round < call.processes; ++round) {
    const std::vector<int> ran = round_of(call, round);
    if (!is_permutation_of_sizes(call, ran)) {
      const std::string ran_text = rounds_sizes_text(ran);
      outcome.measured = say("check.l02.rounds.round.measured",
                             {{"round", std::to_string(round + 1)}, {"ran", ran_text}});
      outcome.message =
          say("check.l02.rounds.round.message",
              {{"round", std::to_string(round + 1)}, {"ran", ran_text}, {"sizes", sizes}});
      outcome.hint = say("check.l02.rounds.round.hint");
      return true;
    }
  }
  if (rounds_in_one_order(call)) {
    const std::string order = rounds_sizes_text(round_of(call, 0));
    outcome.measured = say("check.l02.rounds.one-order.measured", {{"order", order}});
    outcome.message =
        say("check.l02.rounds.one-order.message",
            {{"processes", processes}, {"order", order}, {"made", std::to_string(calls_made)}});
    outcome.hint = say("check.l02.rounds.one-order.hint");
    return true;
  }
  return false;
}

// The entries returned: one per size in the order of `sizes`, each with its times as first_gemm
// returned them, their median and their spread.
bool fail_for_entries(check_outcome& outcome, const fresh_rounds_call& call) {
  if (call.reported.size() != call.sizes.size()) {
    outcome.message =
        say("check.l02.rounds.entries.message", {{"entries", std::to_string(call.reported.size())},
                                                 {"count", std::to_string(call.sizes.size())}});
    outcome.hint = say("check.l02.rounds.entry-order.hint");
    return true;
  }
  for (std::size_t i = 0; i < call.sizes.size(); ++i) {
    const reported_first_gemms& entry = call.reported[i];
    const std::string n = std::to_string(call.sizes[i]);
    if (entry.n != call.sizes[i]) {
      outcome.message =
          say("check.l02.rounds.entry-n.message",
              {{"index", std::to_string(i)}, {"reported", std::to_string(entry.n)}, {"n", n}});
      outcome.hint = say("check.l02.rounds.entry-order.hint");
      return true;
    }
    const std::vector<double> truth = returned_for(call, call.sizes[i]);
    if (!same_times(entry.first_ms, truth)) {
      outcome.message =
          say("check.l02.rounds.times.message", {{"n", n},
                                                 {"reported", rounds_times_text(entry.first_ms)},
                                                 {"truth", rounds_times_text(truth)}});
      outcome.hint = say("check.l02.rounds.times.hint");
      return true;
    }
    const double median = median_first_ms(truth);
    const auto [shortest, longest] = std::minmax_element(truth.begin(), truth.end());
    const double spread = *longest - *shortest;
    // Each field holds the other's right value: a fact of the numbers, said as the swap it is.
    if (swapped_both_ways(entry.median_ms, median, entry.spread_ms, spread, exact)) {
      outcome.message =
          say("check.l02.rounds.swapped.message", {{"n", n},
                                                   {"median", format_ms(entry.median_ms)},
                                                   {"spread", format_ms(entry.spread_ms)},
                                                   {"times", rounds_times_text(truth)}});
      outcome.hint = say("check.l02.rounds.swapped.hint");
      outcome.slip = slip_id(slip_kind::swapped);
      outcome.states_what_was_seen = true;
      return true;
    }
    if (!same_ms(entry.median_ms, median)) {
      outcome.message =
          say("check.l02.rounds.median.message", {{"n", n},
                                                  {"reported", format_ms(entry.median_ms)},
                                                  {"times", rounds_times_text(truth)},
                                                  {"truth", format_ms(median)}});
      outcome.hint = say("check.l02.rounds.median.hint");
      return true;
    }
    if (!same_ms(entry.spread_ms, spread)) {
      outcome.message =
          say("check.l02.rounds.spread.message", {{"n", n},
                                                  {"reported", format_ms(entry.spread_ms)},
                                                  {"times", rounds_times_text(truth)},
                                                  {"truth", format_ms(spread)}});
      outcome.hint = say("check.l02.rounds.spread.hint");
      return true;
    }
  }
  return false;
}

} // namespace

double median_first_ms(std::vector<double> times) {
  if (times.empty())
    return 0.0;
  std::sort(times.begin(), times.end());
  const std::size_t middle = times.size() / 2;
  return times.size() % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
}

bool rounds_in_one_order(const fresh_rounds_call& call) {
  if (call.processes < 2 || call.sizes.size() < 2 ||
      call.called_n.size() != call.sizes.size() * static_cast<std::size_t>(call.processes))
    return false;
  const std::vector<int> first = round_of(call, 0);
  if (!is_permutation_of_sizes(call, first))
    return false;
  for (int round = 1; round < call.processes; ++round) {
    if (round_of(call, round) != first)
      return false;
  }
  return true;
}

check_outcome judge_fresh_rounds(const fresh_rounds_call& call, int calls_made,
                                 const std::string& section) {
  check_outcome outcome;
  outcome.name = say("check.l02.rounds.name");
  outcome.expected =
      say("check.l02.rounds.expected", {{"count", std::to_string(call.sizes.size())},
                                        {"processes", std::to_string(call.processes)},
                                        {"sizes", rounds_sizes_text(call.sizes)}});
  outcome.measured = say("check.l02.rounds.measured", {{"orders", rounds_orders_text(call)}});
  outcome.lesson_section = section;
  outcome.noise_could_explain = false; // which calls were made, and what they returned, are facts
  if (fail_for_calls(outcome, call, calls_made) || fail_for_entries(outcome, call)) {
    outcome.states_what_was_seen = true; // the calls made and the entries returned, read back
    return outcome;
  }
  outcome.passed = true;
  return outcome;
}

} // namespace gpucheck
