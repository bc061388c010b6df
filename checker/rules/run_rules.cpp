// SPDX-License-Identifier: MIT
#include "rules/run_rules.hpp"

#include "rules/detail/rule_input.hpp"
#include "rules/timed_intervals.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <utility>

namespace gpucheck::rules {
namespace {

using detail::rule_function;

constexpr std::array<std::pair<std::string_view, rule_function>, 10> rule_functions{{
    {"unsynced-stop", detail::check_unsynced_stop},
    {"stale-queue", detail::check_stale_queue},
    {"cold-start", detail::check_cold_start},
    {"event-stream-mismatch", detail::check_event_stream_mismatch},
    {"event-not-complete", detail::check_event_not_complete},
    {"event-timing-disabled", detail::check_event_timing_disabled},
    {"cpu-time-clock", detail::check_cpu_time_clock},
    {"setup-in-region", detail::check_setup_in_region},
    {"below-resolution", detail::check_below_resolution},
    {"sync-other-stream", detail::check_sync_other_stream},
}};

// Intervals from the same place in the program: the same two sites, or the same two events.
auto place_of(const finding& f) {
  const timed_interval& i = f.interval;
  return std::make_tuple(f.rule, static_cast<int>(i.how), i.tid, i.clock, i.start_site, i.stop_site,
                         i.start_event, i.stop_event);
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

template <typename Each>
std::vector<finding> run_with_input(const trace::run_trace& trace, const rule_options& options,
                                    Each each) {
  const detail::trace_index index(trace);
  std::vector<detail::interval_facts> facts;
  for (const timed_interval& interval : find_timed_intervals(trace)) {
    facts.push_back(detail::analyze_interval(index, interval));
  }
  const detail::rule_input input{index, facts, options};
  std::vector<finding> findings = each(input);
  std::stable_sort(findings.begin(), findings.end(), [](const finding& a, const finding& b) {
    return std::tie(a.interval.start_ns, a.rule) < std::tie(b.interval.start_ns, b.rule);
  });
  if (options.merge_repeats && !findings.empty())
    findings = merge_repeats(std::move(findings));
  return findings;
}

} // namespace

std::vector<finding> run_rules(const trace::run_trace& trace, const rule_options& options) {
  return run_with_input(trace, options, [](const detail::rule_input& input) {
    std::vector<finding> all;
    for (const auto& [id, function] : rule_functions) {
      std::vector<finding> found = function(input);
      all.insert(all.end(), std::make_move_iterator(found.begin()),
                 std::make_move_iterator(found.end()));
    }
    return all;
  });
}

std::vector<finding> run_rule(std::string_view rule_id, const trace::run_trace& trace,
                              const rule_options& options) {
  for (const auto& [id, function] : rule_functions) {
    if (id == rule_id)
      return run_with_input(trace, options, function);
  }
  if (rule_id == "submission-only")
    return describe_intended_intervals(trace, options);
  return {};
}

std::vector<finding> describe_intended_intervals(const trace::run_trace& trace,
                                                 const rule_options& options) {
  return run_with_input(trace, options, detail::describe_submission_only);
}

} // namespace gpucheck::rules
