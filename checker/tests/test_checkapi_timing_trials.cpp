// SPDX-License-Identifier: MIT
// A timing check's judgement over its trials (timing_trials.hpp): what passes, what a busy GPU
// may excuse, and the facts the numbers alone prove. No cause is guessed from the numbers: the
// trace gives it (lesson_diagnosis.cpp).
#include "checkapi/timing_trials.hpp"
#include "messages/messages.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const gpucheck::time_tolerance tolerance{0.05, 0.05}; // 5% or 50 us

// A kernel trial as time_known_work() records it: one call, run once, on the kernel's own clock.
gpucheck::timing_trial kernel_trial(double reported_ms, double truth_ms) {
  gpucheck::timing_trial trial;
  trial.work = "a kernel of known duration";
  trial.reported_ms = reported_ms;
  trial.truth_ms = truth_ms;
  trial.tolerance = tolerance;
  trial.call.reported_ms = reported_ms;
  trial.call.truth_ms = truth_ms;
  // The call lasts as long as the longer of the number and the work, and a little more.
  trial.call.call_ms = std::max(reported_ms, truth_ms) + 0.05;
  trial.call.begin_ns = 1'000'000;
  trial.call.end_ns = 1'000'000 + static_cast<long long>(trial.call.call_ms * 1e6);
  trial.work_runs = 1;
  return trial;
}

gpucheck::timing_words words() {
  gpucheck::timing_words w;
  w.name = "time_it returns the time of the work";
  w.section = "lessons/44-two-clocks/lesson.md#method-2-cuda-events";
  w.zero_hint = "Time something first.";
  w.wrong_hint = "Bracket the work.";
  w.context = "20 ms of other work was queued first";
  return w;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("accurate trials pass, one miss is allowed, two are not") {
  const auto good =
      gpucheck::judge_timing({kernel_trial(2.01, 2.0), kernel_trial(3.0, 3.02)}, words(), 1);
  CHECK(good.passed);
  CHECK(good.message.empty());
  CHECK(contains(good.measured, "2 of 2 trials accurate"));

  const auto one_miss = gpucheck::judge_timing(
      {kernel_trial(2.01, 2.0), kernel_trial(4.0, 3.0), kernel_trial(1.0, 1.0)}, words(), 1);
  CHECK(one_miss.passed);

  const auto two_misses = gpucheck::judge_timing(
      {kernel_trial(2.5, 2.0), kernel_trial(4.0, 3.0), kernel_trial(1.0, 1.0)}, words(), 1);
  CHECK_FALSE(two_misses.passed);
  CHECK(two_misses.lesson_section == words().section);
}

TEST_CASE("a number too long says by how much, names no rule, and noise may excuse it") {
  const auto outcome =
      gpucheck::judge_timing({kernel_trial(22.5, 2.5), kernel_trial(23.0, 3.0)}, words(), 1);
  CHECK_FALSE(outcome.passed);
  CHECK(contains(outcome.message, "20.000 ms longer than the work, which ran 2.500 ms"));
  CHECK(contains(outcome.message, "(20 ms of other work was queued first)"));
  CHECK(outcome.hint == "Bracket the work.");
  CHECK(outcome.rule.empty()); // the cause comes from the trace, not from these numbers
  CHECK(outcome.noise_could_explain);
  CHECK(outcome.call.reported_ms == doctest::Approx(22.5)); // the shown call, for the trace
  CHECK(outcome.call.begin_ns == 1'000'000);
}

TEST_CASE("a number too short against the kernel's own clock stands on any GPU") {
  const auto outcome =
      gpucheck::judge_timing({kernel_trial(0.01, 2.5), kernel_trial(0.02, 3.0)}, words(), 1);
  CHECK_FALSE(outcome.passed);
  CHECK(contains(outcome.message, "shorter than the work"));
  CHECK_FALSE(outcome.noise_could_explain);

  // Against a separate measurement (events around other runs), noise moves the truth too.
  auto gemm = kernel_trial(1.8, 2.5);
  gemm.own_clock = false;
  auto other = gemm;
  other.reported_ms = 2.0;
  const auto separate = gpucheck::judge_timing({gemm, other}, words(), 1);
  CHECK_FALSE(separate.passed);
  CHECK(separate.noise_could_explain);
}

TEST_CASE("a function that returns 0 is told it times nothing yet, on any GPU") {
  const auto outcome =
      gpucheck::judge_timing({kernel_trial(0.0, 2.5), kernel_trial(0.0, 3.0)}, words(), 1);
  CHECK(contains(outcome.message, "returned 0 ms"));
  CHECK(outcome.hint == "Time something first.");
  CHECK_FALSE(outcome.noise_could_explain);
}

TEST_CASE("facts the numbers prove replace the plain statement") {
  SUBCASE("every kernel trial in microseconds") {
    const auto outcome = gpucheck::judge_timing(
        {kernel_trial(2500.0, 2.5), kernel_trial(3100.0, 3.1), kernel_trial(1200.0, 1.2)}, words(),
        1);
    CHECK(contains(outcome.message, "microseconds"));
    CHECK_FALSE(outcome.noise_could_explain);
  }
  SUBCASE("every trial cut to whole milliseconds: the slip, on any GPU") {
    const auto outcome = gpucheck::judge_timing(
        {kernel_trial(2.0, 2.378), kernel_trial(3.0, 3.78), kernel_trial(1.0, 1.42)}, words(), 1);
    CHECK(contains(outcome.message, "cut to whole units"));
    CHECK(outcome.slip == "truncated");
    CHECK_FALSE(outcome.noise_could_explain);
  }
  SUBCASE("every trial 25 times too long: no slip named, and still no busy GPU's doing") {
    const auto outcome =
        gpucheck::judge_timing({kernel_trial(62.5, 2.5), kernel_trial(75.0, 3.0)}, words(), 1);
    CHECK(outcome.slip.empty());
    CHECK_FALSE(outcome.noise_could_explain);
  }
  SUBCASE("the work never ran") {
    auto never = kernel_trial(0.002, 2.5);
    never.work_runs = 0;
    const auto outcome = gpucheck::judge_timing({never, never}, words(), 1);
    CHECK(contains(outcome.message, "never called work(stream)"));
    CHECK_FALSE(outcome.noise_could_explain);
  }
  SUBCASE("clock() read: a fail even when the numbers are right") {
    auto lucky = kernel_trial(2.5, 2.5);
    lucky.read_cpu_clock = gpucheck::cpu_clock::process_cputime;
    const auto outcome = gpucheck::judge_timing({lucky, kernel_trial(3.0, 3.0)}, words(), 1);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.rule == "cpu-time-clock");
    CHECK_FALSE(outcome.noise_could_explain);
    CHECK(outcome.lesson_section == words().section);
  }
}

TEST_CASE("judge_timing_twice runs fresh trials only after a failure noise could explain") {
  int rounds = 0;
  const auto too_long = [&] {
    ++rounds;
    return std::vector<gpucheck::timing_trial>{kernel_trial(3.0, 2.5), kernel_trial(4.0, 3.0)};
  };
  const auto outcome = gpucheck::judge_timing_twice(too_long, words(), 1);
  CHECK(rounds == 2);
  CHECK(contains(outcome.measured, "in a second round"));

  rounds = 0;
  const auto too_short = [&] {
    ++rounds;
    return std::vector<gpucheck::timing_trial>{kernel_trial(0.1, 2.5), kernel_trial(0.1, 3.0)};
  };
  gpucheck::judge_timing_twice(too_short, words(), 1);
  CHECK(rounds == 1);

  rounds = 0;
  int round_of_noise = 0;
  const auto noise_then_good = [&] {
    ++rounds;
    return ++round_of_noise == 1
               ? std::vector<gpucheck::timing_trial>{kernel_trial(3.0, 2.5), kernel_trial(4.0, 3.0)}
               : std::vector<gpucheck::timing_trial>{kernel_trial(2.5, 2.5),
                                                     kernel_trial(3.0, 3.0)};
  };
  CHECK(gpucheck::judge_timing_twice(noise_then_good, words(), 1).passed);
  CHECK(rounds == 2);
}

TEST_CASE("judge_twice runs a whole check again only after a failure noise could explain") {
  int rounds = 0;
  const auto failing = [&](bool noise_could_explain) {
    return [&rounds, noise_could_explain] {
      ++rounds;
      gpucheck::check_outcome outcome;
      outcome.passed = false;
      outcome.measured = "12 ms";
      outcome.noise_could_explain = noise_could_explain;
      return outcome;
    };
  };
  SUBCASE("a failure noise could explain is judged on a second round, and says so") {
    const gpucheck::check_outcome outcome = gpucheck::judge_twice(failing(true));
    CHECK(rounds == 2);
    CHECK(contains(outcome.measured, "in a second round"));
    CHECK(contains(outcome.measured, "12 ms"));
  }
  SUBCASE("a certain failure is judged once") {
    const gpucheck::check_outcome outcome = gpucheck::judge_twice(failing(false));
    CHECK(rounds == 1);
    CHECK(outcome.measured == "12 ms");
  }
  SUBCASE("a second round that passes is the verdict, with its own words") {
    const gpucheck::check_outcome outcome = gpucheck::judge_twice([&] {
      gpucheck::check_outcome o;
      o.passed = ++rounds == 2;
      o.noise_could_explain = true;
      o.measured = "round " + std::to_string(rounds);
      return o;
    });
    CHECK(outcome.passed);
    CHECK(outcome.measured == "round 2");
  }
}

namespace {
int noise_measured_again = 0;
void count_noise_measurement() {
  ++noise_measured_again;
}
} // namespace

TEST_CASE("the noise is measured again after a second round fails as noise could explain, only") {
  // check_main measures the noise again there: a burst that began after the start shows.
  gpucheck::on_second_round_failed(count_noise_measurement);
  noise_measured_again = 0;
  int rounds = 0;
  const auto check = [&rounds](bool noise_could_explain, int passing_round) {
    return [&rounds, noise_could_explain, passing_round] {
      gpucheck::check_outcome outcome;
      outcome.passed = ++rounds == passing_round;
      outcome.noise_could_explain = noise_could_explain;
      return outcome;
    };
  };
  SUBCASE("two rounds failed, noise could explain both: measured again once") {
    gpucheck::judge_twice(check(true, 0));
    CHECK(noise_measured_again == 1);
  }
  SUBCASE("a certain failure: one round, no measurement") {
    gpucheck::judge_twice(check(false, 0));
    CHECK(noise_measured_again == 0);
  }
  SUBCASE("a second round that passes: no measurement") {
    gpucheck::judge_twice(check(true, 2));
    CHECK(noise_measured_again == 0);
  }
  SUBCASE("a second round that fails for certain: no measurement, noise cannot excuse it") {
    const auto first_noisy_then_certain = [&rounds] {
      gpucheck::check_outcome outcome;
      outcome.noise_could_explain = ++rounds == 1;
      return outcome;
    };
    gpucheck::judge_twice(first_noisy_then_certain);
    CHECK(noise_measured_again == 0);
  }
  gpucheck::on_second_round_failed(nullptr);
}

TEST_CASE("gpucheck's traced replay runs one round: only a failing call's window is read there") {
  int rounds = 0;
  const auto too_long = [&] {
    ++rounds;
    return std::vector<gpucheck::timing_trial>{kernel_trial(3.0, 2.5), kernel_trial(4.0, 3.0)};
  };
  setenv("GPUCHECK_REPLAY", "1", 1);
  CHECK(gpucheck::in_traced_replay());
  const auto outcome = gpucheck::judge_timing_twice(too_long, words(), 1);
  unsetenv("GPUCHECK_REPLAY");
  CHECK(rounds == 1);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.call.begin_ns != 0); // the failing call shown, for the trace to read
  CHECK_FALSE(gpucheck::in_traced_replay());
  CHECK(gpucheck::second_round_wanted(outcome)); // the same failure, outside the replay
}

TEST_CASE("in the traced replay, trials stop at the first wrong one: the call judge_timing shows") {
  const std::vector<gpucheck::timing_trial> planned{kernel_trial(2.5, 2.5), kernel_trial(9.0, 3.0),
                                                    kernel_trial(8.0, 4.0), kernel_trial(2.0, 2.0)};
  int run = 0;
  const auto one_trial = [&] { return planned[static_cast<std::size_t>(run++)]; };
  const auto whole = gpucheck::run_trials(4, one_trial);
  CHECK(whole.size() == 4);
  CHECK(run == 4);
  const auto judged = gpucheck::judge_timing(whole, words(), 1);

  run = 0;
  setenv("GPUCHECK_REPLAY", "1", 1);
  const auto replayed = gpucheck::run_trials(4, one_trial);
  const auto replay_judged = gpucheck::judge_timing(replayed, words(), 1);
  unsetenv("GPUCHECK_REPLAY");
  CHECK(run == 2); // the accurate first, then the first wrong one
  REQUIRE(replayed.size() == 2);
  // The replay shows the call the whole run shows: the first wrong trial's.
  CHECK(replay_judged.call.begin_ns == judged.call.begin_ns);
  CHECK(replay_judged.call.reported_ms == judged.call.reported_ms);
  CHECK(replay_judged.call.reported_ms == 9.0);

  run = 0;
  setenv("GPUCHECK_REPLAY", "1", 1);
  const auto all_right = gpucheck::run_trials(3, [&] {
    ++run;
    return kernel_trial(2.0, 2.0);
  });
  unsetenv("GPUCHECK_REPLAY");
  CHECK(run == 3); // a passing check's replay runs every trial
  CHECK(all_right.size() == 3);

  // Trials with more facts than their timing all run, in the replay too.
  struct stream_trial {
    gpucheck::timing_trial timing;
  };
  setenv("GPUCHECK_REPLAY", "1", 1);
  const auto with_facts =
      gpucheck::run_trials(3, [&] { return stream_trial{kernel_trial(9.0, 2.0)}; });
  unsetenv("GPUCHECK_REPLAY");
  CHECK(with_facts.size() == 3);
}

TEST_CASE("in the replay, each test case's trials stop at the call it reads, or after one") {
  // Test cases 1-3 of a replay: 1 read as failed, 2 as passed (a pass confirmed on a disturbed
  // GPU), 3 not read at all (it only runs before a later one that is).
  setenv("GPUCHECK_REPLAY", "1", 1);
  setenv("GPUCHECK_REPLAY_FAILS", "1", 1);
  setenv("GPUCHECK_REPLAY_PASSES", "2", 1);
  const std::vector<gpucheck::timing_trial> planned{kernel_trial(9.0, 3.0), kernel_trial(2.0, 2.0),
                                                    kernel_trial(8.0, 4.0), kernel_trial(2.5, 2.5)};
  const auto trials_run_in = [&](int test_case) {
    gpucheck::detail::note_test_case(test_case);
    int run = 0;
    gpucheck::run_trials(4, [&] { return planned[static_cast<std::size_t>(run++)]; });
    return run;
  };
  CHECK(trials_run_in(1) == 1); // the first trial is wrong: the failure's call
  CHECK(trials_run_in(2) == 2); // the first right trial: the pass's call
  CHECK(trials_run_in(3) == 1); // not read: one trial, then on
  CHECK(gpucheck::replay_has_its_call(true));
  // Without the lists (a whole run wanted), the first wrong trial, as before.
  unsetenv("GPUCHECK_REPLAY_FAILS");
  unsetenv("GPUCHECK_REPLAY_PASSES");
  CHECK(trials_run_in(4) == 1);
  CHECK_FALSE(gpucheck::replay_has_its_call(true));
  unsetenv("GPUCHECK_REPLAY");
  CHECK_FALSE(gpucheck::replay_has_its_call(false)); // outside the replay: never
  gpucheck::detail::note_test_case(0);
}

TEST_CASE("trials that carry more than their timing keep the round judged last") {
  struct copy_trial { // a trial and a fact about it, as a check may keep
    gpucheck::timing_trial timing;
    int round = 0;
  };
  int rounds = 0;
  const auto one_round = [&] {
    ++rounds;
    int made = 0;
    return gpucheck::run_trials(3, [&] {
      ++made;
      const double truth_ms = 2.0 + made;
      return copy_trial{kernel_trial(rounds == 1 ? 1.2 * truth_ms : truth_ms, truth_ms),
                        rounds * 10 + made};
    });
  };
  std::vector<copy_trial> last_round;
  const auto outcome = gpucheck::judge_timing_twice(one_round, words(), 1, last_round);
  CHECK(outcome.passed); // the first round too long (noise), the second right
  CHECK(rounds == 2);
  REQUIRE(last_round.size() == 3);
  CHECK(last_round.front().round == 21);
  CHECK(last_round.back().round == 23);
}

TEST_CASE("in Chinese, a failed timing is told in Chinese, with every value in its place") {
  // The check programs' words come from the catalogue in the language gpucheck passed
  // (checkapi/say.hpp); a placeholder left unfilled would show as {name}.
  gpucheck::messages::set_language(gpucheck::messages::language::chinese);
  const auto too_long =
      gpucheck::judge_timing({kernel_trial(9.0, 2.0), kernel_trial(8.0, 3.0)}, words(), 1);
  const auto zero =
      gpucheck::judge_timing({kernel_trial(0.0, 2.0), kernel_trial(0.0, 3.0)}, words(), 1);
  const auto slip = gpucheck::judge_timing({kernel_trial(2000.0, 2.0), kernel_trial(3000.0, 3.0)},
                                           words(), 1); // microseconds
  gpucheck::messages::set_language(gpucheck::messages::language::english);
  for (const auto* outcome : {&too_long, &zero, &slip}) {
    CAPTURE(outcome->message);
    CAPTURE(outcome->expected);
    CAPTURE(outcome->measured);
    CHECK_FALSE(outcome->passed);
    for (const std::string* field : {&outcome->message, &outcome->expected, &outcome->measured}) {
      CHECK_FALSE(contains(*field, "{"));
      CHECK_FALSE(field->empty());
    }
    // Chinese characters take two columns: more columns than characters.
    std::size_t characters = 0;
    for (const unsigned char byte : outcome->message)
      characters += (byte & 0xC0) != 0x80 ? 1 : 0;
    CHECK(gpucheck::messages::display_width(outcome->message) > characters);
  }
  CHECK(contains(too_long.message, "7.000 ms"));
  CHECK(contains(too_long.expected, "2.000 ms"));
}

// A batch trial (time_paced_runs): judged per run, but the call returned the batch's total, and
// its truth for the trace is the runs' total. The shown call carries that pair, never the total
// against one run's truth (a thousandfold "miss" that the diagnosis would weigh as a mistake's).
TEST_CASE("a batch's shown call pairs its total with the runs' total truth") {
  gpucheck::timing_trial batch = kernel_trial(0.0075, 0.0075); // judged per run: 7.5 us
  batch.call.reported_ms = 7.5;                                // 1000 runs in one interval
  batch.call.truth_ms = 7.5;
  batch.work_runs = 1000;
  const auto outcome = gpucheck::judge_timing({batch}, words(), 0);
  CHECK(outcome.passed);
  CHECK(outcome.call.reported_ms == doctest::Approx(7.5));
  CHECK(outcome.call.truth_ms == doctest::Approx(7.5));
}
