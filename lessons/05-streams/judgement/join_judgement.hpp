// SPDX-License-Identifier: MIT
/// @file join_judgement.hpp
/// @brief Judging time_marked_pieces: the legacy default stream's join, as the student's function
/// produced it and timed it, against what the checker read of its own work inside the calls.
///
/// check.cu hands the function pieces of known duration (checkapi/known_duration_work.cuh, each
/// run stamped on the GPU's own clock) and markers that stamp their own run, and notes, inside
/// each call of either, the stream it was given and, the first time it sees a stream, its flags.
/// From those stamps alone it knows whether the pieces ran one after another (joined) or at the
/// same time, and how long everything the function queued took, from the first piece's start to
/// the last run's end: the truth its number is judged against. It also notes, on the host's clock,
/// when each call of piece began: where free pieces ran one at a time, the gap between two calls
/// against the earlier piece's run tells a wait between the launches from an order on the GPU.
/// Plain C++, tested without a GPU (tests/unit/test_join_judgement.cpp).
#pragma once

#include "checkapi/other_work.hpp"
#include "checkapi/timing_trials.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace gpucheck {

/// The three cases the check runs: the streams' kind and the marker's stream.
enum class join_case {
  ordinary_legacy,     ///< ordinary streams, markers on the legacy default stream: joined
  non_blocking_legacy, ///< non-blocking streams, markers on the legacy default stream: free
  ordinary_per_thread, ///< ordinary streams, markers on the per-thread default stream: free
};

/// Whether the legacy default stream joins the pieces into one queue in `which` case.
bool joins(join_case which);

/// The streams the contract asks time_marked_pieces to create and take in turn (exercise.h).
constexpr int join_streams = 4;

/// What one call of time_marked_pieces did, as the checker saw it.
struct marked_call {
  join_case which = join_case::ordinary_legacy;
  int asked = 0;                 ///< the pieces it was asked for
  std::string order;             ///< 'p' for each call of piece, 'm' for each call of marker
  std::vector<gpu_span> pieces;  ///< each piece's run on the GPU, in the order of the calls
  std::vector<gpu_span> marks;   ///< each marker's run
  int pieces_on_default = 0;     ///< pieces queued on stream 0, cudaStreamLegacy or PerThread
  int streams = 0;               ///< the other streams the pieces went to
  int streams_of_other_kind = 0; ///< of those, created with other flags than the case's
  int marks_elsewhere = 0;       ///< markers queued on another stream than marker_stream
  std::vector<std::int64_t> piece_calls_ns; ///< when each call of piece began, host clock [ns]
  timing_trial timing; ///< the number, against the span of all the work (truth_ms)
};

/// The longest time two pieces ran at once [ms]: 0 when each began after the others had ended.
double longest_overlap_ms(const std::vector<gpu_span>& pieces);

/// From the first piece's start to the last run's end, pieces and markers [ms]; 0 if none ran.
double span_of_all_ms(const std::vector<gpu_span>& pieces, const std::vector<gpu_span>& marks);

/// Pieces that ran at once for at most this long ran one after another: under the join, a piece
/// starts only after the marker that followed the previous one ran, which the previous piece's
/// end preceded; apart, the first pieces start microseconds apart and run half a millisecond.
constexpr double joined_overlap_ms = 0.02;

/// Whether the pieces of `call` ran as `call.which` makes them run (joined or at once).
bool ran_as_the_case_says(const marked_call& call);

/// How the function queued the pieces of calls whose pieces ran one at a time, each piece and the
/// next a pair. A piece starts on the GPU only after its call began and runs its whole length, so
/// a next call that came sooner after its call than the piece ran came while the piece still ran
/// (`early`: only an order on the GPU kept them apart); one that came at least that long after
/// (`late`) came when the piece could have ended: the host's spacing alone runs them in turn.
/// A next call that came less than joined_overlap_ms short of the run is neither (`unclear`), as
/// is a pair without both calls' stamps.
struct launch_gaps {
  int late = 0;
  int early = 0;
  int unclear = 0;
  double late_gap_ms = 0;  ///< the late pair nearest to early: the gap between its two calls...
  double late_ran_ms = 0;  ///< ...and its first piece's run
  double early_gap_ms = 0; ///< the early pair nearest to late: the gap between its two calls...
  double early_ran_ms = 0; ///< ...and its first piece's run
};

/// The pairs of pieces of `call`, in the order of the calls, added to `gaps`.
void note_launch_gaps(launch_gaps& gaps, const marked_call& call);

/// The outcome: the facts first (how often the function called piece and marker, in which order,
/// on which streams, how many of them and of which kind), then, for each case, whether the pieces
/// ran as the case says in more than one call of it, then the times (judge_timing,
/// `allowed_misses` calls off). Free pieces that ran one at a time are told by their launch_gaps:
/// every pair late, a wait between the launches; every pair early, an order on the GPU; else the
/// cause is not determined and the counts are shown. `section` is where the lesson teaches the
/// join.
check_outcome judge_marked_pieces(const std::vector<marked_call>& calls, const timing_words& words,
                                  int allowed_misses, const std::string& section);

} // namespace gpucheck
