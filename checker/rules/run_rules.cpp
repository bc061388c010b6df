// SPDX-License-Identifier: MIT
#include "rules/run_rules.hpp"

#include "rules/detail/rule_input.hpp"
#include "rules/timed_intervals.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace gpucheck::rules {
namespace {

// Intervals from the same place in the program: the same two sites, or the same two events.
auto place_of(const finding& f) {
  return std::tuple_cat(std::make_tuple(f.rule), interval_place(f.interval));
}

std::vector<finding> merge_repeats(std::vector<finding> findings) {
  std::map<decltype(place_of(findings.front())), std::size_t> first_by_place;
  std::vector<finding> merged;
  for (finding& f : findings) {
    auto [it, inserted] = first_by_place.try_emplace(place_of(f), merged.size());
    if (inserted) {
      merged.push_back(std::move(f));
      continue;
    }
    finding& kept = merged[it->second];
    const int occurrences = kept.occurrences + f.occurrences;
    if (f.effect_ns > kept.effect_ns)
      kept = std::move(f);
    kept.occurrences = occurrences;
  }
  return merged;
}

std::vector<detail::interval_facts> facts_of(const detail::trace_index& index,
                                             const std::vector<timed_interval>& intervals) {
  std::vector<detail::interval_facts> facts;
  for (const timed_interval& interval : intervals)
    facts.push_back(detail::analyze_interval(index, interval));
  return facts;
}

template <typename Each>
std::vector<finding> run_on_facts(const detail::trace_index& index,
                                  const std::vector<detail::interval_facts>& facts,
                                  const rule_options& options, Each each) {
  const detail::rule_input input{index, facts, options};
  std::vector<finding> findings = each(input);
  std::stable_sort(findings.begin(), findings.end(), [](const finding& a, const finding& b) {
    return std::tie(a.interval.start_ns, a.rule) < std::tie(b.interval.start_ns, b.rule);
  });
  if (options.merge_repeats && !findings.empty())
    findings = merge_repeats(std::move(findings));
  for (finding& f : findings) {
    const auto link = options.learn.find(f.rule);
    f.lesson = link != options.learn.end() ? link->second : "";
  }
  return findings;
}

template <typename Each>
std::vector<finding> run_with_input(const trace::run_trace& trace, const rule_options& options,
                                    Each each) {
  const detail::trace_index index(trace);
  const auto facts = facts_of(index, find_timed_intervals(trace, options.window));
  return run_on_facts(index, facts, options, each);
}

// host-gap says where the time went when nothing else explains it: on an interval that another
// rule already explains, it is left out (a host copy into a staging buffer beside a cudaMallocHost
// in the timing is the setup's story, not a second one).
bool explained_elsewhere(const finding& gap, const std::vector<finding>& all) {
  return std::any_of(all.begin(), all.end(), [&](const finding& other) {
    return other.rule != "host-gap" && other.interval.start_ns == gap.interval.start_ns &&
           other.interval.tid == gap.interval.tid;
  });
}

// A mistake in a measurement the function measured and then left aside does not explain the
// number it returned: in a lesson's call, only the returned intervals' findings are kept.
bool on_any_of(const finding& f, const std::vector<const timed_interval*>& intervals) {
  return std::any_of(intervals.begin(), intervals.end(), [&](const timed_interval* interval) {
    return interval->tid == f.interval.tid && interval->start_ns == f.interval.start_ns &&
           interval->stop_ns == f.interval.stop_ns;
  });
}

std::vector<finding> every_rule(const detail::rule_input& input) {
  std::vector<finding> all;
  for (const rule_info& rule : all_rules()) {
    if (rule.level == severity::note)
      continue; // statements of fact, not mistakes: describe_intervals gives them
    std::vector<finding> found = rule.check(input);
    all.insert(all.end(), std::make_move_iterator(found.begin()),
               std::make_move_iterator(found.end()));
  }
  const std::vector<const timed_interval*> returned = detail::returned_intervals(input);
  std::vector<finding> kept;
  for (finding& f : all) {
    if (!returned.empty() && !on_any_of(f, returned))
      continue;
    if (f.rule != "host-gap" || !explained_elsewhere(f, all))
      kept.push_back(std::move(f));
  }
  return kept;
}

// The notes: statements of fact about an interval, never mistakes (severity::note).
std::vector<finding> statements_of_fact(const detail::rule_input& input) {
  std::vector<finding> notes = detail::describe_submission_only(input);
  std::vector<finding> calendar = detail::describe_calendar_clock(input);
  notes.insert(notes.end(), std::make_move_iterator(calendar.begin()),
               std::make_move_iterator(calendar.end()));
  return notes;
}

} // namespace

std::vector<finding> run_rules(const trace::run_trace& trace, const rule_options& options) {
  return run_with_input(trace, options, every_rule);
}

rule_results run_all_rules(const trace::run_trace& trace, const rule_options& options) {
  const detail::trace_index index(trace);
  rule_results results;
  results.intervals = find_timed_intervals(trace, options.window);
  const auto facts = facts_of(index, results.intervals);
  results.findings = run_on_facts(index, facts, options, every_rule);
  results.notes = run_on_facts(index, facts, options, statements_of_fact);
  return results;
}

std::vector<finding> run_rule(std::string_view rule_id, const trace::run_trace& trace,
                              const rule_options& options) {
  const rule_info* rule = find_rule(rule_id);
  return rule == nullptr ? std::vector<finding>{} : run_with_input(trace, options, rule->check);
}

std::vector<finding> describe_intervals(const trace::run_trace& trace,
                                        const rule_options& options) {
  return run_with_input(trace, options, statements_of_fact);
}

} // namespace gpucheck::rules
