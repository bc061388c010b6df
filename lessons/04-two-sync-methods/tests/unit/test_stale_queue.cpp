// SPDX-License-Identifier: MIT
// Judging measure_stale_queue (judgement/stale_queue.hpp): a right pair of numbers passes; the
// order of the calls, the fields swapped, a first time of the work alone and a second that holds
// the earlier work are named, on any GPU; other misses are judged as timings.
#include "judgement/stale_queue.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;

namespace {

// One call on 10 ms of earlier work and 2 ms of work: the GPU ran them for `span` and `work`,
// and the function returned `queued` and `emptied`.
stale_trial call(double queued, double emptied, const std::string& order = "ewew") {
  stale_trial trial;
  trial.order = order;
  trial.earlier_ms = 10.0;
  trial.first_work_ms = 2.0;
  trial.emptied_stale_ms = 12.0;
  trial.queued.truth_ms = 12.0;
  trial.emptied.truth_ms = 2.0;
  trial.queued.reported_ms = queued;
  trial.emptied.reported_ms = emptied;
  trial.queued.call = {queued, 12.0, 14.5};
  trial.emptied.call = {emptied, 2.0, 14.5};
  trial.queued.call.begin_ns = trial.emptied.call.begin_ns = 1'000'000;
  trial.queued.call.end_ns = trial.emptied.call.end_ns = 15'500'000;
  return trial;
}

timing_words words(const char* name) {
  timing_words said;
  said.name = name;
  said.section = "lesson.md#stale";
  return said;
}

check_outcome judged(const std::vector<stale_trial>& trials) {
  return judge_stale_queue(trials, words("queued"), words("emptied"), 1);
}

std::vector<stale_trial> five(const stale_trial& trial) {
  return std::vector<stale_trial>(5, trial);
}

} // namespace

TEST_CASE("a right pair of numbers passes, and one call off of five is allowed") {
  const check_outcome right = judged(five(call(12.02, 2.03)));
  CHECK(right.passed);
  CHECK(right.measured == say("check.l04.stale.measured",
                              {{"queued", format_ms(12.02)}, {"emptied", format_ms(2.03)}}));
  std::vector<stale_trial> one_off = five(call(12.02, 2.03));
  one_off[2] = call(2.01, 2.03); // once the work alone: a host held up, say
  CHECK(judged(one_off).passed);
}

TEST_CASE("the calls in another order fail, on any GPU, whatever the numbers") {
  std::vector<stale_trial> trials = five(call(12.02, 2.03));
  trials[3].order = "eeww";
  const check_outcome outcome = judged(trials);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message == say("check.l04.stale.order.message",
                               {{"order", "eeww"}})); // the message names the order it saw
  CHECK(outcome.call.begin_ns == 0); // no call for the trace: it holds the stale interval
}

TEST_CASE("a first time of the work alone is named: the clock started after a wait") {
  std::vector<stale_trial> trials = five(call(2.02, 2.03));
  trials[0] = call(12.02, 2.03); // one right call does not save it
  const check_outcome outcome = judged(trials);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain); // a busy GPU makes no time shorter
  CHECK(outcome.hint == say("check.l04.stale.work-alone.hint"));
  CHECK(outcome.lesson_section == "lesson.md#stale");
  CHECK(outcome.message.find(format_ms(2.02)) != std::string::npos);
}

TEST_CASE("a second time that holds the earlier work is named: no wait before its clock") {
  const check_outcome outcome = judged(five(call(12.02, 12.05)));
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.hint == say("check.l04.stale.not-emptied.hint"));
}

TEST_CASE("the two fields swapped are named as such, not as two mistakes") {
  const check_outcome outcome = judged(five(call(2.03, 12.02)));
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.hint == say("check.l04.stale.swapped.hint"));
  CHECK(outcome.slip == "swapped");
}

TEST_CASE("other misses are judged as timings: too long may be noise, zero is not") {
  const check_outcome slow = judged(five(call(14.0, 2.03))); // 2 ms over the span
  CHECK_FALSE(slow.passed);
  CHECK(slow.noise_could_explain);
  CHECK(slow.call.begin_ns == 0);

  const check_outcome starter = judged(five(call(0.0, 0.0)));
  CHECK_FALSE(starter.passed);
  CHECK_FALSE(starter.noise_could_explain);

  const check_outcome second = judged(five(call(12.02, 2.5))); // the second 0.47 ms too long
  CHECK_FALSE(second.passed);
  CHECK(second.name == "queued"); // one check: the first words' name
  CHECK(second.noise_could_explain);
}
