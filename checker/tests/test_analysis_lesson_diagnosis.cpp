// SPDX-License-Identifier: MIT
// Which why wins (docs/ARCHITECTURE.md): a fact from the trace replaces the check's own words,
// with its lines; an error stops noise from excusing the failure, a warning does not; without a
// finding the check's words stay, marked as inferred. And the renderers show it.
#include "analysis/lesson_diagnosis.hpp"
#include "messages/messages.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"
#include "test_rules_support.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>

using namespace gpucheck;

namespace {

check_item failed_check() {
  check_item item;
  item.name = "time_with_device_sync returns the time of the work alone";
  item.passed = false;
  item.message = "your number includes 19.771 ms of other work (from the numbers)";
  item.hint = "Empty the queue before you start the clock.";
  item.rule = "stale-queue";
  item.lesson_section = "lessons/44-two-clocks/lesson.md#why-method-1-waits-for-earlier-work";
  item.noise_could_explain = true;
  return item;
}

rules::finding finding_of(const char* rule, rules::severity level, trace::time_ns effect_ns) {
  rules::finding f;
  f.rule = rule;
  f.level = level;
  f.effect_ns = effect_ns;
  f.message = std::string(rule) + " happened";
  f.hint = "do the right thing";
  f.lesson = "lessons/41-first-call/lesson.md#why-the-first-call-is-slow";
  f.blamed_at = {"/course/exercise.cu", 23, "time_with_device_sync",
                 "CUDA_CHECK(cudaStreamSynchronize(stream));"};
  f.start_at = {"/course/exercise.cu", 21, "time_with_device_sync", "auto start = now();"};
  return f;
}

} // namespace

TEST_CASE("a fact from the trace becomes the why, with its lines and rule") {
  check_item item = failed_check();
  analysis::explain_failed_check(
      item, {finding_of("host-gap", rules::severity::error, 2'000'000),
             finding_of("setup-in-region", rules::severity::warning, 900'000)});
  CHECK(item.why_from == "trace");
  CHECK(item.rule == "host-gap");
  CHECK(item.message.rfind("host-gap happened; also [setup-in-region]", 0) == 0);
  CHECK(item.hint == "Do the right thing.");
  CHECK(item.lesson_section == "lessons/41-first-call/lesson.md#why-the-first-call-is-slow");
  CHECK_FALSE(item.noise_could_explain);
  REQUIRE(item.lines.size() == 2);
  CHECK(item.lines[0].role == "site");
  CHECK(item.lines[0].line == 23);
  CHECK(item.lines[1].role == "start");

  const std::string text = [&] {
    check_report report;
    report.lesson_folder = "44-two-clocks";
    report.verdict = exit_code::wrong;
    report.checks = {item};
    return render_terminal(report, terminal_style{false});
  }();
  CHECK(text.find("at        exercise.cu:23   CUDA_CHECK(cudaStreamSynchronize(stream));") !=
        std::string::npos);
  CHECK(text.find("start     exercise.cu:21") != std::string::npos);
}

TEST_CASE("the check's own section stays when the trace names the same rule") {
  check_item item = failed_check();
  analysis::explain_failed_check(item, {finding_of("stale-queue", rules::severity::error, 1)});
  CHECK(item.lesson_section ==
        "lessons/44-two-clocks/lesson.md#why-method-1-waits-for-earlier-work");
}

TEST_CASE("a returned-value finding keeps the check's own section, in any lesson") {
  // A copy's time returned in seconds: the rule's own link is another lesson's task, but what to
  // return is what the failed check's section asks for.
  check_item item = failed_check();
  item.rule.clear();
  item.lesson_section = "lessons/40-first-steps/lesson.md#time-a-copy";
  analysis::explain_failed_check(item, {finding_of("returned-value", rules::severity::error, 1)});
  CHECK(item.rule == "returned-value");
  CHECK(item.lesson_section == "lessons/40-first-steps/lesson.md#time-a-copy");

  check_item without_section = failed_check();
  without_section.lesson_section.clear();
  analysis::explain_failed_check(without_section,
                                 {finding_of("returned-value", rules::severity::error, 1)});
  CHECK(without_section.lesson_section ==
        "lessons/41-first-call/lesson.md#why-the-first-call-is-slow");
}

TEST_CASE("a warning from the trace leaves the judgement of noise as it was") {
  check_item item = failed_check();
  analysis::explain_failed_check(item,
                                 {finding_of("setup-in-region", rules::severity::warning, 1)});
  CHECK(item.rule == "setup-in-region");
  CHECK(item.noise_could_explain);
}

TEST_CASE("without a finding, the check's words stay, marked as inferred from the numbers") {
  check_item item = failed_check();
  analysis::explain_failed_check(item, {});
  CHECK(item.why_from == "numbers");
  CHECK(item.message == failed_check().message);
  CHECK(item.rule == "stale-queue");
  check_report report;
  report.checks = {item};
  const auto json = nlohmann::json::parse(render_json(report));
  CHECK(json["checks"][0]["why_from"] == "numbers");
  CHECK(json["checks"][0]["lines"].empty());
  CHECK(render_terminal(report, terminal_style{false}).find("(inferred from your numbers") !=
        std::string::npos);

  SUBCASE("a passed check is left alone") {
    check_item passed = failed_check();
    passed.passed = true;
    analysis::explain_failed_check(passed, {finding_of("host-gap", rules::severity::error, 1)});
    CHECK(passed.why_from.empty());
    CHECK(passed.rule == "stale-queue");
  }
}

TEST_CASE("a clock of CPU time is the why of a failed call, before a larger error") {
  // The student's CLOCK_PROCESS_CPUTIME_ID reads around a launch, stopped with the kernel still
  // running: unsynced-stop's effect (about 1.6 ms) is larger than cpu-time-clock's, yet the clock
  // decides, since the number was never a time that passed.
  test::trace_builder b;
  b.clock(1 * test::ms, "check+0x10");
  b.clock(1 * test::ms + 10 * test::us, "exercise+0x20", 1, "process_cputime");
  b.launch(1 * test::ms + 20 * test::us, 1 * test::ms + 30 * test::us, 3 * test::ms);
  b.clock(1 * test::ms + 400 * test::us, "exercise+0x30", 1, "process_cputime");
  b.clock(1 * test::ms + 410 * test::us, "check+0x40");
  const rules::call_window window{1 * test::ms, 1 * test::ms + 410 * test::us, 1, 0.39, 2.97};
  const auto findings = analysis::diagnose_call(b.build(), window);
  REQUIRE(findings.size() >= 2);
  CHECK(findings[0].rule == "cpu-time-clock");
  CHECK(std::any_of(findings.begin(), findings.end(),
                    [](const rules::finding& f) { return f.rule == "unsynced-stop"; }));
}

TEST_CASE("an exact slip of the number stays the why over the trace's findings") {
  check_item item = failed_check();
  item.message = "your number is 2378 ms, 1000 times the right 2.378 ms: ...";
  item.hint = "Convert to the unit asked for: divide by 1000.";
  item.rule.clear();
  item.slip = "times-1000";
  item.noise_could_explain = false;
  rules::finding returned = finding_of("returned-value", rules::severity::error, 5);
  returned.blamed_at.line = 30;
  analysis::explain_failed_check(item,
                                 {finding_of("stale-queue", rules::severity::error, 9), returned,
                                  finding_of("setup-in-region", rules::severity::warning, 1)});
  CHECK(item.why_from == "relation");
  CHECK(item.message.rfind("your number is 2378 ms, 1000 times", 0) == 0);
  // The trace's error is named after the slip; returned-value and warnings are not.
  CHECK(item.message.find("; also [stale-queue] stale-queue happened") != std::string::npos);
  CHECK(item.message.find("returned-value happened") == std::string::npos);
  CHECK(item.message.find("setup-in-region") == std::string::npos);
  CHECK(item.hint == "Convert to the unit asked for: divide by 1000.");
  CHECK(item.rule.empty());
  REQUIRE_FALSE(item.lines.empty());
  CHECK(item.lines[0].line == 30); // where the number was produced
  SUBCASE("a clock of CPU time still decides over the slip") {
    check_item clocked = failed_check();
    clocked.slip = "times-1000";
    analysis::explain_failed_check(clocked,
                                   {finding_of("cpu-time-clock", rules::severity::error, 1)});
    CHECK(clocked.why_from == "trace");
    CHECK(clocked.rule == "cpu-time-clock");
  }
}

TEST_CASE("without a finding, what the check saw the code do is the why as it is") {
  check_item item = failed_check();
  item.message = "the work ran 3 times; the function was asked to run it 5 times.";
  item.seen = true;
  analysis::explain_failed_check(item, {});
  CHECK(item.why_from == "seen");
  CHECK(item.message == "the work ran 3 times; the function was asked to run it 5 times.");
  check_report report;
  report.checks = {item};
  CHECK(nlohmann::json::parse(render_json(report))["checks"][0]["why_from"] == "seen");
  const std::string shown = render_terminal(report, terminal_style{false});
  CHECK(shown.find("the work ran 3 times") != std::string::npos);
  CHECK(shown.find("(inferred from your numbers") == std::string::npos);
  SUBCASE("a finding in the trace still gives the why, with its lines") {
    check_item traced = failed_check();
    traced.seen = true;
    analysis::explain_failed_check(traced, {finding_of("host-gap", rules::severity::error, 1)});
    CHECK(traced.why_from == "trace");
  }
}

TEST_CASE("no finding and words that say only how far off: the cause is not determined") {
  check_item item = failed_check();
  item.message = "your number is 0.310 ms longer than the work, which ran 2.378 ms.";
  item.hint = "Time each call on its own."; // a lesson's guess, with nothing to support it
  item.only_how_far_off = true;
  analysis::explain_failed_check(item, {});
  CHECK(item.why_from == "undetermined");
  CHECK(item.message.rfind("(cause not determined", 0) == 0);
  CHECK(item.message.find("0.310 ms longer than the work, which ran 2.378 ms") !=
        std::string::npos);
  CHECK(item.hint.find("Time each call on its own") == std::string::npos);
  CHECK(item.hint.find("TIMELINE=") != std::string::npos);
  SUBCASE("a finding in the trace is a cause: it wins as before") {
    check_item traced = failed_check();
    traced.only_how_far_off = true;
    analysis::explain_failed_check(traced, {finding_of("host-gap", rules::severity::error, 1)});
    CHECK(traced.why_from == "trace");
  }
}

TEST_CASE("a per-run number one run off is named from the trace, not left undetermined") {
  // A held-out benchmark that divides by one run more: 4 runs between two events, the sample
  // divided by 5. The numbers alone cannot tell 4/5 from noise; the trace's runs and elapsed time
  // can.
  messages::set_language(messages::language::english);
  using test::ms;
  using test::us;
  test::trace_builder b;
  const auto record = [&](trace::time_ns at_ns, trace::handle event) {
    trace::api_call& call = b.api("cudaEventRecord", at_ns, at_ns + 2 * us);
    call.event = event;
    call.stream = 0;
    call.stream_id = 7;
    call.site = "exercise+0x10";
  };
  record(1 * ms, 0xa1);
  for (int i = 0; i < 4; ++i)
    b.launch(1 * ms + (10 + 5 * i) * us, 1 * ms + 50 * us + i * ms,
             1 * ms + 50 * us + (i + 1) * ms);
  record(1 * ms + 40 * us, 0xb1);
  trace::api_call& wait = b.api("cudaEventSynchronize", 1 * ms + 45 * us, 5 * ms + 60 * us);
  wait.event = 0xb1;
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", 5 * ms + 70 * us, 5 * ms + 71 * us);
  elapsed.event = 0xa1;
  elapsed.event_end = 0xb1;
  const double elapsed_ms = static_cast<float>(4.0131);
  elapsed.elapsed_ms = elapsed_ms;
  const trace::run_trace run = b.build();

  rules::call_window window{500 * us, 6 * ms, 1, elapsed_ms / 5, 1.0};
  window.per_run = true;
  check_item item = failed_check();
  item.message = "your number is 0.197 ms shorter than the work, which ran 1.000 ms.";
  item.only_how_far_off = true;
  item.rule.clear();
  analysis::explain_failed_check(item, analysis::diagnose_call(run, window));
  CHECK(item.why_from == "trace");
  CHECK(item.rule == "returned-value");
  CHECK(item.message.find("one run fewer than it divided by") != std::string::npos);
  CHECK_FALSE(item.noise_could_explain); // an exact relation: no busy GPU makes it

  SUBCASE("the same number not marked per run is told the number is not the one measured") {
    window.per_run = false;
    check_item plain = failed_check();
    plain.only_how_far_off = true;
    analysis::explain_failed_check(plain, analysis::diagnose_call(run, window));
    CHECK(plain.message.find("one run") == std::string::npos);
  }
}
