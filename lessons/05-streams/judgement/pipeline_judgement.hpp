// SPDX-License-Identifier: MIT
/// @file pipeline_judgement.hpp
/// @brief Lesson 05's host-side judgement: what the first wrong word of run_overlapped's output
/// shows of its cause, the speed-up's words, and time_share's wait for the other streams. Plain
/// C++: check.cu runs the calls on the GPU and hands the words and numbers here; the unit tests
/// (tests/unit/test_pipeline_judgement.cpp) hand made-up ones.
#pragma once

#include "checkapi/other_work.hpp"
#include "checkapi/timing_trials.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gpucheck {

/// What the buffers hold before each call: the key before the checker writes it, the device
/// buffers' bytes and host_out's bytes.
constexpr std::uint32_t stale_key = 0xABABABABu;
constexpr std::uint8_t device_poison = 0xAB;
constexpr std::uint8_t host_poison = 0xCD;

/// exercise.h's transform_word(word, key, rounds) at the job's rounds.
using word_transform = std::function<std::uint32_t(std::uint32_t word, std::uint32_t key)>;

/// What the first wrong word shows of its cause; the hint and the section follow from it.
enum class wrong_word_kind {
  none,            ///< every word sampled right
  not_written,     ///< host_out still held what it held before the call
  never_written,   ///< ... and still did once the GPU had finished: no chunk covers the word
  stale_key,       ///< computed with the key before the checker wrote it
  before_its_step, ///< computed before its chunk's copy in, or copied out before its kernel
  other,           ///< any other value
};

struct wrong_word {
  wrong_word_kind kind = wrong_word_kind::none;
  std::string words;     ///< the sentence that says it; "" if none
  std::size_t index = 0; ///< the word's index in host_out
  std::size_t count = 0; ///< the job's words
};

/// The first wrong word of `out` at the indices of `sample`, against `transform(in[i], key)`
/// (`count` words in the job); kind none if none. It says what the wrong word is, where that
/// tells the cause.
wrong_word first_wrong_word(const std::vector<std::size_t>& sample, const std::uint32_t* in,
                            const std::uint32_t* out, std::size_t count, std::uint32_t key,
                            const word_transform& transform);

/// A word not written when run_overlapped returned (`at_return`) is either written later (the
/// function returned before its copies out finished) or never (no chunk covers it): the first
/// wrong word read again once the GPU had finished (`after_finish`) tells which. Returns
/// `at_return`, or a never_written word where both read an unwritten one.
wrong_word settle_unwritten(const wrong_word& at_return, const wrong_word& after_finish);

/// Makes `outcome` the failure that `wrong` shows, the key written `delay_ms` after the call; the
/// hint and the section (in `lesson`, the lesson's path) come from what the word is, never from
/// the words that say it.
void fail_for_wrong_word(check_outcome& outcome, const wrong_word& wrong, double delay_ms,
                         const std::string& lesson);

/// The checker's times of run_serial and run_overlapped from call to return [ms], medians.
struct speed_round {
  double serial_ms = 0;
  double overlapped_ms = 0;
};

/// The speed-up's check: passed when the overlapped job takes at most `bound` of the serial one;
/// `second_round` when `round` is the second.
check_outcome judge_speed_up(const speed_round& round, double bound, bool second_round,
                             const std::string& lesson);

/// Why a failed speed-up failed: host buffers that are not `pinned` cannot overlap, for certain;
/// else another process may have taken the overlap away (the measured noise decides).
void explain_no_speed_up(check_outcome& outcome, const speed_round& round, bool pinned,
                         const std::string& lesson);

/// One trial of time_share: its timing, and whether the call returned only after the long work
/// on the other streams had ended (checkapi/other_work.hpp).
struct share_trial {
  timing_trial timing;
  other_work_facts other;
};

/// A right number from a function that waited for the other streams fails too (as lesson 04's
/// time_with_stream_sync): the other streams' work ends at least 20 ms after the timed work
/// (40-80 ms against at most 15 + 5 ms queued on the timed stream). More than one such call
/// fails; noise may explain it where a call's wait ended near its own work's end
/// (count_other_waits).
void fail_if_others_waited(check_outcome& outcome, const std::vector<share_trial>& trials,
                           const std::string& lesson);

} // namespace gpucheck
