// SPDX-License-Identifier: MIT
// cold-start: the timed interval includes context creation, module loading (resource records,
// attributed to the api call they happened in), a library handle's creation, a library's first
// use of the run (cuBLAS, cuFFT, cuRAND... by the library that made the calls; a thrust or CUB
// kernel's first launch) or a run-time compilation (NVRTC). Effect: the host time of those, as
// far as it added to the measured number.
#include "messages/messages.hpp"
#include "rules/api_names.hpp"
#include "rules/detail/overhead.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {

namespace {

// The start-up work inside one interval: the calls that did it, one description per item, and
// the host time it took.
struct cold_work {
  std::vector<const trace::api_call*> calls;
  std::vector<std::string> what;
  std::vector<std::pair<trace::time_ns, trace::time_ns>> spans;

  bool add_call(const trace::api_call* call) {
    if (std::find(calls.begin(), calls.end(), call) != calls.end())
      return false;
    calls.push_back(call);
    return true;
  }
  bool covers(const trace::api_call* call) const {
    return std::any_of(spans.begin(), spans.end(), [&](const auto& span) {
      return span.first <= call->start_ns && call->end_ns <= span.second;
    });
  }
};

std::string first_use_description(const library_use& use, const trace::api_call& first) {
  if (use.library == "thrust/CUB")
    return messages::text("cold-start.first-thrust-launch", {{"kernel", first.kernel}});
  return messages::text("cold-start.first-library-call", {{"library", use.library}});
}

// A library's first use of the run inside the interval: its first launch of the run is in it
// (for thrust and CUB, that kernel's first launch). It counts from the first of the calls the
// library made in a row up to that launch (cuBLAS's first GEMM loads its kernels, sets their
// attributes and queries them there, after its handle was created with no launch) to the end of
// the launch (a thrust or CUB kernel, compiled into the program, loads inside its own launch). A
// run-time compilation (NVRTC) is start-up work every time.
void add_library_first_uses(const rule_input& input, const interval_facts& facts, cold_work& cold) {
  std::vector<const trace::api_call*> calls = facts.calls;
  std::stable_sort(
      calls.begin(), calls.end(),
      [](const trace::api_call* a, const trace::api_call* b) { return a->start_ns < b->start_ns; });
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const trace::api_call* call = calls[i];
    const library_use use = library_use_of(*call);
    if (use.key.empty())
      continue;
    if (is_runtime_compilation(call->name)) {
      cold.add_call(call);
      cold.what.push_back(messages::text("cold-start.compilation", {{"call", call->name}}));
      cold.spans.emplace_back(call->start_ns, call->end_ns);
      continue;
    }
    if (!is_launch(call->name) || input.index.first_library_launch(use.key, call->tid) != call)
      continue; // not the library's first launch of the run: warm
    std::size_t first = i;
    while (first > 0 && library_use_of(*calls[first - 1]).library == use.library &&
           !use.library.empty() && !calls[first - 1]->from_program())
      --first;
    for (std::size_t j = first; j <= i; ++j)
      cold.add_call(calls[j]);
    cold.what.push_back(first_use_description(use, *call));
    cold.spans.emplace_back(calls[first]->start_ns, call->end_ns);
  }
}

cold_work find_cold_work(const rule_input& input, const interval_facts& facts) {
  cold_work cold;
  add_library_first_uses(input, facts, cold);
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
    const bool in_first_use = cold.covers(enclosing); // named by the library's first use
    if (cold.add_call(enclosing) && !in_first_use) {
      cold.what.push_back(messages::text(context ? "cold-start.context-in" : "cold-start.module-in",
                                         {{"call", enclosing->name}}));
      cold.spans.emplace_back(enclosing->start_ns, enclosing->end_ns);
    }
  }
  for (const trace::api_call* call : facts.calls) {
    const bool handle = is_library_handle_creation(call->name);
    if (!handle && !is_module_load(call->name))
      continue;
    const bool in_first_use = cold.covers(call);
    if (cold.add_call(call) && !in_first_use) {
      cold.what.push_back(handle ? call->name
                                 : messages::text("cold-start.module-in", {{"call", call->name}}));
      cold.spans.emplace_back(call->start_ns, call->end_ns);
    }
  }
  return cold;
}

} // namespace

std::vector<const trace::api_call*> cold_calls(const rule_input& input, const interval_facts& facts,
                                               std::vector<std::string>* what) {
  cold_work cold = find_cold_work(input, facts);
  if (what != nullptr)
    what->insert(what->end(), cold.what.begin(), cold.what.end());
  return cold.calls;
}

std::vector<finding> check_cold_start(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    if (facts.cpu_only())
      continue; // timing the start-up itself is a fine thing to do
    const cold_work cold = find_cold_work(input, facts);
    if (cold.calls.empty())
      continue;
    const timed_interval& interval = facts.interval;
    const trace::time_ns effect_ns = added_by_calls_ns(facts, union_length_ns(cold.spans));
    if (!is_material(effect_ns, interval.measured_ns, input.options))
      continue;
    std::string list;
    for (const std::string& item : cold.what)
      list += (list.empty() ? "" : messages::text("list.separator")) + item;
    std::string message = messages::text(
        "cold-start.why", {{"effect", format_duration(effect_ns)},
                           {"what", list},
                           {"percent", format_percent(effect_ns, interval.measured_ns)},
                           {"measured", format_duration(interval.measured_ns)}});
    std::string hint = messages::text("cold-start.fix");
    finding found = make_finding("cold-start", interval, effect_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    // The program's own call where there is one (a library's calls carry no site).
    const auto with_site =
        std::find_if(cold.calls.begin(), cold.calls.end(),
                     [](const trace::api_call* call) { return !call->site.empty(); });
    found.blamed_site = (with_site != cold.calls.end() ? *with_site : cold.calls.front())->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
