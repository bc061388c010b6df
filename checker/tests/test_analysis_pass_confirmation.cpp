// SPDX-License-Identifier: MIT
// A pass on a disturbed GPU is confirmed by the trace of a replay (analysis/traced_check.cpp):
// noise can bring a wrong method's number within tolerance (a copy timed with events on the legacy
// stream), the trace still shows the method. Judged on the diagnosis corpus's traces (recorded on
// an H200), each shown call taken as a pass: a correct submission's passes all stand; a submission
// whose mistake is in its method (an error the trace reads from what the code did), or whose number
// is the measured one through a slip the trace names exactly (returned-value: another unit,
// truncated, a divisor one off), has its function's passes refuted, by its own rule; a warning
// refutes nothing.
#include "analysis/lesson_diagnosis.hpp"
#include "core/noise_judgement.hpp"
#include "diagnosis_corpus.hpp"
#include "messages/messages.hpp"
#include "report/gradescope_report.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"
#include "rules/registry.hpp"
#include "trace_model/read_trace.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

// A submission's "// expect FUNCTION RULE [WORD] [@LINE,...]" line; all empty for a pass.
struct mistake {
  std::string function;
  std::string rule;
  std::set<int> lines;
};

mistake expected_mistake(const fs::path& source) {
  std::ifstream file(source);
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("// expect ", 0) != 0)
      continue;
    std::istringstream words(line.substr(10));
    mistake m;
    words >> m.function >> m.rule;
    if (m.function == "pass")
      return {};
    for (std::string word; words >> word;) {
      if (word[0] != '@')
        continue;
      std::istringstream numbers(word.substr(1));
      for (std::string n; std::getline(numbers, n, ',');)
        m.lines.insert(std::stoi(n));
    }
    return m;
  }
  FAIL("no // expect line in " << source);
  return {};
}

// Whether the submission says that its replay, taken as a pass, cannot show its mistake
// ("// not refuted as a pass: WHY", anywhere in the file): a loop timed on the host whose traced
// replay ran at the pace of the tracer's slowed calls, so that its number came out right.
bool marked_not_refuted(const fs::path& source) {
  std::ifstream file(source);
  for (std::string line; std::getline(file, line);)
    if (line.rfind("// not refuted as a pass: ", 0) == 0)
      return true;
  return false;
}

// A check of another function whose call runs the mistaken one (a comparison of two copies that
// times each with the student's own copy timer) shows the same mistake: refuted by the same rule,
// at one of the mistake's own lines.
bool same_mistake_through_a_caller(const check_item& refuted, const mistake& expected) {
  return refuted.rule == expected.rule &&
         std::any_of(refuted.lines.begin(), refuted.lines.end(),
                     [&](const source_ref& at) { return expected.lines.count(at.line) != 0; });
}

// The window of a passed call: its own numbers, no failed run's.
rules::call_window passed_window(const trace::checked_call& call) {
  return {call.begin_ns, call.end_ns, call.tid, call.reported_ms,
          call.truth_ms, 0,           0,        call.per_run};
}

check_item passed_item(const std::string& name) {
  check_item item;
  item.name = name;
  item.passed = true;
  item.message = "within 5% of the truth";
  item.lesson_section = "lessons/44-two-clocks/lesson.md#method-2-cuda-events";
  return item;
}

// The rules whose finding refutes a pass, from the registry: every error (returned-value where it
// names its slip, as each of the corpus's returned-value submissions says it does).
std::set<std::string> method_rules() {
  std::set<std::string> ids;
  for (const rules::rule_info& rule : rules::all_rules())
    if (rule.level == rules::severity::error)
      ids.insert(std::string(rule.id));
  return ids;
}

} // namespace

TEST_CASE("on the diagnosis corpus, only a wrong method's passes are refuted, by its own rule") {
  int correct = 0;
  int wrong_methods = 0;
  for (const test::corpus_submission& submission : test::diagnosis_corpus()) {
    CAPTURE(submission.source);
    if (submission.listed_unrecorded)
      continue; // no trace yet: test_analysis_diagnosis holds it to its list
    const mistake expected = expected_mistake(submission.source);
    const std::string& function = expected.function;
    const std::string& rule = expected.rule;
    auto read = trace::read_trace_file(submission.trace_file);
    REQUIRE_MESSAGE(read.ok(), read.error);
    int refuted = 0;
    for (const trace::checked_call& call : read.trace->checked_calls) {
      CAPTURE(call.check);
      // A number slip fails its own check whatever the GPU did (slip_analysis.hpp): that call is
      // never a pass to confirm. Every other call of the submission still must not be refuted.
      if (rule == "slip" && !function.empty() && call.check.rfind(function, 0) == 0)
        continue;
      check_item item = passed_item(call.check);
      const bool was_refuted = analysis::refute_passed_check(
          item, analysis::diagnose_call(*read.trace, passed_window(call)));
      CHECK(was_refuted == !item.passed);
      if (!was_refuted)
        continue;
      ++refuted;
      CAPTURE(item.message);
      // The mistaken function's check, or one whose call runs it; no other.
      CHECK((call.check.rfind(function, 0) == 0 || same_mistake_through_a_caller(item, expected)));
      CHECK(item.rule == rule);
      CHECK(item.why_from == "trace");
      CHECK(item.message.find(messages::text("report.pass-on-disturbed-gpu")) != std::string::npos);
    }
    if (function.empty()) {
      ++correct;
      CHECK(refuted == 0);
    } else if (method_rules().count(rule) != 0 && marked_not_refuted(submission.source)) {
      CHECK(refuted == 0); // the limit it names: if a change lifts it, take the line out
    } else if (method_rules().count(rule) != 0) {
      ++wrong_methods;
      CHECK(refuted > 0);
    } else {
      CHECK(refuted == 0); // a warning, or a slip the numbers alone show: the check judges it
    }
  }
  CHECK(correct >= 3);
  CHECK(wrong_methods >= 18); // 8 method errors and 10 named returned-value slips at least
}

TEST_CASE("a refuted pass turns the run's verdict to wrong, with the advice that says why") {
  check_report report;
  report.verdict = exit_code::pass;
  report.noise_reasons = {"another process computed on the GPU before the checks"};
  report.checks = {passed_item("time_with_events times the work"), passed_item("warm-up")};
  rules::finding found;
  found.rule = "event-stream-mismatch";
  found.level = rules::severity::error;
  found.message = "the events were recorded on the legacy default stream";
  found.hint = "record the events on the stream that carries the work";

  SUBCASE("a returned-value slip named exactly refutes it: no noise sums per-launch times") {
    rules::finding summed = found;
    summed.rule = "returned-value";
    summed.exact_slip = true;
    REQUIRE(analysis::refute_passed_check(report.checks[0], {summed}));
    CHECK(report.checks[0].rule == "returned-value");
    CHECK_FALSE(report.checks[0].noise_could_explain);
    revise_noise_judgement(report, 1);
    CHECK(report.verdict == exit_code::wrong);
  }
  SUBCASE("a warning or a number slip leaves the pass standing") {
    rules::finding warning = found;
    warning.rule = "setup-in-region";
    warning.level = rules::severity::warning;
    rules::finding slip = found;
    slip.rule = "returned-value";
    CHECK_FALSE(analysis::refute_passed_check(report.checks[0], {warning, slip}));
    revise_noise_judgement(report, 0);
    CHECK(report.verdict == exit_code::pass);
    CHECK(report.checks[0].passed);
  }
  SUBCASE("an error in the method refutes it, ahead of a number slip") {
    rules::finding slip = found;
    slip.rule = "returned-value";
    REQUIRE(analysis::refute_passed_check(report.checks[0], {slip, found}));
    CHECK(report.checks[0].rule == "event-stream-mismatch");
    CHECK_FALSE(report.checks[0].noise_could_explain);
    revise_noise_judgement(report, 1);
    CHECK(report.verdict == exit_code::wrong);
    CHECK(report.headline == messages::text("headline.failed", {{"failed", "1"}, {"total", "2"}}));
    CHECK(report.advice == messages::text("advice.pass-refuted"));
    CHECK(report.checks[1].passed);
  }
  SUBCASE("beside a failure that noise excused, a refuted pass makes the run wrong") {
    // A copy timed on the legacy stream, on an H200 beside another process: its bandwidth check
    // passed, its speed check failed inconclusively.
    report.checks[1].passed = false;
    report.checks[1].noise_could_explain = true;
    report.verdict = exit_code::inconclusive;
    REQUIRE(analysis::refute_passed_check(report.checks[0], {found}));
    revise_noise_judgement(report, 1);
    CHECK(report.verdict == exit_code::wrong);
    CHECK(report.headline == messages::text("headline.failed", {{"failed", "2"}, {"total", "2"}}));
    CHECK(report.advice == messages::text("advice.disturbed-but-wrong"));
  }
  SUBCASE("beside a failure, a refuted pass is counted in the headline") {
    report.checks[1].passed = false;
    report.verdict = exit_code::wrong;
    report.headline = messages::text("headline.failed", {{"failed", "1"}, {"total", "2"}});
    REQUIRE(analysis::refute_passed_check(report.checks[0], {found}));
    revise_noise_judgement(report, 1);
    CHECK(report.verdict == exit_code::wrong);
    CHECK(report.headline == messages::text("headline.failed", {{"failed", "2"}, {"total", "2"}}));
  }
  SUBCASE("a failed check is not the business of refutation") {
    report.checks[0].passed = false;
    report.checks[0].message = "its own words";
    CHECK_FALSE(analysis::refute_passed_check(report.checks[0], {found}));
    CHECK(report.checks[0].message == "its own words");
  }
}

TEST_CASE("the report says how many passes the trace confirmed, in every renderer") {
  check_report report;
  report.lesson_folder = "47-copies";
  report.verdict = exit_code::pass;
  report.headline = "All 3 checks passed.";
  report.noise_reasons = {"1 other process(es) were computing on the GPU before the checks"};
  report.checks = {passed_item("a"), passed_item("b"), passed_item("c")};
  const std::string line = messages::text("report.passes-confirmed", {{"count", "2"}});
  REQUIRE(line.find('2') != std::string::npos);

  CHECK(render_terminal(report, terminal_style{false}).find(line) == std::string::npos);
  CHECK(nlohmann::json::parse(render_json(report))["passes_confirmed_by_trace"] == 0);
  CHECK(nlohmann::json::parse(render_json(report))["checks"][0]["call_shown"] == false);
  report.checks[0].call.begin_ns = 1000;
  report.checks[0].call.end_ns = 2000;
  CHECK(nlohmann::json::parse(render_json(report))["checks"][0]["call_shown"] == true);
  report.passes_confirmed = 2;
  CHECK(render_terminal(report, terminal_style{false}).find(line) != std::string::npos);
  CHECK(nlohmann::json::parse(render_json(report))["passes_confirmed_by_trace"] == 2);
  CHECK(render_gradescope(report).find(line) != std::string::npos);
}
