// SPDX-License-Identifier: MIT
#include "analysis/lesson_diagnosis.hpp"

#include "analysis/traced_analysis.hpp"
#include "messages/messages.hpp"
#include "rules/registry.hpp"
#include "rules/rule_options.hpp"

#include <algorithm>
#include <filesystem>

namespace gpucheck::analysis {

rules::call_window window_of(const check_item::shown_call& call) {
  rules::call_window window;
  window.begin_ns = call.begin_ns;
  window.end_ns = call.end_ns;
  window.tid = call.tid;
  window.reported_ms = call.reported_ms;
  window.truth_ms = call.truth_ms;
  window.per_run = call.per_run;
  return window;
}

std::vector<rules::finding> diagnose_call(const trace::run_trace& trace,
                                          const rules::call_window& window,
                                          const rules::learn_links& learn) {
  rules::rule_options options;
  options.learn = learn;
  options.mode = rules::rule_options::context::lesson;
  options.window = window;
  options.merge_repeats = false;
  // The check has already failed, against a tolerance of a few percent of the work: a smaller
  // effect than lint's 5% can be its cause (a 0.24 ms sleep left in a 4 ms timing).
  options.min_effect_fraction = 0.02;
  options.min_effect_ns = 20'000; // [ns] = 20 us
  rules::rule_results results = analyze(trace, options);
  std::vector<rules::finding> findings = std::move(results.findings);
  // A clock of CPU time decides the why whatever else the call did: every number a lesson asks
  // for is a time that passes, and the other findings describe a measurement it never made.
  const auto cpu_time_clock = [](const rules::finding& f) { return f.rule == "cpu-time-clock"; };
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const rules::finding& a, const rules::finding& b) {
                     if (cpu_time_clock(a) != cpu_time_clock(b))
                       return cpu_time_clock(a);
                     const bool a_error = a.level == rules::severity::error;
                     const bool b_error = b.level == rules::severity::error;
                     if (a_error != b_error)
                       return a_error;
                     return a.effect_ns > b.effect_ns;
                   });
  return findings;
}

std::vector<source_ref> lines_of(const rules::finding& finding) {
  std::vector<source_ref> lines;
  const auto add = [&](const char* role, const trace::source_line& where) {
    if (where.line == 0 && where.function.empty())
      return;
    for (const source_ref& known : lines) {
      if (known.file == where.file && known.line == where.line && where.line != 0)
        return; // one line named once, in its first role
    }
    lines.push_back({role, where.file, where.line, where.function, where.text});
  };
  add("site", finding.blamed_at);
  add("start", finding.start_at);
  add("stop", finding.stop_at);
  return lines;
}

namespace {

// The trace's findings named after a why that is not theirs, the returned number's own
// (returned-value) left out: the slip already says what the number is.
std::string also_findings(const std::vector<rules::finding>& findings, const std::string& first) {
  std::string also;
  for (const rules::finding& finding : findings) {
    if (finding.rule != first && finding.rule != "returned-value" &&
        finding.level == rules::severity::error)
      also += messages::text("report.also-finding",
                             {{"rule", finding.rule}, {"message", finding.message}});
  }
  return also;
}

// A slip the check's numbers prove exactly (item.slip) is the why: the number is what the slip
// makes of the right one, whatever else the trace shows. Its lines are where the number was
// produced (returned-value's, when the trace found it); the trace's errors are named after it.
void keep_slip_as_why(check_item& item, const std::vector<rules::finding>& findings) {
  const auto returned = std::find_if(findings.begin(), findings.end(),
                                     [](const auto& f) { return f.rule == "returned-value"; });
  if (returned != findings.end())
    item.lines = lines_of(*returned);
  const std::string also = also_findings(findings, "");
  if (!also.empty()) {
    std::string message = item.message;
    const std::string full_stop = messages::text("report.sentence-end");
    if (message.ends_with(full_stop))
      message.resize(message.size() - full_stop.size());
    item.message = message + also + full_stop;
  }
  item.rule.clear();
  item.why_from = "relation";
}

} // namespace

void explain_failed_check(check_item& item, const std::vector<rules::finding>& findings) {
  if (item.passed)
    return;
  // A clock of CPU time decides the why whatever the number (diagnose_call puts it first);
  // otherwise an exact slip of the number does (docs/ARCHITECTURE.md, "Which why wins").
  const bool cpu_time_clock = !findings.empty() && findings.front().rule == "cpu-time-clock";
  if (!item.slip.empty() && !cpu_time_clock) {
    keep_slip_as_why(item, findings);
    return;
  }
  if (findings.empty()) {
    if (item.message.empty())
      return;
    if (item.seen) {
      // What the check saw the code do is the why as it is: nothing was inferred.
      item.why_from = "seen";
      return;
    }
    if (item.only_how_far_off) {
      // Neither the trace nor an exact relation between the numbers shows a cause: say so, with
      // the numbers, and no guess (issue 42, item 7).
      item.message = messages::text("report.why-undetermined", {{"why", item.message}});
      item.hint = messages::text("report.why-undetermined.hint");
      item.why_from = "undetermined";
      return;
    }
    item.why_from = "numbers";
    return;
  }
  const rules::finding& first = findings.front();
  std::string message = first.message;
  for (std::size_t i = 1; i < findings.size(); ++i) {
    if (findings[i].rule != first.rule)
      message += messages::text("report.also-finding",
                                {{"rule", findings[i].rule}, {"message", findings[i].message}});
  }
  // The rules' sentences end here, in the student's language ("." or "。").
  const std::string full_stop = messages::text("report.sentence-end");
  item.message = message + full_stop;
  item.hint = first.hint;
  if (!item.hint.empty())
    item.hint[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(item.hint[0])));
  if (!item.hint.empty() && !item.hint.ends_with(".") && !item.hint.ends_with(full_stop))
    item.hint += full_stop;
  // The check's own section when it teaches the same rule, or when the rule says that a check's
  // own section teaches its fix (rules/registry.hpp); else the rule's.
  const rules::rule_info* rule = rules::find_rule(first.rule);
  const bool own_section_teaches_it =
      item.rule == first.rule || (rule != nullptr && rule->check_section_teaches_it);
  if (!own_section_teaches_it || item.lesson_section.empty())
    item.lesson_section = first.lesson;
  item.rule = first.rule;
  item.lines = lines_of(first);
  item.why_from = "trace";
  // A mistake the trace shows is no accident of a busy GPU; a warning (setup, a cold start) may
  // come with a failure that noise caused, so it leaves the judgement of noise as it was.
  if (first.level == rules::severity::error)
    item.noise_could_explain = false;
}

namespace {

// A mistake in the method: an error other than returned-value (which weighs the number returned
// against the one measured, and the check has judged that number), or a returned-value error that
// names its slip exactly (a loop's launches timed one by one and summed: no noise makes that).
bool is_method_error(const rules::finding& finding) {
  return finding.level == rules::severity::error &&
         (finding.rule != "returned-value" || finding.exact_slip);
}

} // namespace

bool refutes_pass(const std::vector<rules::finding>& findings) {
  return std::any_of(findings.begin(), findings.end(), is_method_error);
}

bool refute_passed_check(check_item& item, const std::vector<rules::finding>& findings) {
  if (!item.passed || !refutes_pass(findings))
    return false;
  // The error that refutes it comes first (diagnose_call's order puts errors first, but a
  // returned-value error may lead).
  std::vector<rules::finding> ordered = findings;
  std::stable_partition(ordered.begin(), ordered.end(), is_method_error);
  item.passed = false;
  explain_failed_check(item, ordered);
  item.message += messages::text("report.pass-on-disturbed-gpu");
  return true;
}

} // namespace gpucheck::analysis
