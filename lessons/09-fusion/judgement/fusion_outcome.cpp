// SPDX-License-Identifier: MIT
#include "judgement/fusion_outcome.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"

#include <limits>

namespace gpucheck {
namespace {

std::string whole_gbps(double gbps) {
  return number_text("%.0f GB/s", gbps);
}

} // namespace

check_outcome number_outcome(const number_round& first, const number_round& second,
                             const gbps_verdict& verdict, double exact_bytes,
                             const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l09.number.name");
  outcome.lesson_section = lesson + "#achieved-bandwidth";
  const number_round& shown_round = verdict.shown_in_second ? second : first;
  const gbps_call& shown = shown_round.numbers[verdict.shown];
  outcome.expected = say("check.l09.number.expected", {{"truth", whole_gbps(shown.truth_gbps)},
                                                       {"ms", format_ms(shown_round.truth_ms)}});
  outcome.measured =
      say("check.l09.number.measured", {{"reported", whole_gbps(shown.reported_gbps)}});
  outcome.passed = verdict.passed;
  if (outcome.passed) {
    // The traced replay of a failure can pass (the tracer slows the host's calls): its call is
    // still the one to read.
    show_call(outcome, shown_round.calls[verdict.shown], shown_round.truth_ms);
    outcome.call.reported_ms = std::numeric_limits<double>::quiet_NaN();
    return outcome;
  }
  if (verdict.shown_in_second)
    outcome.measured = say("check.api.second-round.measured", {{"measured", outcome.measured}});
  const fusion_advice advice = advise_on_fused_gbps(verdict, shown.reported_gbps, shown.truth_gbps,
                                                    exact_bytes, shown.counted_bytes);
  outcome.message = advice.message;
  outcome.hint = advice.hint;
  outcome.says_only_how_far_off = advice.only_how_far_off;
  outcome.noise_could_explain = verdict.noise_could_explain;
  // The why of a wrong method (no wait, events on another stream, the first launch timed) is the
  // trace's; a slip of the bytes or the unit is the numbers' own. A GB/s is no interval's time
  // (a function may time several runs and divide), so the trace gets no number to hold it to.
  if (verdict.slip == gbps_slip::ms_as_seconds)
    outcome.slip = slip_id(slip_kind::over_1000); // the why, over the trace's
  if (verdict.slip == gbps_slip::in_mb_per_s)
    outcome.slip = slip_id(slip_kind::times_1000);
  if (verdict.slip == gbps_slip::in_gib_per_s)
    outcome.slip = slip_id(slip_kind::gib_for_gb); // named; a busy GPU may still excuse it
  if (verdict.slip == gbps_slip::whole_ms_time)    // whole ms under the number: exact
    outcome.slip = slip_id(whole_ms_time_slip(shown).kind);
  if (verdict.slip == gbps_slip::other || !outcome.slip.empty()) {
    show_call(outcome, shown_round.calls[verdict.shown], shown_round.truth_ms);
    outcome.call.reported_ms = std::numeric_limits<double>::quiet_NaN();
  }
  if (verdict.cold_first_call)
    outcome.lesson_section = lesson + "#timing-the-fused-kernel";
  return outcome;
}

check_outcome bytes_outcome(std::uint64_t first_wrong_y, std::uint64_t first_written_t,
                            std::uint64_t n, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l09.bytes.name");
  outcome.lesson_section = lesson + "#one-kernel-instead-of-two";
  outcome.expected = say("check.l09.bytes.expected", {{"n", std::to_string(n)}});
  const bool y_right = first_wrong_y >= n;
  const bool t_untouched = first_written_t >= n;
  outcome.passed = y_right && t_untouched;
  if (outcome.passed) {
    outcome.measured = say("check.l09.bytes.measured");
    return outcome;
  }
  outcome.states_what_was_seen = true; // the buffers read back
  if (!y_right) {
    const std::string index = std::to_string(first_wrong_y);
    const std::string items = std::to_string(n);
    outcome.measured = say("check.l09.bytes.wrong", {{"index", index}});
    // Past the last whole block of 256: where a kernel without its bounds test stops.
    if (first_wrong_y >= n / 256 * 256) {
      outcome.message = say("check.l09.bytes.tail.message", {{"index", index}, {"n", items}});
      outcome.hint = say("check.l09.bytes.tail.hint");
    } else {
      outcome.message = say("check.l09.bytes.message", {{"index", index}, {"n", items}});
      outcome.hint = say("check.l09.bytes.hint");
    }
    return outcome;
  }
  const std::string index = std::to_string(first_written_t);
  outcome.measured = say("check.l09.bytes.wrote-t", {{"index", index}});
  outcome.message = say("check.l09.bytes.wrote-t.message", {{"index", index}});
  outcome.hint = say("check.l09.bytes.wrote-t.hint");
  return outcome;
}

check_outcome counts_outcome(const byte_count& unfused, const byte_count& fused,
                             const std::vector<std::size_t>& sizes, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l09.counts.name");
  outcome.lesson_section = lesson + "#count-the-bytes";
  outcome.expected = say("check.l09.counts.expected");
  outcome.measured = say("check.l09.counts.measured");
  outcome.passed = true;
  for (const std::size_t n : sizes) {
    for (const bool is_fused : {false, true}) {
      const std::uint64_t reported = is_fused ? fused(n) : unfused(n);
      const byte_count_slip slip = find_byte_count_slip(reported, n, sizeof(float), is_fused);
      if (slip == byte_count_slip::none)
        continue;
      const std::uint64_t exact =
          is_fused ? fused_bytes(n, sizeof(float)) : pair_bytes(n, sizeof(float));
      const std::string which = is_fused ? "fused_bytes" : "unfused_bytes";
      const fusion_advice advice = advise_on_byte_count(slip, which, reported, exact, n);
      outcome.passed = false;
      outcome.measured = say(
          "check.l09.counts.wrong",
          {{"function", which}, {"n", std::to_string(n)}, {"reported", std::to_string(reported)}});
      outcome.message = advice.message;
      outcome.hint = advice.hint;
      return outcome;
    }
  }
  return outcome;
}

check_outcome speed_outcome(const fusion_times& times, fusion_speed_verdict verdict, fusion_bar bar,
                            bool second_round, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l09.speed.name");
  outcome.lesson_section = lesson + "#one-kernel-instead-of-two";
  outcome.expected =
      say("check.l09.speed.expected", {{"ratio", share_text(bar.most_fused_over_pair)},
                                       {"share", share_text(bar.least_share_of_copy)},
                                       {"copy", whole_gbps(times.copy_gbps)}});
  outcome.measured =
      say("check.l09.speed.measured", {{"fused", format_ms(times.fused_ms)},
                                       {"pair", format_ms(times.pair_ms)},
                                       {"ratio", share_text(fused_over_pair(times))},
                                       {"achieved", whole_gbps(fused_achieved_gbps(times))},
                                       {"pair_achieved", whole_gbps(pair_achieved_gbps(times))},
                                       {"share", share_text(share_of_copy(times))}});
  outcome.passed = verdict == fusion_speed_verdict::fast_enough;
  if (outcome.passed)
    return outcome;
  if (second_round)
    outcome.measured = say("check.api.second-round.measured", {{"measured", outcome.measured}});
  const fusion_advice advice = advise_on_fusion_speed(verdict, times, bar);
  outcome.message = advice.message;
  outcome.hint = advice.hint;
  outcome.noise_could_explain = noise_could_explain_fusion_speed(verdict);
  if (verdict == fusion_speed_verdict::below_copy_share)
    outcome.lesson_section = lesson + "#achieved-bandwidth";
  return outcome;
}

} // namespace gpucheck
