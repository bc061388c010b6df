// SPDX-License-Identifier: MIT
// The lesson diagnosis on traces recorded on GPUs (an H200 and an H100), kept gzip-compressed as
// every trace is: 10 MB each for a lesson's loops of launches.
// Each submission of the diagnosis corpus (lessons/NN-slug/tests/diagnosis/NAME.cu) says on its `//
// expect` line what the checker must say of it: "expect pass", or "expect FUNCTION RULE [WORD]
// @LINE[,LINE]". tools/gpu-diagnose.sh graded the corpus with --keep-traces; each kept trace
// (lessons/NN-slug/tests/diagnosis-traces/NAME.trace.jsonl.gz, gzip-compressed) holds its source
// lines and the calls the checks showed, with the numbers returned. Replayed here, the diagnosis of
// every shown call of FUNCTION must name RULE first, at one of the LINEs of the submission, with
// WORD in its message (a check of FUNCTION that passed and shows nothing is another check's call);
// a correct submission's calls show no finding at all. "expect FUNCTION slip
// ID": the check named the slip ID from its numbers (checkapi/slip_analysis.hpp's ids), which stays
// the why unless the trace shows a clock of CPU time. A submission whose trace is still to be
// recorded on a GPU is listed in its folder's unrecorded.txt (and only then may lack one).
#include "analysis/lesson_diagnosis.hpp"
#include "diagnosis_corpus.hpp"
#include "trace_model/read_trace.hpp"

#include <doctest/doctest.h>

#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

struct expectation {
  bool pass = false;
  std::string function;
  std::string rule;
  std::string word; // a word the message must hold ("" for none)
  std::set<int> lines;
  std::string slip; // for "slip": the slip's id
};

expectation read_expectation(const fs::path& source) {
  std::ifstream file(source);
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("// expect ", 0) != 0)
      continue;
    std::istringstream words(line.substr(10));
    expectation e;
    std::string word;
    words >> word;
    if (word == "pass") {
      e.pass = true;
      return e;
    }
    e.function = word;
    words >> e.rule;
    if (e.rule == "slip") {
      words >> e.slip;
      return e;
    }
    while (words >> word) {
      if (word[0] == '@') {
        std::istringstream numbers(word.substr(1));
        for (std::string n; std::getline(numbers, n, ',');)
          e.lines.insert(std::stoi(n));
      } else {
        e.word = word;
      }
    }
    return e;
  }
  FAIL("no // expect line in " << source);
  return {};
}

// What the message says for each WORD of the expect lines.
std::string phrase_of(const std::string& word) {
  static const std::map<std::string, std::string> phrases{
      {"truncated", "truncated"},
      {"rounded", "rounded"},
      {"microseconds", "in microseconds"},
      {"swapped", "swapped"},
      {"before", "before the start event was recorded"},
      {"after", "after the stop event was recorded"},
      {"one-run-more", "one run more than it divided by"},
      {"one-run-fewer", "one run fewer than it divided by"}};
  const auto found = phrases.find(word);
  return found == phrases.end() ? word : found->second;
}

rules::call_window window_of(const trace::checked_call& call) {
  return {call.begin_ns,        call.end_ns,   call.tid,
          call.reported_ms,     call.truth_ms, call.failed_reported_ms,
          call.failed_truth_ms, call.per_run};
}

void check_submission(const fs::path& source, const fs::path& trace_file) {
  const expectation expected = read_expectation(source);
  auto read = trace::read_trace_file(trace_file);
  REQUIRE_MESSAGE(read.ok(), read.error);
  const trace::run_trace& run = *read.trace;
  REQUIRE_FALSE(run.locations.empty());
  // tools/heldout/replay.sh replays submissions whose failing check may show no call (a check of
  // numbers alone): those are judged by their reports, and the others go on being replayed.
  if (run.checked_calls.empty() && std::getenv("GPUCHECK_REPLAY_HELDOUT") != nullptr) {
    MESSAGE("no call shown: judge " << source.filename() << " by its report");
    return;
  }
  CHECK_FALSE(run.checked_calls.empty()); // a failure here leaves the other submissions judged
  int judged = 0;
  for (const trace::checked_call& call : run.checked_calls) {
    CAPTURE(call.check);
    const auto findings = analysis::diagnose_call(run, window_of(call));
    if (expected.pass) {
      for (const auto& f : findings)
        INFO(f.rule << ": " << f.message);
      CHECK(findings.empty());
      ++judged;
      continue;
    }
    if (call.check.rfind(expected.function, 0) != 0)
      continue; // another function's check, shown passing or failing for its own reasons
    if (!expected.slip.empty()) {
      if (call.slip.empty())
        continue; // a check of the function that passed, or failed for another reason
      ++judged;
      // Whole units are cut or rounded; a draw whose numbers cannot tell says whole-units.
      const bool whole = call.slip == "whole-units" &&
                         (expected.slip == "truncated" || expected.slip == "rounded");
      CHECK((call.slip == expected.slip || whole));
      // The slip stays the why (lesson_diagnosis.cpp) unless a clock of CPU time comes first.
      CHECK((findings.empty() || findings.front().rule != "cpu-time-clock"));
      continue;
    }
    // A check of the function that passed in the verdict's run (failed_truth_ms 0) and shows
    // nothing: another check's call (a noise figure's check beside its median's), not the mistake.
    if (call.failed_truth_ms == 0 && findings.empty())
      continue;
    ++judged;
    CHECK_FALSE(findings.empty());
    if (findings.empty())
      continue;
    const rules::finding& first = findings.front();
    CAPTURE(first.message);
    CHECK(first.rule == expected.rule);
    CHECK(fs::path(first.blamed_at.file).filename() == "exercise.cu");
    CHECK(expected.lines.count(first.blamed_at.line) == 1);
    CHECK(first.message.find(phrase_of(expected.word)) != std::string::npos);
  }
  CHECK(judged > 0);
}

} // namespace

TEST_CASE("every submission of the diagnosis corpus is explained by its own mistake, at its line") {
  int submissions = 0;
  std::string unrecorded;
  for (const test::corpus_submission& submission : test::diagnosis_corpus()) {
    CAPTURE(submission.source);
    const bool recorded = fs::exists(submission.trace_file);
    // A trace missing without being listed is lost; one listed though recorded is a stale list.
    CHECK_MESSAGE(recorded != submission.listed_unrecorded,
                  (recorded ? "recorded: take it out of unrecorded.txt"
                            : "record it (tools/gpu-diagnose.sh on a GPU), or list it in "
                              "unrecorded.txt"));
    if (!recorded) {
      unrecorded +=
          " " + submission.source.parent_path().parent_path().parent_path().filename().string() +
          "/" + submission.source.filename().string();
      continue;
    }
    check_submission(submission.source, submission.trace_file);
    ++submissions;
  }
  if (!unrecorded.empty())
    MESSAGE("still to record on a GPU (tools/gpu-diagnose.sh):" << unrecorded);
  CHECK(submissions >= 25);
}
