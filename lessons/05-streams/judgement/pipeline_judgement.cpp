// SPDX-License-Identifier: MIT
#include "judgement/pipeline_judgement.hpp"

#include "checkapi/say.hpp"

#include <cstring>
#include <utility>

namespace gpucheck {

wrong_word first_wrong_word(const std::vector<std::size_t>& sample, const std::uint32_t* in,
                            const std::uint32_t* out, std::size_t count, std::uint32_t key,
                            const word_transform& transform) {
  std::uint32_t untouched = 0;
  std::memset(&untouched, host_poison, sizeof(untouched));
  std::uint32_t device_word = 0; // what the device buffers hold before each call
  std::memset(&device_word, device_poison, sizeof(device_word));
  for (const std::size_t i : sample) {
    const std::uint32_t want = transform(in[i], key);
    const std::uint32_t got = out[i];
    if (got == want)
      continue;
    const std::string index = std::to_string(i);
    const std::string words = std::to_string(count);
    const std::string got_text = std::to_string(got);
    const std::string want_text = std::to_string(want);
    const auto word = [&](wrong_word_kind kind, std::string sentence) {
      return wrong_word{kind, std::move(sentence), i, count};
    };
    if (got == untouched)
      return word(wrong_word_kind::not_written,
                  say("check.l05.wrong-word.not-written", {{"index", index}, {"count", words}}));
    if (got == transform(in[i], stale_key))
      return word(wrong_word_kind::stale_key,
                  say("check.l05.wrong-word.stale-key", {{"index", index}, {"count", words}}));
    if (got == transform(device_word, key) || got == transform(device_word, stale_key))
      return word(wrong_word_kind::before_its_step,
                  say("check.l05.wrong-word.before-copy-in", {{"index", index}, {"count", words}}));
    if (got == device_word)
      return word(wrong_word_kind::before_its_step,
                  say("check.l05.wrong-word.before-kernel", {{"index", index}, {"count", words}}));
    return word(wrong_word_kind::other,
                say("check.l05.wrong-word.other",
                    {{"index", index}, {"count", words}, {"got", got_text}, {"want", want_text}}));
  }
  return {};
}

wrong_word settle_unwritten(const wrong_word& at_return, const wrong_word& after_finish) {
  if (at_return.kind != wrong_word_kind::not_written ||
      after_finish.kind != wrong_word_kind::not_written)
    return at_return;
  return {
      wrong_word_kind::never_written,
      say("check.l05.wrong-word.never-written", {{"index", std::to_string(after_finish.index)},
                                                 {"count", std::to_string(after_finish.count)}}),
      after_finish.index, after_finish.count};
}

void fail_for_wrong_word(check_outcome& outcome, const wrong_word& wrong, double delay_ms,
                         const std::string& lesson) {
  outcome.passed = false;
  outcome.measured = wrong.words;
  outcome.message =
      say("check.l05.bytes.message", {{"wrong", wrong.words}, {"delay", format_ms(delay_ms)}});
  outcome.states_what_was_seen = true; // the words read back, not a cause guessed
  switch (wrong.kind) {
  case wrong_word_kind::before_its_step:
    outcome.hint = say("check.l05.bytes.order-hint");
    outcome.lesson_section = lesson + "#wait-for-another-stream";
    break;
  case wrong_word_kind::stale_key:
    outcome.hint = say("check.l05.bytes.key-hint");
    outcome.lesson_section = lesson + "#wait-for-another-stream";
    break;
  case wrong_word_kind::not_written:
    outcome.hint = say("check.l05.bytes.not-written-hint");
    outcome.lesson_section = lesson + "#three-waits-three-scopes";
    break;
  case wrong_word_kind::never_written:
    outcome.hint = say("check.l05.bytes.offsets-hint");
    outcome.lesson_section = lesson + "#split-the-job-into-chunks";
    break;
  default:
    outcome.hint = say("check.l05.bytes.offsets-hint");
    outcome.lesson_section = lesson + "#split-the-job-into-chunks";
    break;
  }
}

namespace {

std::string percent_of_serial(const speed_round& round) {
  const double ratio = round.overlapped_ms / round.serial_ms;
  return std::to_string(static_cast<int>(100.0 * ratio + 0.5));
}

} // namespace

check_outcome judge_speed_up(const speed_round& round, double bound, bool second_round,
                             const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l05.speed-up.name");
  outcome.lesson_section = lesson + "#split-the-job-into-chunks";
  outcome.passed = round.overlapped_ms / round.serial_ms <= bound;
  const std::string percent = percent_of_serial(round);
  outcome.expected =
      say("check.l05.speed-up.expected",
          {{"bound", format_ms(bound * round.serial_ms)}, {"serial", format_ms(round.serial_ms)}});
  outcome.measured =
      second_round ? say("check.l05.speed-up.measured-second-round",
                         {{"overlapped", format_ms(round.overlapped_ms)}, {"percent", percent}})
                   : say("check.l05.speed-up.measured",
                         {{"overlapped", format_ms(round.overlapped_ms)}, {"percent", percent}});
  return outcome;
}

void explain_no_speed_up(check_outcome& outcome, const speed_round& round, bool pinned,
                         const std::string& lesson) {
  const std::string percent = percent_of_serial(round);
  if (!pinned) {
    outcome.message = say("check.l05.speed-up.pageable.message", {{"percent", percent}});
    outcome.hint = say("check.l05.speed-up.pageable.hint");
    outcome.lesson_section = lesson + "#copies-that-can-overlap-need-pinned-memory";
    outcome.noise_could_explain = false;
    return;
  }
  outcome.message = say("check.l05.speed-up.message", {{"percent", percent}});
  outcome.hint = say("check.l05.speed-up.hint");
  // Another process on the GPU slows both versions and can take away the overlap; only the
  // measured noise decides (core/noise_judgement.cpp), so a failure here can be excused.
  outcome.noise_could_explain = true;
}

void fail_if_others_waited(check_outcome& outcome, const std::vector<share_trial>& trials,
                           const std::string& lesson) {
  const other_waits waits = count_other_waits(trials);
  if (!outcome.passed || waits.waited <= 1)
    return;
  const share_trial& shown = trials[static_cast<std::size_t>(waits.shown)];
  outcome.passed = false;
  show_call(outcome, shown.timing.call, shown.timing.truth_ms);
  outcome.expected = say("check.l05.waited-others.expected");
  outcome.measured =
      say("check.l05.waited-others.measured",
          {{"waited", std::to_string(waits.waited)}, {"calls", std::to_string(trials.size())}});
  outcome.message = shown.other.work_started_after
                        ? say("check.l05.waited-others-before-work.message",
                              {{"other", format_ms(shown.other.other_ms)}})
                        : say("check.l05.waited-others-after-work.message",
                              {{"other", format_ms(shown.other.other_ms)},
                               {"after", format_ms(shown.other.ended_after_work_ms)}});
  outcome.hint = say("check.l05.waited-others.hint");
  outcome.rule.clear();
  outcome.noise_could_explain = waits.noise_could_explain;
  outcome.states_what_was_seen = !waits.noise_could_explain; // seen in calls no neighbour explains
  outcome.lesson_section = lesson + "#synchronize-the-stream-that-carries-the-work";
}

} // namespace gpucheck
