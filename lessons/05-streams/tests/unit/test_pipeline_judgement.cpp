// SPDX-License-Identifier: MIT
// Lesson 05's judgement (judgement/pipeline_judgement.hpp): the first wrong word tells its cause,
// the speed-up's verdict and its why, and a time_share that waited for the other streams.
#include "judgement/pipeline_judgement.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/05-streams/lesson.md";

// A transform any key changes, as exercise.h's does.
std::uint32_t transform(std::uint32_t word, std::uint32_t key) {
  return (word ^ key) * 2654435761u + 7u;
}

std::uint32_t poison_word(std::uint8_t byte) {
  std::uint32_t word = 0;
  std::memset(&word, byte, sizeof word);
  return word;
}

struct job {
  std::vector<std::uint32_t> in, out;
  std::uint32_t key = 0x1234567u;
  explicit job(std::size_t count) : in(count), out(count) {
    for (std::size_t i = 0; i < count; ++i) {
      in[i] = static_cast<std::uint32_t>(i * 40503u + 11u);
      out[i] = transform(in[i], key);
    }
  }
  wrong_word first_wrong(const std::vector<std::size_t>& sample) const {
    return first_wrong_word(sample, in.data(), out.data(), in.size(), key, transform);
  }
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("the first wrong word of the sample says what it holds") {
  job j(1000);
  const std::vector<std::size_t> sample{0, 500, 999};
  CHECK(j.first_wrong(sample).kind == wrong_word_kind::none);

  j.out[999] = 42; // any other value
  j.out[500] = transform(j.in[500], stale_key);
  wrong_word found = j.first_wrong(sample);
  CHECK(found.kind == wrong_word_kind::stale_key); // the first of the sample is named
  CHECK(contains(found.words, "500"));

  j.out[500] = poison_word(host_poison);
  CHECK(j.first_wrong(sample).kind == wrong_word_kind::not_written);
  j.out[500] = transform(poison_word(device_poison), j.key);
  CHECK(j.first_wrong(sample).kind == wrong_word_kind::before_its_step);
  j.out[500] = poison_word(device_poison);
  CHECK(j.first_wrong(sample).kind == wrong_word_kind::before_its_step);
  j.out[500] = transform(j.in[500], j.key);
  found = j.first_wrong(sample);
  CHECK(found.kind == wrong_word_kind::other);
  CHECK(contains(found.words, "999"));
  CHECK(contains(found.words, "42"));

  j.out[999] = transform(j.in[999], j.key);
  j.out[1] = 0; // outside the sample: not read
  CHECK(j.first_wrong(sample).kind == wrong_word_kind::none);
}

TEST_CASE("a wrong word's section follows its kind") {
  const auto section_of = [](wrong_word_kind kind) {
    check_outcome outcome;
    outcome.passed = true;
    fail_for_wrong_word(outcome, {kind, "word 3 of 8"}, 7.5, lesson);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.measured == "word 3 of 8");
    CHECK(contains(outcome.message, "word 3 of 8"));
    CHECK_FALSE(outcome.hint.empty());
    CHECK(outcome.states_what_was_seen);
    return outcome.lesson_section;
  };
  CHECK(section_of(wrong_word_kind::stale_key) == lesson + "#wait-for-another-stream");
  CHECK(section_of(wrong_word_kind::before_its_step) == lesson + "#wait-for-another-stream");
  CHECK(section_of(wrong_word_kind::not_written) == lesson + "#three-waits-three-scopes");
  CHECK(section_of(wrong_word_kind::other) == lesson + "#split-the-job-into-chunks");
  CHECK(section_of(wrong_word_kind::never_written) == lesson + "#split-the-job-into-chunks");
}

TEST_CASE("a word unwritten at the return and still once the GPU finished is in no chunk") {
  job j(1000);
  const std::vector<std::size_t> sample{0, 500, 999};
  j.out[500] = poison_word(host_poison);
  const wrong_word at_return = j.first_wrong(sample);
  REQUIRE(at_return.kind == wrong_word_kind::not_written);
  CHECK(at_return.index == 500);
  CHECK(at_return.count == 1000);

  SUBCASE("written by the time the GPU finished: the function did not wait") {
    j.out[500] = transform(j.in[500], j.key);
    CHECK(settle_unwritten(at_return, j.first_wrong(sample)).kind == wrong_word_kind::not_written);
  }
  SUBCASE("still unwritten: no chunk covers it, named at the word read after") {
    j.out[999] = poison_word(host_poison); // the tail, never copied out
    j.out[500] = transform(j.in[500], j.key);
    const wrong_word settled = settle_unwritten(at_return, j.first_wrong(sample));
    CHECK(settled.kind == wrong_word_kind::never_written);
    CHECK(settled.index == 999);
    CHECK(contains(settled.words, "999"));
    CHECK(contains(settled.words, "1000"));
  }
  SUBCASE("another wrong word at the return is kept as it was") {
    j.out[500] = transform(j.in[500], stale_key);
    const wrong_word stale = j.first_wrong(sample);
    j.out[500] = poison_word(host_poison);
    CHECK(settle_unwritten(stale, j.first_wrong(sample)).kind == wrong_word_kind::stale_key);
  }
}

TEST_CASE("the speed-up passes at 85% of the serial time, and a slow one says why") {
  CHECK(judge_speed_up({100.0, 85.0}, 0.85, false, lesson).passed);
  check_outcome slow = judge_speed_up({100.0, 92.0}, 0.85, true, lesson);
  CHECK_FALSE(slow.passed);
  CHECK(contains(slow.measured, "92"));

  check_outcome pageable = slow;
  explain_no_speed_up(pageable, {100.0, 92.0}, false, lesson);
  CHECK_FALSE(pageable.noise_could_explain); // pageable copies never overlap
  CHECK(pageable.lesson_section == lesson + "#copies-that-can-overlap-need-pinned-memory");
  check_outcome pinned = slow;
  explain_no_speed_up(pinned, {100.0, 92.0}, true, lesson);
  CHECK(pinned.noise_could_explain); // another process can take the overlap away
  CHECK_FALSE(pinned.states_what_was_seen);
  CHECK(pinned.message != pageable.message);
}

namespace {

share_trial share_call(bool waited, double after_ms, bool started_after = false) {
  share_trial trial;
  trial.timing.reported_ms = 2.0;
  trial.timing.truth_ms = 2.0;
  trial.timing.call = {2.0, 2.0, waited ? 60.0 : 2.1};
  trial.other.done_at_return = waited;
  trial.other.other_ms = 60.0;
  trial.other.ended_after_work_ms = after_ms;
  trial.other.work_started_after = started_after;
  return trial;
}

} // namespace

TEST_CASE("a time_share that waited for the other streams fails, past one call") {
  check_outcome one;
  one.passed = true;
  fail_if_others_waited(one, {share_call(true, 40.0), share_call(false, 0.0)}, lesson);
  CHECK(one.passed);

  check_outcome two;
  two.passed = true;
  fail_if_others_waited(two, {share_call(true, 40.0), share_call(true, 30.0)}, lesson);
  CHECK_FALSE(two.passed);
  CHECK_FALSE(two.noise_could_explain); // each went on 30 ms and more after its work
  CHECK(two.states_what_was_seen);
  CHECK(contains(two.measured, "2"));
  CHECK(two.lesson_section == lesson + "#synchronize-the-stream-that-carries-the-work");

  check_outcome near_end;
  near_end.passed = true;
  fail_if_others_waited(near_end, {share_call(true, 40.0), share_call(true, 1.0)}, lesson);
  CHECK_FALSE(near_end.passed);
  CHECK(near_end.noise_could_explain); // one ended near its own work: a paused GPU can do that
  CHECK_FALSE(near_end.states_what_was_seen);

  check_outcome failed;
  failed.passed = false;
  failed.message = "how far off";
  fail_if_others_waited(failed, {share_call(true, 40.0), share_call(true, 30.0)}, lesson);
  CHECK(failed.message == "how far off"); // a wrong number keeps its own why
}
