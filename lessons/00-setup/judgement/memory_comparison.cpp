// SPDX-License-Identifier: MIT
#include "judgement/memory_comparison.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"

#include <algorithm>

namespace gpucheck {

namespace {

enum class memory_kind { pageable, pinned };

const copy_trial& copy_of(const memory_trial& trial, memory_kind kind) {
  return kind == memory_kind::pageable ? trial.pageable : trial.pinned;
}

std::string memory_words(memory_kind kind) {
  return kind == memory_kind::pageable ? say("check.l00.memory.pageable")
                                       : say("check.l00.memory.pinned");
}

bool reads_as(double reported_ms, double truth_ms, const time_tolerance& tolerance) {
  return judge_time(reported_ms, truth_ms, tolerance) == time_verdict::accurate;
}

// One kind's numbers, judged as time_copy_ms's are (copy_facts.hpp).
check_outcome judge_kind(const std::vector<memory_trial>& trials, memory_kind kind,
                         const time_tolerance& tolerance, const std::string& section,
                         int allowed_misses) {
  std::vector<copy_trial> copies;
  std::vector<timing_trial> timings;
  for (const memory_trial& trial : trials) {
    copies.push_back(copy_of(trial, kind));
    timings.push_back(copy_of(trial, kind).timing);
  }
  timing_words words;
  words.name = say("check.l00.compare.name");
  words.section = section;
  words.zero_hint = say("check.l00.compare.zero-hint");
  words.wrong_hint = say("check.l00.compare.wrong-hint");
  check_outcome outcome = judge_timing(timings, words, allowed_misses);
  name_copy_facts(outcome, copies, tolerance, section);
  // name_copy_facts speaks of time_copy_ms's `destination`; this function has one of each kind.
  const bool not_copied = std::any_of(copies.begin(), copies.end(), [](const copy_trial& c) {
    return !c.copied && c.timing.reported_ms != 0;
  });
  if (not_copied) {
    outcome.message =
        say("check.l00.compare.not-copied",
            {{"memory", memory_words(kind)},
             {"destination", kind == memory_kind::pageable ? "from_pageable" : "from_pinned"}});
    outcome.hint = say("check.l00.compare.not-copied-hint");
    outcome.states_what_was_seen = true; // the destination read back
  }
  return outcome;
}

enum class mix_up { none, swapped, not_pinned, not_pageable };

// The mix-up of the two kinds that every trial shows, where the checker's two kinds of copy were
// far enough apart in every trial that no number reads as both.
mix_up common_mix_up(const std::vector<memory_trial>& trials, const time_tolerance& tolerance) {
  const auto every = [&](auto&& holds) {
    return !trials.empty() && std::all_of(trials.begin(), trials.end(), holds);
  };
  const bool distinct = every([](const memory_trial& t) {
    return t.pageable.timing.truth_ms >= distinct_kinds_ratio * t.pinned.timing.truth_ms;
  });
  if (!distinct) {
    return mix_up::none;
  }
  const bool pinned_as_pageable = every([&](const memory_trial& t) {
    return reads_as(t.pinned.timing.reported_ms, t.pageable.timing.truth_ms, tolerance);
  });
  const bool pageable_as_pinned = every([&](const memory_trial& t) {
    return reads_as(t.pageable.timing.reported_ms, t.pinned.timing.truth_ms, tolerance);
  });
  if (pinned_as_pageable && pageable_as_pinned) {
    return mix_up::swapped;
  }
  if (pinned_as_pageable) {
    return mix_up::not_pinned;
  }
  return pageable_as_pinned ? mix_up::not_pageable : mix_up::none;
}

// The first trial whose `kind` number is off its truth: the one judge_timing showed.
const memory_trial& first_off(const std::vector<memory_trial>& trials, memory_kind kind) {
  const auto off = std::find_if(trials.begin(), trials.end(), [&](const memory_trial& t) {
    return copy_of(t, kind).timing.verdict() != time_verdict::accurate;
  });
  return off != trials.end() ? *off : trials.front();
}

// Says which mix-up the numbers show, with the shown trial's numbers. A swap is a slip of the
// numbers that no busy GPU makes. A "pinned" copy as slow as a pageable one has two causes the
// numbers cannot tell apart (a buffer not pinned, or the pinning inside the timing, which the
// trace of the call names): the words give the measurement and ask; a busy GPU stays an excuse
// as judge_timing decided.
void name_mix_up(check_outcome& outcome, mix_up mixed, const memory_trial& shown) {
  const std::initializer_list<said_value> numbers = {
      {"pageable", format_ms(shown.pageable.timing.reported_ms)},
      {"pinned", format_ms(shown.pinned.timing.reported_ms)},
      {"pageable_truth", format_ms(shown.pageable.timing.truth_ms)},
      {"pinned_truth", format_ms(shown.pinned.timing.truth_ms)}};
  if (mixed == mix_up::swapped) {
    outcome.message = say("check.l00.compare.swapped", numbers);
    outcome.hint = say("check.l00.compare.swapped-hint");
    outcome.slip = "swapped";
    outcome.noise_could_explain = false;
  } else if (mixed == mix_up::not_pinned) {
    outcome.message = say("check.l00.compare.not-pinned", numbers);
    outcome.hint = say("check.l00.compare.not-pinned-hint");
  } else {
    outcome.message = say("check.l00.compare.not-pageable", numbers);
    outcome.hint = say("check.l00.compare.not-pageable-hint");
  }
  outcome.says_only_how_far_off = false;
}

} // namespace

check_outcome judge_memory_comparison(const std::vector<memory_trial>& trials,
                                      const time_tolerance& tolerance, const std::string& section,
                                      int allowed_misses) {
  const check_outcome pageable =
      judge_kind(trials, memory_kind::pageable, tolerance, section, allowed_misses);
  const check_outcome pinned =
      judge_kind(trials, memory_kind::pinned, tolerance, section, allowed_misses);
  if (pageable.passed && pinned.passed) {
    check_outcome outcome = pinned;
    const memory_trial& last = trials.back();
    outcome.expected =
        say("check.l00.compare.expected", {{"pageable", format_ms(last.pageable.timing.truth_ms)},
                                           {"pinned", format_ms(last.pinned.timing.truth_ms)},
                                           {"relative", share_text(tolerance.relative)},
                                           {"absolute", format_ms(tolerance.absolute_ms)}});
    outcome.measured = say("check.l00.compare.measured",
                           {{"pageable", format_ms(last.pageable.timing.reported_ms)},
                            {"pinned", format_ms(last.pinned.timing.reported_ms)}});
    return outcome;
  }
  // The pinned copy first: it is the one the experiment is about.
  const memory_kind kind = pinned.passed ? memory_kind::pageable : memory_kind::pinned;
  check_outcome outcome = kind == memory_kind::pinned ? pinned : pageable;
  if (!outcome.says_only_how_far_off) {
    return outcome; // a fact already named: no copy, a unit, a clock of CPU time, nothing timed
  }
  const mix_up mixed = common_mix_up(trials, tolerance);
  const bool explains = mixed == mix_up::swapped ||
                        (mixed == mix_up::not_pinned && kind == memory_kind::pinned) ||
                        (mixed == mix_up::not_pageable && kind == memory_kind::pageable);
  if (explains) {
    name_mix_up(outcome, mixed, first_off(trials, kind));
  }
  return outcome;
}

} // namespace gpucheck
