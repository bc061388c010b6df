// SPDX-License-Identifier: MIT
// Lesson 03's judgement of a reproduction of the article's case 5, on trials made up as a GPU
// would have produced them for a correct function and for each mistake the lesson's class holds
// (lessons/03-async/tests/class/): each mistake gets its own message, and only numbers
// that a busy machine makes longer are left to noise.
#include "judgement/case_5_judgement.hpp"

#include <doctest/doctest.h>

#include <vector>

using namespace gpucheck;

namespace {

// What a correct function returns on a quiet GPU: case 4's launch in 12 us, case 5 starting 15 us
// after case 4's launch, the host's sync overhead 30 us.
case_5_trial correct_trial(double case_4_work_ms = 7.0, double case_5_work_ms = 3.0) {
  case_5_trial t;
  t.case_4_work_ms = case_4_work_ms;
  t.own_work_ms = case_5_work_ms;
  t.alone_work_ms = case_5_work_ms;
  t.gap_ms = 0.015;
  t.case_4_runs = 1;
  t.case_5_runs = 2;
  t.pending_at_own = true;
  t.pending_at_alone = false;
  t.reported.case_4_ms = 0.012;
  t.reported.case_5_ms = case_4_work_ms - 0.003 + case_5_work_ms + 0.03;
  t.reported.alone_ms = case_5_work_ms + 0.03;
  t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
  return t;
}

bool says(const case_5_verdict& verdict, const std::string& text) {
  return verdict.message.find(text) != std::string::npos;
}

} // namespace

TEST_CASE("a correct reproduction of case 5 is accurate, at every duration the check draws") {
  for (const double case_4_ms : {4.0, 7.0, 10.0}) {
    for (const double case_5_ms : {2.0, 4.0}) {
      CAPTURE(case_4_ms);
      CAPTURE(case_5_ms);
      CHECK(judge_case_5_trial(correct_trial(case_4_ms, case_5_ms)).accurate);
    }
  }
  SUBCASE("with the host late between case 4 and case 5: less stale work, and still right") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.gap_ms = 2.5; // case 4's kernel ran up to 2.5 ms before case 5 began
    t.reported.case_5_ms = 7.0 - 2.4 + 3.0 + 0.03;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    CHECK(judge_case_5_trial(t).accurate);
  }
  SUBCASE("with a neighbour's time slice in case 5's own run: 0.7 ms longer than the alone run") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.own_work_ms = 3.7;
    t.reported.case_5_ms = 7.0 - 0.003 + 3.7 + 0.03;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms; // 7.7 ms: the runs differ
    CHECK(judge_case_5_trial(t).accurate);
    t.reported.stale_ms = 7.0; // what case 4 left: the other exact reading
    CHECK(judge_case_5_trial(t).accurate);
    t.reported.stale_ms = 8.6; // past both
    CHECK_FALSE(judge_case_5_trial(t).accurate);
  }
  SUBCASE("with a neighbour's time slice in the alone run: 1 ms longer than case 5's own run") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.alone_work_ms = 4.0;
    t.reported.alone_ms = 4.0 + 0.03;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms; // 6.0 ms
    CHECK(judge_case_5_trial(t).accurate);
    t.reported.stale_ms = 7.0; // what case 4 left
    CHECK(judge_case_5_trial(t).accurate);
  }
  SUBCASE("with both errors at the edge of their tolerances, in opposite directions") {
    case_5_trial t = correct_trial(10.0, 2.0);
    t.reported.case_5_ms = 12.0 * 1.049;
    t.reported.alone_ms = 2.0 - 0.099;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    CHECK(judge_case_5_trial(t).accurate);
  }
}

TEST_CASE("each mistake of the class gets its own message, and only a long number is noise") {
  SUBCASE("case 5 and the work alone never wait for the GPU (finn)") {
    case_5_trial t = correct_trial();
    t.reported.case_5_ms = 0.01;
    t.reported.alone_ms = 0.01;
    t.reported.stale_ms = 0.0;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.accurate);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "shorter than case 5's own work"));
    CHECK_FALSE(v.seen);
  }
  SUBCASE("case 5's work never ran (kofi)") {
    case_5_trial t = correct_trial();
    t.case_5_runs = 0;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "case 5's work not at all"));
    CHECK(v.seen);
  }
  SUBCASE("a wait between case 4 and case 5 (lena)") {
    case_5_trial t = correct_trial();
    t.pending_at_own = false;
    t.gap_ms = 7.05;
    t.reported.case_5_ms = 3.03;
    t.reported.stale_ms = 0.0;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "had already finished"));
  }
  SUBCASE("the work alone timed right after case 4, case 5 after it (mira)") {
    case_5_trial t = correct_trial();
    std::swap(t.reported.case_5_ms, t.reported.alone_ms);
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "the run queued right after case 4"));
  }
  SUBCASE("case 5 timed with events on the stream, behind case 4's work (tao)") {
    case_5_trial t = correct_trial();
    t.reported.case_5_ms = 3.004; // the events bracket case 5's own kernel only
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "still queued when case 5 began"));
  }
  SUBCASE("case 4 timed until the GPU finished (noor)") {
    case_5_trial t = correct_trial();
    t.reported.case_4_ms = 7.03;
    t.pending_at_own = false;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "case 4 waited for its work"));
  }
  SUBCASE("stale_ms made from case 5 and case 4's launch (omar)") {
    case_5_trial t = correct_trial(4.0, 2.0);
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.case_4_ms;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.noise_could_explain);
    CHECK(says(v, "how stale_ms is made"));
  }
  SUBCASE("the starter returns zeros") {
    case_5_trial t = correct_trial();
    t.case_4_runs = 0;
    t.case_5_runs = 0;
    t.reported = {};
    CHECK_FALSE(judge_case_5_trial(t).accurate);
    CHECK_FALSE(judge_case_5_trial(t).noise_could_explain);
  }
  SUBCASE("a number that is not a number") {
    case_5_trial t = correct_trial();
    t.reported.stale_ms = std::nan("");
    CHECK_FALSE(judge_case_5_trial(t).noise_could_explain);
  }
  SUBCASE("a busy GPU stretches case 5 or the work alone: noise may explain it") {
    case_5_trial t = correct_trial();
    t.reported.alone_ms += 1.0;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.accurate);
    CHECK(v.noise_could_explain);
    t = correct_trial();
    t.reported.case_5_ms += 2.0;
    t.reported.stale_ms = t.reported.case_5_ms - t.reported.alone_ms;
    v = judge_case_5_trial(t);
    CHECK_FALSE(v.accurate);
    CHECK(v.noise_could_explain);
  }
  SUBCASE("a busy GPU stretches the work alone as long as case 5: noise, not swapped runs") {
    case_5_trial t = correct_trial(4.0, 2.0);
    t.reported.alone_ms = t.reported.case_5_ms; // 4 ms of another process's work inside it
    t.reported.stale_ms = 0.0;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.accurate);
    CHECK(v.noise_could_explain);
  }
  SUBCASE("a slow launch in case 4, shorter than half the work: noise may explain it") {
    case_5_trial t = correct_trial();
    t.reported.case_4_ms = 1.2;
    const auto v = judge_case_5_trial(t);
    CHECK_FALSE(v.accurate);
    CHECK(v.noise_could_explain);
  }
}

TEST_CASE("the four numbers are described with their units") {
  const case_5_numbers numbers{0.012, 10.03, 3.03, 7.0};
  const std::string text = describe_case_5_numbers(numbers);
  CHECK(text.find("case_5_ms 10.030 ms") != std::string::npos);
  CHECK(text.find("stale_ms 7.000 ms") != std::string::npos);
}

TEST_CASE("case 4's launch in microseconds is a unit slip, not a wait, on any machine") {
  case_5_trial t = correct_trial(7.0, 3.0);
  t.reported.case_4_ms = 12.0; // 12 us, returned as if milliseconds
  const case_5_verdict verdict = judge_case_5_trial(t);
  CHECK_FALSE(verdict.accurate);
  CHECK_FALSE(verdict.noise_could_explain);
  CHECK(says(verdict, "read as microseconds, it is 12.0 us"));
  CHECK(verdict.slip == "times-1000");
  SUBCASE("in nanoseconds, the same slip by a million, not a long case 4 left to noise") {
    case_5_trial in_ns = correct_trial(7.0, 3.0);
    in_ns.reported.case_4_ms = 12000.0; // 12 us
    const case_5_verdict ns = judge_case_5_trial(in_ns);
    CHECK_FALSE(ns.noise_could_explain);
    CHECK(ns.slip == "times-million");
  }
  SUBCASE("a launch that really waited for case 4's work is still told so") {
    case_5_trial waited = correct_trial(7.0, 3.0);
    waited.reported.case_4_ms = 7.0;
    waited.pending_at_own = false; // the checker saw case 4's work done: the launch call waited
    CHECK(says(judge_case_5_trial(waited), "7.000 ms"));
  }
}

TEST_CASE("case 5 and the work alone in another unit are named, no busy machine excuses them") {
  SUBCASE("every number in seconds") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.reported = {t.reported.case_4_ms / 1e3, t.reported.case_5_ms / 1e3, t.reported.alone_ms / 1e3,
                  t.reported.stale_ms / 1e3};
    const case_5_verdict verdict = judge_case_5_trial(t);
    CHECK_FALSE(verdict.accurate);
    CHECK_FALSE(verdict.noise_could_explain);
    CHECK(verdict.slip == "over-1000");
  }
  SUBCASE("case 5 and the work alone in microseconds, case 4 right: not a long case 5") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.reported.case_5_ms *= 1e3;
    t.reported.alone_ms *= 1e3;
    const case_5_verdict verdict = judge_case_5_trial(t);
    CHECK_FALSE(verdict.noise_could_explain);
    CHECK(verdict.slip == "times-1000");
  }
  SUBCASE("both in nanoseconds") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.reported.case_5_ms *= 1e6;
    t.reported.alone_ms *= 1e6;
    CHECK(judge_case_5_trial(t).slip == "times-million");
  }
  SUBCASE("one number a thousandth of its truth alone is no slip: a case 5 that never waited") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.reported.case_5_ms = (7.0 + 3.0) / 1e3; // a launch's time, as short as seconds would be
    CHECK(judge_case_5_trial(t).slip.empty());
  }
  SUBCASE("a case 5 too long by a busy GPU's few milliseconds is no slip") {
    case_5_trial t = correct_trial(7.0, 3.0);
    t.reported.case_5_ms += 4.0;
    const case_5_verdict verdict = judge_case_5_trial(t);
    CHECK(verdict.slip.empty());
    CHECK(verdict.noise_could_explain);
  }
}

TEST_CASE("a long case 4 whose work was still queued at case 5's launch is no wait for it") {
  // The host spent 6 ms between case 4's clock reads (other host work, or descheduled), and case
  // 4's 10 ms of work was still queued when case 5 was launched 6.2 ms after case 4's launch.
  case_5_trial t = correct_trial(10.0, 3.0);
  t.reported.case_4_ms = 6.0;
  t.gap_ms = 6.2;
  const case_5_verdict verdict = judge_case_5_trial(t);
  CHECK_FALSE(verdict.accurate);
  CHECK(verdict.noise_could_explain); // a host descheduled that long makes it too
  CHECK_FALSE(says(verdict, "waited for its work"));
  CHECK(says(verdict, "still queued when case 5 was launched"));
}

TEST_CASE("the expected stale work is the range the judgement accepts") {
  case_5_trial late = correct_trial(7.0, 3.0);
  late.gap_ms = 2.5; // case 4's kernel may have run 2.5 ms before case 5 began
  late.reported.case_5_ms = 7.0 - 2.4 + 3.0 + 0.03;
  late.reported.stale_ms = late.reported.case_5_ms - late.reported.alone_ms;
  REQUIRE(judge_case_5_trial(late).accurate);
  const check_outcome outcome = judge_case_5_round([late]() { return late; }, "l.md#c5");
  CHECK(outcome.passed);
  CHECK(outcome.expected.find("stale 4.500 ms to 7.000 ms") != std::string::npos);
}

TEST_CASE("a round passes with two accurate trials of three, and shows the wrong one noise can't "
          "excuse") {
  // Trials as the check makes them, one per call, in order.
  const auto trials_of = [](std::vector<case_5_trial> trials) {
    return [trials, next = std::size_t{0}]() mutable { return trials[next++]; };
  };
  case_5_trial long_alone = correct_trial(); // noise may do it
  long_alone.reported.alone_ms += 1.0;
  long_alone.reported.stale_ms = long_alone.reported.case_5_ms - long_alone.reported.alone_ms;
  case_5_trial no_wait = correct_trial(); // no noise does it
  no_wait.reported.case_5_ms = 0.01;
  no_wait.reported.alone_ms = 0.01;
  no_wait.reported.stale_ms = 0.0;

  const check_outcome one_wrong =
      judge_case_5_round(trials_of({correct_trial(), long_alone, correct_trial()}), "l.md#c5");
  CHECK(one_wrong.passed);
  CHECK(one_wrong.lesson_section == "l.md#c5");

  const check_outcome noisy =
      judge_case_5_round(trials_of({long_alone, correct_trial(), long_alone}), "l.md#c5");
  CHECK_FALSE(noisy.passed);
  CHECK(noisy.noise_could_explain);

  const check_outcome wrong =
      judge_case_5_round(trials_of({long_alone, no_wait, correct_trial()}), "l.md#c5");
  CHECK_FALSE(wrong.passed);
  CHECK_FALSE(wrong.noise_could_explain);
  CHECK(wrong.message == judge_case_5_trial(no_wait).message);
  CHECK_FALSE(wrong.states_what_was_seen);

  case_5_trial never_ran = correct_trial(); // the runs the checker counted: seen, not inferred
  never_ran.case_5_runs = 0;
  const check_outcome counted =
      judge_case_5_round(trials_of({long_alone, never_ran, correct_trial()}), "l.md#c5");
  CHECK_FALSE(counted.passed);
  CHECK(counted.message == judge_case_5_trial(never_ran).message);
  CHECK(counted.states_what_was_seen);
}
