// SPDX-License-Identifier: MIT
// setup-in-region: one-time setup inside a timed interval (allocation or freeing, creating or
// destroying streams, events or handles, loading modules). Copies are not setup. Calls that did
// start-up work are cold-start's. Effect: the setup calls' time, as far as it added to the number.
#include "messages/messages.hpp"
#include "rules/api_names.hpp"
#include "rules/detail/overhead.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>
#include <map>

namespace gpucheck::rules::detail {

std::vector<finding> check_setup_in_region(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    if (facts.cpu_only())
      continue;
    const std::vector<const trace::api_call*> cold = cold_calls(input, facts, nullptr);
    std::vector<const trace::api_call*> setup;
    std::map<std::string, int> count_by_name;
    for (const trace::api_call* call : facts.calls) {
      if (!call->from_program() || !is_setup_call(call->name))
        continue;
      if (std::find(cold.begin(), cold.end(), call) != cold.end())
        continue;
      setup.push_back(call);
      ++count_by_name[call->name];
    }
    if (setup.empty())
      continue;
    const timed_interval& interval = facts.interval;
    const trace::time_ns effect_ns = added_by_calls_ns(facts, union_of_calls_ns(setup));
    if (!is_material(effect_ns, interval.measured_ns, input.options))
      continue;
    std::string list;
    for (const auto& [name, count] : count_by_name) {
      list += (list.empty() ? "" : ", ") + name + (count > 1 ? " x" + std::to_string(count) : "");
    }
    std::string message = messages::text(
        "setup-in-region.why", {{"effect", format_duration(effect_ns)},
                                {"calls", list},
                                {"percent", format_percent(effect_ns, interval.measured_ns)},
                                {"measured", format_duration(interval.measured_ns)}});
    std::string hint = messages::text("setup-in-region.fix");
    finding found = make_finding("setup-in-region", interval, effect_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    const auto longest = std::max_element(setup.begin(), setup.end(), [](auto* a, auto* b) {
      return a->end_ns - a->start_ns < b->end_ns - b->start_ns;
    });
    found.blamed_site = (*longest)->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
