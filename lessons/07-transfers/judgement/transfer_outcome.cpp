// SPDX-License-Identifier: MIT
#include "judgement/transfer_outcome.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

namespace gpucheck {
namespace {

std::string gbps_one_decimal(double gbps) {
  return number_text("%.1f GB/s", gbps);
}

} // namespace

double reported_gbps(const timed_call& call, double round_trip_bytes) {
  return call.reported_ms > 0 ? round_trip_bytes / (call.reported_ms * 1e-3) / 1e9 : 0.0;
}

check_outcome speed_outcome(const round_trip_times& times, speed_verdict verdict,
                            host_memory memory, const std::vector<round_trip_call>& calls,
                            const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l07.speed.name");
  outcome.lesson_section = lesson + "#chunks-on-several-streams";
  const speed_bar bar;
  const std::string share = std::to_string(static_cast<int>(100.0 * share_of_peak(times) + 0.5));
  outcome.expected =
      say("check.l07.speed.expected",
          {{"bar", std::to_string(static_cast<int>(100.0 * bar.share_of_peak + 0.5))},
           {"to_device", gbps_one_decimal(times.peak.to_device_gbps)},
           {"to_host", gbps_one_decimal(times.peak.to_host_gbps)}});
  outcome.measured =
      say("check.l07.speed.measured", {{"share", share},
                                       {"yours", format_ms(times.student_ms)},
                                       {"pinned", format_ms(times.pinned_serial_ms)},
                                       {"pageable", format_ms(times.pageable_serial_ms)}});
  outcome.passed = verdict == speed_verdict::fast_enough;
  if (outcome.passed)
    return outcome;
  const transfer_advice advice = advise_on_speed(verdict, times, bar, memory);
  outcome.message = advice.message;
  outcome.hint = advice.hint;
  // "No faster than pageable memory" assumes pageable copies: the trace says where they lived.
  // Managed memory the check knows itself, and says.
  if (assumes_pageable_copies(verdict, memory))
    outcome.assumes = "pageable-copies";
  outcome.lesson_section =
      verdict == speed_verdict::not_faster_than_pageable || memory == host_memory::managed
          ? lesson + "#pageable-and-pinned-memory"
          : lesson + "#chunks-on-several-streams";
  // The gpucheck core decides from the measured noise; the judgement says when noise cannot.
  outcome.noise_could_explain = noise_could_explain_speed(verdict, true);
  // A round trip no faster than the checker's pinned serial one may show its cause in the trace (a
  // cudaMallocHost in the timed region), which makes the failure certain on a busy GPU too; a
  // correct one's trace shows no mistake (its joined streams included: rules/detail/
  // event_ordering.hpp), and the failure stays one that noise could explain. A faster one that
  // still missed the bar shows no call.
  if (shows_no_overlap(times) && !calls.empty())
    show_call(outcome, calls.front().call, calls.front().truth_ms);
  return outcome;
}

check_outcome number_outcome(const std::vector<round_trip_call>& calls, double round_trip_bytes,
                             const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l07.number.name");
  outcome.lesson_section = lesson + "#achieved-bandwidth";
  int misses = 0;
  const round_trip_call* shown = nullptr;
  bandwidth_slip slip = bandwidth_slip::none;
  for (const round_trip_call& trip : calls) {
    const bandwidth_slip found = find_bandwidth_slip(reported_gbps(trip.call, round_trip_bytes),
                                                     trip.truth_gbps, round_trip_bytes);
    if (found == bandwidth_slip::none)
      continue;
    ++misses;
    if (shown == nullptr) {
      shown = &trip;
      slip = found;
    }
  }
  const round_trip_call& first = shown != nullptr ? *shown : calls.front();
  const double reported = reported_gbps(first.call, round_trip_bytes);
  outcome.expected =
      say("check.l07.number.expected",
          {{"truth", gbps_one_decimal(first.truth_gbps)}, {"ms", format_ms(first.truth_ms)}});
  outcome.measured = say("check.l07.number.measured", {{"reported", gbps_one_decimal(reported)}});
  outcome.passed = misses <= 1;
  if (outcome.passed) {
    // The traced replay of a failure can pass (the tracer slows the host's calls, and a timing
    // paced by the host can come out right there): its call is still the one to read.
    show_call(outcome, first.call, first.truth_ms);
    return outcome;
  }
  const transfer_advice advice =
      advise_on_bandwidth(slip, reported, first.truth_gbps, round_trip_bytes);
  outcome.message = advice.message;
  outcome.hint = advice.hint;
  // Both numbers time the same work, but the checker's events are recorded (and the starts
  // waited for) before the call and after its return: they enclose every interval the student
  // may time, and another process that holds the GPU in between (time-slicing) lengthens only
  // the checker's. So a number above the truth by less than half may be the neighbour's; a unit
  // slip, a lower number or one far above the truth (a clock stopped before the copies ended)
  // never is.
  const double ratio = reported / first.truth_gbps;
  outcome.noise_could_explain = slip == bandwidth_slip::other && ratio > 1.0 && ratio < 1.5;
  // The why of a wrong method (events on another stream, no wait, setup timed) is the trace's,
  // also for a miss that noise could explain: a mistake the trace shows makes the failure certain
  // (analysis/lesson_diagnosis.cpp), and a correct method shows none.
  // A slip of the number is its why (the call shown so that its trace keeps the slip's name).
  outcome.slip = bandwidth_slip_id(slip);
  if (slip == bandwidth_slip::whole_ms_time) // cut or rounded, where the numbers tell
    outcome.slip = slip_id(
        find_whole_ms_time(reported, round_trip_bytes, first.truth_gbps, round_trip_bytes).kind);
  if (slip == bandwidth_slip::other || !outcome.slip.empty())
    show_call(outcome, first.call, first.truth_ms);
  return outcome;
}

check_outcome bytes_outcome(long long wrong_at_return, long long wrong_after_finish,
                            const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l07.bytes.name");
  outcome.lesson_section = lesson + "#chunks-on-several-streams";
  outcome.expected = say("check.l07.bytes.expected");
  outcome.passed = wrong_at_return < 0;
  if (outcome.passed) {
    outcome.measured = say("check.l07.bytes.measured");
    return outcome;
  }
  const std::string index = std::to_string(wrong_at_return);
  outcome.measured = say("check.l07.bytes.wrong", {{"index", index}});
  outcome.states_what_was_seen = true; // the words read back, at the return and at the end
  if (wrong_after_finish < 0) {
    outcome.message = say("check.l07.bytes.not-waited.message", {{"index", index}});
    outcome.hint = say("check.l07.bytes.not-waited.hint");
  } else {
    outcome.message =
        say("check.l07.bytes.message", {{"index", std::to_string(wrong_after_finish)}});
    outcome.hint = say("check.l07.bytes.hint");
  }
  return outcome;
}

} // namespace gpucheck
