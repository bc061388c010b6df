// SPDX-License-Identifier: MIT
// Lesson 05's judgement of time_marked_pieces (judgement/join_judgement.hpp): the join read from
// the pieces' own stamps, the facts of each call, and the times against the span of all the work.
#include "checkapi/say.hpp"
#include "judgement/join_judgement.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string section = "lessons/05-streams/lesson.md#the-legacy-default-stream";

constexpr std::uint64_t ms_ns = 1'000'000;

timing_words join_words() {
  timing_words words;
  words.name = "time_marked_pieces";
  words.section = section;
  words.zero_hint = "zero";
  words.wrong_hint = "wrong";
  return words;
}

// One right call of `which`: four pieces of 1 ms, 1.25 ms, ... on four streams of the right kind,
// one after another 10 us apart where the case joins them, else all started 5 us apart; each
// marker right after its piece. The number is the span of all the work and `extra_ms`.
marked_call right_call(join_case which, double extra_ms = 0.01) {
  marked_call call;
  call.which = which;
  call.asked = 4;
  call.order = "pmpmpmpm";
  call.streams = 4;
  std::uint64_t start = 1'000 * ms_ns;
  for (int p = 0; p < 4; ++p) {
    const std::uint64_t length = ms_ns + static_cast<std::uint64_t>(p) * ms_ns / 4;
    const std::uint64_t from = joins(which) ? start : 1'000 * ms_ns + 5'000u * p;
    call.pieces.push_back({from, from + length});
    const std::uint64_t mark = joins(which) ? from + length + 2'000 : from + 3'000;
    call.marks.push_back({mark, mark + 1'000});
    start = from + length + 10'000;
  }
  const double truth_ms = span_of_all_ms(call.pieces, call.marks);
  call.timing.reported_ms = truth_ms + extra_ms;
  call.timing.truth_ms = truth_ms;
  call.timing.tolerance = {0.05, 0.05};
  call.timing.call = {truth_ms + extra_ms, truth_ms, truth_ms + 2.0}; // the call lasted longer
  return call;
}

// Three calls of each case, in turn, as check.cu makes them.
std::vector<marked_call> right_calls() {
  std::vector<marked_call> calls;
  for (int round = 0; round < 3; ++round) {
    for (const join_case which : {join_case::ordinary_legacy, join_case::non_blocking_legacy,
                                  join_case::ordinary_per_thread})
      calls.push_back(right_call(which));
  }
  return calls;
}

// The number the call returned, as the check sees it (the trial's and its call's).
void report(marked_call& call, double reported_ms) {
  call.timing.reported_ms = reported_ms;
  call.timing.call.reported_ms = reported_ms;
}

// The host's clock at each call of piece in `call`: the next call `gap_ns` after each call, plus
// the run of the piece called there when `after_the_run`.
void stamp_calls(marked_call& call, std::int64_t gap_ns, bool after_the_run) {
  call.piece_calls_ns.clear();
  std::int64_t at = 5'000 * static_cast<std::int64_t>(ms_ns);
  for (const gpu_span& piece : call.pieces) {
    call.piece_calls_ns.push_back(at);
    at += gap_ns + (after_the_run ? static_cast<std::int64_t>(piece.end_ns - piece.start_ns) : 0);
  }
}

check_outcome judged(const std::vector<marked_call>& calls) {
  return judge_marked_pieces(calls, join_words(), 1, section);
}

// The pieces of `call` moved so that they run one after another (joined) or all at once.
void run_joined(marked_call& call, bool joined) {
  const marked_call moved =
      right_call(joined ? join_case::ordinary_legacy : join_case::non_blocking_legacy);
  call.pieces = moved.pieces;
  call.marks = moved.marks;
  const double truth_ms = span_of_all_ms(call.pieces, call.marks);
  call.timing.truth_ms = truth_ms;
  call.timing.call.truth_ms = truth_ms;
  report(call, truth_ms);
}

} // namespace

TEST_CASE("the overlap of pieces and the span of all the work come from their stamps") {
  const std::vector<gpu_span> one_after_another{{0, 2 * ms_ns}, {2 * ms_ns, 3 * ms_ns}};
  CHECK(longest_overlap_ms(one_after_another) == doctest::Approx(0.0));
  const std::vector<gpu_span> at_once{{0, 2 * ms_ns}, {ms_ns / 2, 3 * ms_ns}, {ms_ns, ms_ns}};
  CHECK(longest_overlap_ms(at_once) == doctest::Approx(1.5));
  CHECK(span_of_all_ms(at_once, {}) == doctest::Approx(3.0));
  CHECK(span_of_all_ms(at_once, {{3 * ms_ns, 4 * ms_ns}}) == doctest::Approx(4.0)); // a marker last
  CHECK(span_of_all_ms({}, {{0, ms_ns}}) == doctest::Approx(0.0));
}

TEST_CASE("only the legacy marker on ordinary streams joins the pieces") {
  CHECK(joins(join_case::ordinary_legacy));
  CHECK_FALSE(joins(join_case::non_blocking_legacy));
  CHECK_FALSE(joins(join_case::ordinary_per_thread));
  for (const join_case which :
       {join_case::ordinary_legacy, join_case::non_blocking_legacy, join_case::ordinary_per_thread})
    CHECK(ran_as_the_case_says(right_call(which)));
  marked_call apart = right_call(join_case::ordinary_legacy);
  run_joined(apart, false);
  CHECK_FALSE(ran_as_the_case_says(apart));
}

TEST_CASE("a right experiment, timed right, passes") {
  const check_outcome outcome = judged(right_calls());
  CHECK(outcome.passed);
  CHECK(outcome.message.empty());
}

TEST_CASE("what the function queued where is a fact, on any GPU") {
  const auto fails_with = [](const std::vector<marked_call>& calls, const std::string& hint_id) {
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK_FALSE(outcome.noise_could_explain);
    CHECK(outcome.hint == say(hint_id));
    CHECK(outcome.lesson_section == section);
    CHECK_FALSE(outcome.measured.empty());
    CHECK(outcome.states_what_was_seen);
  };
  SUBCASE("a piece too few") {
    std::vector<marked_call> calls = right_calls();
    calls[4].order = "pmpmpmm";
    fails_with(calls, "check.l05.join.calls.hint");
  }
  SUBCASE("every marker after the last piece") {
    std::vector<marked_call> calls = right_calls();
    calls[0].order = "ppppmmmm";
    fails_with(calls, "check.l05.join.order.hint");
  }
  SUBCASE("the pieces on a default stream") {
    std::vector<marked_call> calls = right_calls();
    calls[2].pieces_on_default = 4;
    fails_with(calls, "check.l05.join.default-stream.hint");
  }
  SUBCASE("ordinary streams where non-blocking ones were asked for") {
    std::vector<marked_call> calls = right_calls();
    calls[1].streams_of_other_kind = 4;
    run_joined(calls[1], true); // the legacy marker then joins them
    fails_with(calls, "check.l05.join.kind.hint");
  }
  SUBCASE("every piece on one stream: they queue behind each other") {
    std::vector<marked_call> calls = right_calls();
    calls[1].streams = 1;
    run_joined(calls[1], true);
    fails_with(calls, "check.l05.join.streams.hint");
    CHECK(judged(calls).message ==
          say("check.l05.join.one-stream.message",
              {{"asked", "4"}, {"case", say("check.l05.join.case.non-blocking-legacy")}}));
  }
  SUBCASE("fewer streams than the four asked for, or more") {
    for (const int streams : {3, 8}) {
      std::vector<marked_call> calls = right_calls();
      calls[6].streams = streams;
      fails_with(calls, "check.l05.join.streams.hint");
      CHECK(judged(calls).measured ==
            say("check.l05.join.streams.measured", {{"streams", std::to_string(streams)}}));
    }
  }
  SUBCASE("a marker on another stream") {
    std::vector<marked_call> calls = right_calls();
    calls[5].marks_elsewhere = 1;
    fails_with(calls, "check.l05.join.marker-stream.hint");
  }
}

TEST_CASE("pieces that ran otherwise than their case says fail in two calls of it, not one") {
  std::vector<marked_call> calls = right_calls();
  run_joined(calls[1], true); // a non-blocking call whose pieces ran in turn: a host held up once
  CHECK(judged(calls).passed);

  run_joined(calls[4], true); // twice: something ordered the pieces
  const check_outcome waited = judged(calls);
  CHECK_FALSE(waited.passed);
  CHECK_FALSE(waited.noise_could_explain);
  CHECK(waited.states_what_was_seen);
  CHECK(waited.measured == say("check.l05.join.joined.measured",
                               {{"case", say("check.l05.join.case.non-blocking-legacy")},
                                {"wrong", "2"},
                                {"calls", "3"}}));

  std::vector<marked_call> apart = right_calls();
  run_joined(apart[0], false);
  run_joined(apart[3], false);
  const check_outcome unjoined = judged(apart);
  CHECK_FALSE(unjoined.passed);
  CHECK(unjoined.hint == say("check.l05.join.apart.hint"));
}

TEST_CASE("free pieces that ran one at a time: the gaps between the calls of piece tell why") {
  std::vector<marked_call> calls = right_calls();
  run_joined(calls[2], true);
  run_joined(calls[5], true); // ordinary streams, markers on the per-thread stream: free
  SUBCASE("each call once the piece before could have ended: a wait between the launches") {
    stamp_calls(calls[2], 8'000, true); // a synchronize after each marker: a launch's latency more
    stamp_calls(calls[5], 8'000, true);
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK_FALSE(outcome.noise_could_explain);
    CHECK(outcome.hint == say("check.l05.join.joined.waited.hint"));
    CHECK(outcome.states_what_was_seen);
    // the nearest pair: 8 us past the run of a 1 ms piece
    CHECK(outcome.message.find(format_ms(1.008)) != std::string::npos);
    CHECK(outcome.message.find(format_ms(1.0)) != std::string::npos);
  }
  SUBCASE("each call while the piece before still ran: an order on the GPU") {
    stamp_calls(calls[2], 6'000, false); // queued 6 us apart, all before the first ended
    stamp_calls(calls[5], 6'000, false);
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.hint == say("check.l05.join.joined.ordered.hint"));
    CHECK(outcome.message.find(format_ms(0.006)) != std::string::npos);
  }
  SUBCASE("some calls late, some early: the cause is not determined") {
    stamp_calls(calls[2], 8'000, true);
    stamp_calls(calls[5], 6'000, false);
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.hint == say("check.l05.join.joined.undetermined.hint"));
    CHECK(outcome.message == say("check.l05.join.joined.undetermined.message",
                                 {{"case", say("check.l05.join.case.ordinary-per-thread")},
                                  {"wrong", "2"},
                                  {"calls", "3"},
                                  {"pairs", "6"},
                                  {"late", "3"},
                                  {"early", "3"},
                                  {"unclear", "0"}}));
  }
  SUBCASE("a call too near the piece's end to tell, or no stamps: not determined") {
    stamp_calls(calls[2], 8'000, true);
    stamp_calls(calls[5], 8'000, true);
    calls[5].piece_calls_ns[2] -= 16'000; // the next call 8 us before the piece's run was over
    CHECK(judged(calls).hint == say("check.l05.join.joined.undetermined.hint"));
    calls[5].piece_calls_ns.clear();
    CHECK(judged(calls).hint == say("check.l05.join.joined.undetermined.hint"));
  }
}

TEST_CASE("a pair of pieces is late, early or unclear by the gap between its calls") {
  marked_call call = right_call(join_case::non_blocking_legacy);
  run_joined(call, true);     // pieces of 1, 1.25, 1.5 and 1.75 ms
  stamp_calls(call, 0, true); // each next call exactly one run after: late, the nearest possible
  launch_gaps gaps;
  note_launch_gaps(gaps, call);
  CHECK(gaps.late == 3);
  CHECK(gaps.late_gap_ms == doctest::Approx(1.0));
  CHECK(gaps.late_ran_ms == doctest::Approx(1.0));
  call.piece_calls_ns[1] -= 30'000; // 30 us short of the first piece's run: early
  call.piece_calls_ns[2] -= 30'000; // and the second pair 1.25 ms apart again: late
  launch_gaps moved;
  note_launch_gaps(moved, call);
  CHECK(moved.early == 1);
  CHECK(moved.late == 2);
  CHECK(moved.early_gap_ms == doctest::Approx(0.97));
  call.piece_calls_ns[1] += 20'000; // 10 us short: within joined_overlap_ms, unclear...
  call.piece_calls_ns[2] += 20'000; // ...and the next pairs late again
  launch_gaps near;
  note_launch_gaps(near, call);
  CHECK(near.unclear == 1);
  CHECK(near.late == 2);
}

TEST_CASE("the times are judged against the span of all the work") {
  SUBCASE("too short where events miss the non-blocking streams: a fact") {
    std::vector<marked_call> calls = right_calls();
    for (marked_call& call : calls) {
      if (call.which == join_case::non_blocking_legacy)
        report(call, 0.004); // the legacy events bracketed the markers alone
    }
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK_FALSE(outcome.noise_could_explain); // a busy GPU never makes a time shorter
    CHECK(outcome.hint == "wrong");
  }
  SUBCASE("one call off is allowed") {
    std::vector<marked_call> calls = right_calls();
    report(calls[7], calls[7].timing.reported_ms + 1.0);
    CHECK(judged(calls).passed);
  }
  SUBCASE("every time a little too long: a busy GPU could do that") {
    std::vector<marked_call> calls = right_calls();
    for (marked_call& call : calls)
      report(call, call.timing.reported_ms + 0.5);
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.noise_could_explain);
    CHECK_FALSE(outcome.states_what_was_seen);
  }
  SUBCASE("zero: nothing timed yet") {
    std::vector<marked_call> calls = right_calls();
    for (marked_call& call : calls)
      report(call, 0.0);
    const check_outcome outcome = judged(calls);
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.hint == "zero");
  }
}
