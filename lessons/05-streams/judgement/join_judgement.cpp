// SPDX-License-Identifier: MIT
#include "judgement/join_judgement.hpp"

#include "checkapi/say.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace gpucheck {

namespace {

std::string case_words(join_case which) {
  switch (which) {
  case join_case::ordinary_legacy:
    return say("check.l05.join.case.ordinary-legacy");
  case join_case::non_blocking_legacy:
    return say("check.l05.join.case.non-blocking-legacy");
  case join_case::ordinary_per_thread:
    return say("check.l05.join.case.ordinary-per-thread");
  }
  return {};
}

std::string kind_words(join_case which) {
  return which == join_case::non_blocking_legacy ? say("check.l05.join.kind.non-blocking")
                                                 : say("check.l05.join.kind.ordinary");
}

// "pmpm...": each piece followed by its marker, `asked` of each.
bool alternates(const std::string& order, int asked) {
  if (order.size() != 2 * static_cast<std::size_t>(std::max(asked, 0)))
    return false;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] != (i % 2 == 0 ? 'p' : 'm'))
      return false;
  }
  return true;
}

// A fact of one call that no busy GPU can produce: a failure, told in the call's own numbers.
bool fail_for_call_fact(check_outcome& outcome, const marked_call& call) {
  const std::string which = case_words(call.which);
  const std::string asked = std::to_string(call.asked);
  const auto count_of = [&](char c) {
    return static_cast<int>(std::count(call.order.begin(), call.order.end(), c));
  };
  if (count_of('p') != call.asked || count_of('m') != call.asked) {
    outcome.measured =
        say("check.l05.join.calls.measured",
            {{"pieces", std::to_string(count_of('p'))}, {"marks", std::to_string(count_of('m'))}});
    outcome.message =
        say("check.l05.join.calls.message", {{"asked", asked},
                                             {"case", which},
                                             {"pieces", std::to_string(count_of('p'))},
                                             {"marks", std::to_string(count_of('m'))}});
    outcome.hint = say("check.l05.join.calls.hint");
    return true;
  }
  if (!alternates(call.order, call.asked)) {
    outcome.measured = say("check.l05.join.order.measured", {{"order", call.order}});
    outcome.message = say("check.l05.join.order.message", {{"order", call.order}, {"case", which}});
    outcome.hint = say("check.l05.join.order.hint");
    return true;
  }
  if (call.pieces_on_default > 0) {
    outcome.measured = say("check.l05.join.default-stream.measured",
                           {{"count", std::to_string(call.pieces_on_default)}});
    outcome.message =
        say("check.l05.join.default-stream.message",
            {{"count", std::to_string(call.pieces_on_default)}, {"asked", asked}, {"case", which}});
    outcome.hint = say("check.l05.join.default-stream.hint");
    return true;
  }
  if (call.streams_of_other_kind > 0) {
    outcome.measured =
        say("check.l05.join.kind.measured", {{"count", std::to_string(call.streams_of_other_kind)},
                                             {"streams", std::to_string(call.streams)}});
    outcome.message =
        say("check.l05.join.kind.message", {{"count", std::to_string(call.streams_of_other_kind)},
                                            {"streams", std::to_string(call.streams)},
                                            {"kind", kind_words(call.which)},
                                            {"case", which}});
    outcome.hint = say("check.l05.join.kind.hint");
    return true;
  }
  if (call.streams != join_streams) {
    const bool one = call.streams == 1;
    const std::initializer_list<said_value> values = {
        {"streams", std::to_string(call.streams)}, {"asked", asked}, {"case", which}};
    outcome.measured = one ? say("check.l05.join.one-stream.measured")
                           : say("check.l05.join.streams.measured", values);
    outcome.message = one ? say("check.l05.join.one-stream.message", values)
                          : say("check.l05.join.streams.message", values);
    outcome.hint = say("check.l05.join.streams.hint");
    return true;
  }
  if (call.marks_elsewhere > 0) {
    outcome.measured = say("check.l05.join.marker-stream.measured",
                           {{"count", std::to_string(call.marks_elsewhere)}});
    outcome.message =
        say("check.l05.join.marker-stream.message",
            {{"count", std::to_string(call.marks_elsewhere)}, {"asked", asked}, {"case", which}});
    outcome.hint = say("check.l05.join.marker-stream.hint");
    return true;
  }
  return false;
}

// Whether the pieces of one case ran otherwise than it says in more than one of its calls: a
// host held up between two launches for longer than a piece can once make free pieces look
// joined, not twice.
bool fail_for_case(check_outcome& outcome, const std::vector<marked_call>& calls, join_case which) {
  int of_case = 0;
  int wrong = 0;
  double overlap_ms = 0;
  for (const marked_call& call : calls) {
    if (call.which != which)
      continue;
    ++of_case;
    if (!ran_as_the_case_says(call)) {
      ++wrong;
      overlap_ms = std::max(overlap_ms, longest_overlap_ms(call.pieces));
    }
  }
  if (wrong < 2)
    return false;
  const std::string calls_text = std::to_string(of_case);
  const std::string wrong_text = std::to_string(wrong);
  if (joins(which)) {
    const std::initializer_list<said_value> values = {{"case", case_words(which)},
                                                      {"wrong", wrong_text},
                                                      {"calls", calls_text},
                                                      {"overlap", format_ms(overlap_ms)}};
    outcome.measured = say("check.l05.join.apart.measured", values);
    outcome.message = say("check.l05.join.apart.message", values);
    outcome.hint = say("check.l05.join.apart.hint");
    return true;
  }
  // Free pieces that ran one at a time: the host's gaps between the calls tell why, or nothing.
  launch_gaps gaps;
  for (const marked_call& call : calls) {
    if (call.which == which && !ran_as_the_case_says(call))
      note_launch_gaps(gaps, call);
  }
  const bool all_late = gaps.late > 0 && gaps.early == 0 && gaps.unclear == 0;
  const bool all_early = gaps.early > 0 && gaps.late == 0 && gaps.unclear == 0;
  const std::initializer_list<said_value> values = {
      {"case", case_words(which)},
      {"wrong", wrong_text},
      {"calls", calls_text},
      {"pairs", std::to_string(gaps.late + gaps.early + gaps.unclear)},
      {"late", std::to_string(gaps.late)},
      {"early", std::to_string(gaps.early)},
      {"unclear", std::to_string(gaps.unclear)},
      {"gap", format_ms(all_late ? gaps.late_gap_ms : gaps.early_gap_ms)},
      {"ran", format_ms(all_late ? gaps.late_ran_ms : gaps.early_ran_ms)}};
  outcome.measured = say("check.l05.join.joined.measured", values);
  if (all_late) {
    outcome.message = say("check.l05.join.joined.waited.message", values);
    outcome.hint = say("check.l05.join.joined.waited.hint");
  } else if (all_early) {
    outcome.message = say("check.l05.join.joined.ordered.message", values);
    outcome.hint = say("check.l05.join.joined.ordered.hint");
  } else {
    outcome.message = say("check.l05.join.joined.undetermined.message", values);
    outcome.hint = say("check.l05.join.joined.undetermined.hint");
  }
  return true;
}

} // namespace

bool joins(join_case which) {
  return which == join_case::ordinary_legacy;
}

double longest_overlap_ms(const std::vector<gpu_span>& pieces) {
  double longest = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    for (std::size_t j = i + 1; j < pieces.size(); ++j) {
      const std::uint64_t from = std::max(pieces[i].start_ns, pieces[j].start_ns);
      const std::uint64_t to = std::min(pieces[i].end_ns, pieces[j].end_ns);
      longest = std::max(longest, ms_between(from, to));
    }
  }
  return longest;
}

double span_of_all_ms(const std::vector<gpu_span>& pieces, const std::vector<gpu_span>& marks) {
  if (pieces.empty())
    return 0.0;
  std::uint64_t first = pieces.front().start_ns;
  std::uint64_t last = 0;
  for (const gpu_span& piece : pieces) {
    first = std::min(first, piece.start_ns);
    last = std::max(last, piece.end_ns);
  }
  for (const gpu_span& mark : marks)
    last = std::max(last, mark.end_ns);
  return ms_between(first, last);
}

bool ran_as_the_case_says(const marked_call& call) {
  const bool joined = longest_overlap_ms(call.pieces) <= joined_overlap_ms;
  return joined == joins(call.which);
}

void note_launch_gaps(launch_gaps& gaps, const marked_call& call) {
  for (std::size_t k = 0; k + 1 < call.pieces.size(); ++k) {
    if (k + 1 >= call.piece_calls_ns.size() ||
        call.piece_calls_ns[k + 1] < call.piece_calls_ns[k]) {
      ++gaps.unclear;
      continue;
    }
    const double gap_ms =
        static_cast<double>(call.piece_calls_ns[k + 1] - call.piece_calls_ns[k]) * 1e-6;
    const double ran_ms = ms_between(call.pieces[k].start_ns, call.pieces[k].end_ns);
    if (gap_ms >= ran_ms) {
      if (gaps.late == 0 || gap_ms - ran_ms < gaps.late_gap_ms - gaps.late_ran_ms) {
        gaps.late_gap_ms = gap_ms;
        gaps.late_ran_ms = ran_ms;
      }
      ++gaps.late;
    } else if (gap_ms < ran_ms - joined_overlap_ms) {
      if (gaps.early == 0 || ran_ms - gap_ms < gaps.early_ran_ms - gaps.early_gap_ms) {
        gaps.early_gap_ms = gap_ms;
        gaps.early_ran_ms = ran_ms;
      }
      ++gaps.early;
    } else {
      ++gaps.unclear;
    }
  }
}

check_outcome judge_marked_pieces(const std::vector<marked_call>& calls, const timing_words& words,
                                  int allowed_misses, const std::string& section) {
  check_outcome outcome;
  outcome.name = words.name;
  outcome.expected = say("check.l05.join.expected");
  outcome.lesson_section = section;
  outcome.noise_could_explain = false; // what the function queued where is a fact on any GPU
  // What the function queued where, as the checker's markers saw it: the why as it is.
  outcome.states_what_was_seen = true;
  for (const marked_call& call : calls) {
    if (fail_for_call_fact(outcome, call))
      return outcome;
  }
  for (const join_case which : {join_case::ordinary_legacy, join_case::non_blocking_legacy,
                                join_case::ordinary_per_thread}) {
    if (fail_for_case(outcome, calls, which))
      return outcome;
  }
  outcome.states_what_was_seen = false;
  std::vector<timing_trial> timings;
  for (const marked_call& call : calls)
    timings.push_back(call.timing);
  return judge_timing(timings, words, allowed_misses);
}

} // namespace gpucheck
