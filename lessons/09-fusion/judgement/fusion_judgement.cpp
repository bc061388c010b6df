// SPDX-License-Identifier: MIT
#include "judgement/fusion_judgement.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "common/durations.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

// [ms] The time a bandwidth implies for the bytes the timed kernel moves.
double implied_ms(double gbps, double bytes) {
  return bytes / (gbps * 1e9) * 1e3;
}

// A miss no neighbour causes: nothing measured, or a number far above the truth (the truth is
// the checker's fastest run, which a neighbour can only have slowed less than all of the others).
bool noise_cannot_cause(const gbps_call& call) {
  if (!std::isfinite(call.reported_gbps) || !(call.reported_gbps > 0) || !(call.truth_gbps > 0))
    return true;
  if (call.reported_gbps / call.truth_gbps >= 1.5)
    return true;
  // A power of 1000 no neighbour makes (issue 42, item 5); 20 times low, only where the time it
  // implies is also busy_gpu_delay_ms longer than the truth's (with the bytes known): a time slice
  // holds this short kernel (about 0.13 ms) 20 times over.
  const gbps_slip slip = find_gbps_slip(call.reported_gbps, call.truth_gbps);
  if (slip == gbps_slip::ms_as_seconds || slip == gbps_slip::in_mb_per_s)
    return true;
  return call.exact_bytes > 0 &&
         noise_cannot_produce({}, implied_ms(call.reported_gbps, call.exact_bytes),
                              implied_ms(call.truth_gbps, call.exact_bytes), busy_gpu_delay_ms);
}

// A slip below the truth that every call shows, and that no neighbour can imitate: the student's
// own byte count explains the number. GiB for GB (0.931 of the truth), half of it, or half in GiB
// are named when every call shows them, but are no fact: a neighbour that runs through the whole
// timing slows every call alike (lesson 09's correct "ada", ten runs between two events, read
// 0.471 of the truth in every call beside gpu_load on an H100, 1% from half in GiB). There a
// quiet GPU fails them after a second round, and a disturbed one makes them inconclusive.
bool named_low_slip(gbps_slip slip) {
  return slip == gbps_slip::in_gib_per_s || slip == gbps_slip::counted_once ||
         slip == gbps_slip::own_byte_count;
}
bool low_slip_is_a_fact(gbps_slip slip) {
  return slip == gbps_slip::own_byte_count;
}

} // namespace

std::uint64_t pair_bytes(std::uint64_t items, std::uint64_t item_bytes) {
  return 4 * items * item_bytes; // read x, write t, read t, write y
}

std::uint64_t fused_bytes(std::uint64_t items, std::uint64_t item_bytes) {
  return 2 * items * item_bytes; // read x, write y
}

byte_count_slip find_byte_count_slip(std::uint64_t reported, std::uint64_t items,
                                     std::uint64_t item_bytes, bool fused) {
  const std::uint64_t exact =
      fused ? fused_bytes(items, item_bytes) : pair_bytes(items, item_bytes);
  if (reported == exact)
    return byte_count_slip::none;
  if (reported * 2 == exact) // for the pair, also the fused kernel's count: the message says both
    return byte_count_slip::reads_only;
  if (fused && reported == pair_bytes(items, item_bytes))
    return byte_count_slip::pair_for_fused;
  if (item_bytes > 1 && reported * item_bytes == exact)
    return byte_count_slip::items_not_bytes;
  return byte_count_slip::other;
}

double fused_achieved_gbps(const fusion_times& times) {
  return bandwidth_gbps(static_cast<double>(fused_bytes(times.items, times.item_bytes)),
                        times.fused_ms);
}

double pair_achieved_gbps(const fusion_times& times) {
  return bandwidth_gbps(static_cast<double>(pair_bytes(times.items, times.item_bytes)),
                        times.pair_ms);
}

double share_of_copy(const fusion_times& times) {
  if (!(times.copy_gbps > 0))
    return 0;
  return fused_achieved_gbps(times) / times.copy_gbps;
}

double fused_over_pair(const fusion_times& times) {
  if (!(times.fused_ms > 0) || !(times.pair_ms > 0))
    return 0;
  return times.fused_ms / times.pair_ms;
}

fusion_speed_verdict judge_fusion_speed(const fusion_times& times, fusion_bar bar) {
  if (share_of_copy(times) > most_share_of_copy)
    return fusion_speed_verdict::faster_than_memory;
  const double ratio = fused_over_pair(times);
  if (!(ratio > 0) || ratio > bar.most_fused_over_pair)
    return fusion_speed_verdict::no_gain;
  if (share_of_copy(times) < bar.least_share_of_copy)
    return fusion_speed_verdict::below_copy_share;
  return fusion_speed_verdict::fast_enough;
}

bool noise_could_explain_fusion_speed(fusion_speed_verdict verdict) {
  return verdict != fusion_speed_verdict::fast_enough &&
         verdict != fusion_speed_verdict::faster_than_memory;
}

gbps_slip find_gbps_slip(double reported_gbps, double truth_gbps) {
  if (std::isfinite(reported_gbps) && truth_gbps > 0 &&
      within_relative(reported_gbps, truth_gbps, fused_gbps_relative_tolerance))
    return gbps_slip::none;
  if (std::isfinite(reported_gbps) && truth_gbps > 0 &&
      within_relative(reported_gbps, 2 * truth_gbps, fused_gbps_relative_tolerance))
    return gbps_slip::counted_twice;
  switch (find_bandwidth_slip(reported_gbps, truth_gbps)) {
  case bandwidth_slip::none: // within transfer_judgement's 3%: within ours too
    return gbps_slip::none;
  case bandwidth_slip::in_gib_per_s:
    return gbps_slip::in_gib_per_s;
  case bandwidth_slip::round_trip_counted_once:
    return gbps_slip::counted_once;
  case bandwidth_slip::in_mb_per_s:
    return gbps_slip::in_mb_per_s;
  case bandwidth_slip::ms_as_seconds:
    return gbps_slip::ms_as_seconds;
  case bandwidth_slip::whole_ms_time: // not without the bytes (find_gbps_slip(call) asks)
    return gbps_slip::whole_ms_time;
  case bandwidth_slip::other:
    return gbps_slip::other;
  }
  return gbps_slip::other;
}

slip_result whole_ms_time_slip(const gbps_call& call) {
  const double divided = call.counted_bytes > 0 ? call.counted_bytes : call.exact_bytes;
  return find_whole_ms_time(call.reported_gbps, divided, call.truth_gbps, call.exact_bytes,
                            fused_gbps_relative_tolerance);
}

gbps_slip find_gbps_slip(const gbps_call& call) {
  if (whole_ms_time_slip(call).kind != slip_kind::none)
    return gbps_slip::whole_ms_time;
  if (call.counted_bytes > 0 && call.exact_bytes > 0 && call.counted_bytes != call.exact_bytes &&
      std::isfinite(call.reported_gbps) && call.truth_gbps > 0 &&
      within_relative(call.reported_gbps * call.exact_bytes / call.counted_bytes, call.truth_gbps,
                      fused_gbps_relative_tolerance))
    return gbps_slip::own_byte_count;
  return find_gbps_slip(call.reported_gbps, call.truth_gbps);
}

gbps_verdict judge_gbps_round(const std::vector<gbps_call>& calls) {
  gbps_verdict verdict;
  verdict.passed = true;
  int misses = 0;
  bool shown_set = false;
  // The first miss is shown, unless a later one shows a fact that noise cannot cause.
  std::size_t facts = 0;
  std::vector<gbps_slip> slips;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const gbps_slip slip = find_gbps_slip(calls[i]);
    slips.push_back(slip);
    if (slip == gbps_slip::none)
      continue;
    ++misses;
    if (noise_cannot_cause(calls[i]))
      ++facts;
    if (!shown_set) {
      verdict.shown = i;
      verdict.slip = slip;
      shown_set = true;
    }
  }
  if (misses == 0)
    return verdict;
  verdict.passed = false;
  // A number far above the truth, or none, is a fact when two calls show it (or the round's only
  // call does); a count of the student's own when every call shows it (named_low_slip above).
  const bool far_or_none = facts >= 2 || (calls.size() == 1 && facts == 1);
  const bool same_low_slip =
      named_low_slip(slips.front()) &&
      std::all_of(slips.begin(), slips.end(), [&](gbps_slip s) { return s == slips.front(); });
  // Whole milliseconds are exact: every miss shows them (a right call may be whole by luck).
  const bool whole_ms = (misses >= 2 || calls.size() == 1) &&
                        std::all_of(slips.begin(), slips.end(), [](gbps_slip s) {
                          return s == gbps_slip::none || s == gbps_slip::whole_ms_time;
                        });
  verdict.noise_could_explain =
      !far_or_none && !(same_low_slip && low_slip_is_a_fact(slips.front())) && !whole_ms;
  if (whole_ms) {
    verdict.shown = static_cast<std::size_t>(
        std::find(slips.begin(), slips.end(), gbps_slip::whole_ms_time) - slips.begin());
    verdict.slip = gbps_slip::whole_ms_time;
  } else if (far_or_none) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (slips[i] != gbps_slip::none && noise_cannot_cause(calls[i])) {
        verdict.shown = i;
        verdict.slip = slips[i];
        break;
      }
    }
  } else if (same_low_slip) {
    verdict.shown = 0;
    verdict.slip = slips.front();
  }
  return verdict;
}

gbps_verdict judge_fused_gbps(const std::vector<gbps_call>& first,
                              const std::vector<gbps_call>& second) {
  const gbps_verdict first_verdict = judge_gbps_round(first);
  if (first_verdict.passed || !first_verdict.noise_could_explain)
    return first_verdict;
  if (second.empty()) {
    gbps_verdict retry = first_verdict;
    retry.retry = true;
    return retry;
  }
  gbps_verdict second_verdict = judge_gbps_round(second);
  if (!second_verdict.passed) {
    second_verdict.shown_in_second = true;
    return second_verdict;
  }
  // The second round was right. Its calls were all warm; the first round's first call was the
  // process's first launch of the kernel. Below the truth there, and right ever after: the
  // kernel's loading was timed. Whatever slip the first call's number resembles (half the truth,
  // the GiB factor): the later calls, the same code, were right, so its bytes and unit are.
  const gbps_call& cold = first.front();
  if (find_gbps_slip(cold) != gbps_slip::none && cold.reported_gbps < cold.truth_gbps) {
    gbps_verdict verdict;
    verdict.shown = 0;
    verdict.slip = gbps_slip::other;
    verdict.cold_first_call = true;
    verdict.noise_could_explain = true; // a burst on that one call looks the same
    return verdict;
  }
  return second_verdict;
}

fusion_advice advise_on_byte_count(byte_count_slip slip, const std::string& which,
                                   std::uint64_t reported, std::uint64_t exact,
                                   std::uint64_t items) {
  const std::initializer_list<said_value> values = {{"function", which},
                                                    {"reported", std::to_string(reported)},
                                                    {"exact", std::to_string(exact)},
                                                    {"items", std::to_string(items)}};
  switch (slip) {
  case byte_count_slip::none:
    return {};
  case byte_count_slip::reads_only:
    return {say("check.l09.counts.reads-only.message", values),
            say("check.l09.counts.reads-only.hint")};
  case byte_count_slip::items_not_bytes:
    return {say("check.l09.counts.items.message", values), say("check.l09.counts.items.hint")};
  case byte_count_slip::pair_for_fused:
    return {say("check.l09.counts.pair-for-fused.message", values),
            say("check.l09.counts.pair-for-fused.hint")};
  case byte_count_slip::other:
    return {say("check.l09.counts.other.message", values), say("check.l09.counts.other.hint")};
  }
  return {};
}

fusion_advice advise_on_fusion_speed(fusion_speed_verdict verdict, const fusion_times& times,
                                     fusion_bar bar) {
  switch (verdict) {
  case fusion_speed_verdict::fast_enough:
    return {};
  case fusion_speed_verdict::faster_than_memory:
    return {say("check.l09.speed.faster-than-memory.message",
                {{"achieved", gbps_text(fused_achieved_gbps(times))},
                 {"copy", gbps_text(times.copy_gbps)}}),
            say("check.l09.speed.faster-than-memory.hint")};
  case fusion_speed_verdict::no_gain:
    return {say("check.l09.speed.no-gain.message", {{"fused", format_ms(times.fused_ms)},
                                                    {"pair", format_ms(times.pair_ms)},
                                                    {"ratio", share_text(fused_over_pair(times))},
                                                    {"bar", share_text(bar.most_fused_over_pair)}}),
            say("check.l09.speed.no-gain.hint")};
  case fusion_speed_verdict::below_copy_share:
    return {say("check.l09.speed.below-copy.message",
                {{"achieved", gbps_text(fused_achieved_gbps(times))},
                 {"share", share_text(share_of_copy(times))},
                 {"bar", share_text(bar.least_share_of_copy)},
                 {"copy", gbps_text(times.copy_gbps)}}),
            say("check.l09.speed.below-copy.hint")};
  }
  return {};
}

fusion_advice advise_on_fused_gbps(const gbps_verdict& verdict, double reported_gbps,
                                   double truth_gbps, double bytes, double counted_bytes) {
  const std::initializer_list<said_value> values = {{"reported", gbps_text(reported_gbps)},
                                                    {"truth", gbps_text(truth_gbps)}};
  if (verdict.passed)
    return {};
  if (verdict.cold_first_call)
    return {say("check.l09.number.cold.message", values), say("check.l09.number.cold.hint")};
  switch (verdict.slip) {
  case gbps_slip::none:
    return {};
  case gbps_slip::in_gib_per_s:
    return {say("check.l09.number.gib.message", values), say("check.l09.number.gib.hint")};
  case gbps_slip::counted_once:
    return {say("check.l09.number.once.message", values), say("check.l09.number.once.hint")};
  case gbps_slip::counted_twice:
    return {say("check.l09.number.twice.message", values), say("check.l09.number.twice.hint")};
  case gbps_slip::in_mb_per_s:
    return {say("check.l09.number.mb.message", values), say("check.l09.number.mb.hint")};
  case gbps_slip::ms_as_seconds: {
    slip_result thousandth;
    thousandth.kind = slip_kind::over_1000;
    thousandth.expected = truth_gbps * 1e-3;
    thousandth.factor = reported_gbps / truth_gbps;
    const slip_words words = describe_slip(thousandth, reported_gbps, truth_gbps, "GB/s");
    return {words.message, words.hint};
  }
  case gbps_slip::whole_ms_time: {
    const slip_words words = describe_whole_ms_time(
        reported_gbps, counted_bytes > 0 ? counted_bytes : bytes, truth_gbps, bytes);
    return {words.message, words.hint};
  }
  case gbps_slip::own_byte_count:
    return {say("check.l09.number.count.message",
                {{"reported", gbps_text(reported_gbps)},
                 {"truth", gbps_text(truth_gbps)},
                 {"counted", std::to_string(static_cast<std::uint64_t>(counted_bytes))},
                 {"exact", std::to_string(static_cast<std::uint64_t>(bytes))}}),
            say("check.l09.number.count.hint")};
  case gbps_slip::other:
    if (!std::isfinite(reported_gbps) || !(reported_gbps > 0))
      return {say("check.l09.number.none.message", values), say("check.l09.number.none.hint")};
    if (reported_gbps > truth_gbps)
      return {say("check.l09.number.high.message", values), say("check.l09.number.high.hint")};
    if (reported_gbps > 0 && truth_gbps > 0 && bytes > 0) {
      // The time the number implies, less the kernel's: a launch's worth is a method's slip.
      const double extra_ms = (bytes / reported_gbps - bytes / truth_gbps) / 1e9 * 1e3;
      if (extra_ms <= launch_worth_ms)
        return {say("check.l09.number.launch.message", {{"reported", gbps_text(reported_gbps)},
                                                        {"truth", gbps_text(truth_gbps)},
                                                        {"extra", format_ms(extra_ms)}}),
                say("check.l09.number.launch.hint")};
    }
    return {say("check.l09.number.low.message", values), say("check.l09.number.low.hint"), true};
  }
  return {};
}

} // namespace gpucheck
