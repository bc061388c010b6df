// SPDX-License-Identifier: MIT
// cold-start: the timed interval includes context creation, module loading (resource records,
// attributed to the api call they happened in) or a library handle's creation. Effect: the time
// of those calls, as far as it added to the measured number.
#include "rules/api_names.hpp"
#include "rules/detail/overhead.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {

std::vector<const trace::api_call*> cold_calls(const rule_input& input, const interval_facts& facts,
                                               std::vector<std::string>* what) {
  std::vector<const trace::api_call*> calls;
  auto add = [&](const trace::api_call* call, std::string description) {
    if (std::find(calls.begin(), calls.end(), call) != calls.end())
      return;
    calls.push_back(call);
    if (what != nullptr)
      what->push_back(std::move(description));
  };
  for (const trace::resource_event& resource : input.trace().resources) {
    if (resource.tid != facts.interval.tid || resource.t_ns < facts.host_begin_ns ||
        resource.t_ns > facts.host_end_ns) {
      continue;
    }
    const bool context = resource.what == "context_created";
    if (!context && resource.what != "module_loaded")
      continue;
    const trace::api_call* enclosing = nullptr; // the outermost call it happened in
    for (const trace::api_call* call : facts.calls) {
      if (call->start_ns <= resource.t_ns && resource.t_ns <= call->end_ns &&
          (enclosing == nullptr || call->start_ns < enclosing->start_ns)) {
        enclosing = call;
      }
    }
    if (enclosing == nullptr)
      continue;
    add(enclosing,
        std::string(context ? "context creation" : "module loading") + " in " + enclosing->name);
  }
  for (const trace::api_call* call : facts.calls) {
    if (is_library_handle_creation(call->name))
      add(call, call->name);
    else if (is_module_load(call->name))
      add(call, "module loading in " + call->name);
  }
  return calls;
}

std::vector<finding> check_cold_start(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    if (facts.cpu_only())
      continue; // timing the start-up itself is a fine thing to do
    std::vector<std::string> what;
    const std::vector<const trace::api_call*> calls = cold_calls(input, facts, &what);
    if (calls.empty())
      continue;
    const timed_interval& interval = facts.interval;
    const trace::time_ns effect_ns = added_by_calls_ns(facts, union_of_calls_ns(calls));
    if (!is_material(effect_ns, interval.measured_ns, input.options))
      continue;
    std::string list;
    for (const std::string& item : what)
      list += (list.empty() ? "" : ", ") + item;
    std::string message = "the interval includes " + format_duration(effect_ns) +
                          " of one-time start-up (" + list + "), " +
                          format_percent(effect_ns, interval.measured_ns) +
                          " of what you measured (" + format_duration(interval.measured_ns) + ")";
    std::string hint = "warm up before you time: make one untimed call first (launch the kernel "
                       "once, create library handles) and synchronize, then start the clock";
    finding found = make_finding("cold-start", interval, effect_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    found.blamed_site = calls.front()->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
