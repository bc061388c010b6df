// SPDX-License-Identifier: MIT
/// @file slip_analysis.hpp
/// @brief The one number-slip analysis: what exact relation ties a wrong returned number (a time,
/// a bandwidth, a count, a size, a fraction) to the right one.
///
/// Noise makes a number a few percent off, and a busy GPU only longer; it never multiplies it by
/// 1000, turns GB into GiB, makes it an integer or another field's value. A wrong number that one
/// of these relations explains has that relation for its cause, and the student is told it with
/// the numbers instead of a timing mistake they did not make. The relation is sought against
/// every reference the caller knows: the truth, and each interval the function measured (the
/// trace's, read exactly). Plain C++, pure functions: checkapi's judgements and gpucheck's
/// analysis both call them, and test_checkapi_slip_analysis gives them numbers.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gpucheck {

enum class slip_kind {
  none,
  times_1000,           ///< 1000 times the right number: us for ms, MB/s for GB/s, ms for s
  times_million,        ///< a million times: ns for ms
  over_1000,            ///< 1000 times too small: s for ms, a time in ms used as seconds
  over_million,         ///< a million times too small
  gib_for_gb,           ///< divided by 2^30 where 1e9 was asked (x 0.931)
  gb_for_gib,           ///< divided by 1e9 where 2^30 was asked (x 1.074)
  percent_for_fraction, ///< 100 times a fraction: a percentage
  fraction_for_percent, ///< a fraction where a percentage was asked
  truncated,            ///< cut to whole units (integer division, a duration_cast)
  rounded,              ///< rounded to whole units
  whole_units,          ///< cut or rounded to whole units: the numbers cannot tell which
  swapped,              ///< the right value of another field
  index_for_value,      ///< an index (a row, a position) where the value there was asked
  one_run_more,         ///< n+1 runs timed, divided by n: x (n+1)/n
  one_run_fewer,        ///< n-1 runs timed, divided by n: x (n-1)/n
  fixed_cost_n_times,   ///< a once-only cost counted once per item: + (n-1) x the cost
};

/// A value the number could have been confused with: another field's truth, an index.
struct named_value {
  std::string name; ///< for the message: "sm_clock_khz", "row 3"
  double value = 0;
};

/// What is known about one returned number.
struct slip_question {
  double returned = 0;
  double truth = 0;
  double relative = 0.05; ///< how far noise may move the number from the truth (0.05: 5%)
  double absolute = 0;    ///< ... or this much, whichever is larger, in the number's unit
  bool bytes = false;     ///< the number counts bytes (a size, a bandwidth): GB vs GiB apply
  bool fraction = false;  ///< the number is a fraction (0.03): a percentage applies
  bool scales = true;     ///< powers of 1000 apply (a time, a bandwidth, a size)
  double whole_unit = 0;  ///< truncation or rounding to multiples of this (1 for whole ms); 0: none
  std::vector<named_value> fields;  ///< other fields' truths: a swap
  std::vector<named_value> indices; ///< indices of the value asked for: an index for a value
  int runs = 0;                     ///< the n a number was divided by (a mean, a batch); 0: none
  double fixed_cost = 0;            ///< a cost the truth holds once; 0: none
};

/// A slip, and the numbers that show it.
struct slip_result {
  slip_kind kind = slip_kind::none;
  double expected = 0; ///< the number the slip makes of the truth (what it predicts)
  double factor = 0;   ///< returned / truth
  std::string other;   ///< the field or index it equals (swapped, index_for_value)
  /// Several slips fit the number equally well: none is named (kind none).
  bool ambiguous = false;
  /// The number is within the noise of the truth (kind none).
  bool right = false;
  /// A 0 that cutting (or rounding) to whole units makes of a truth under one unit (under half of
  /// one): alone it is also what a function that times nothing returns, so it names nothing
  /// (kind none); beside a whole number of units in another call, common_slip reads it as that.
  bool zero_if_cut = false;
  bool zero_if_rounded = false;
};

/// The slip that explains `q.returned` against `q.truth`; none when the number is within the
/// noise of the truth, when no slip fits, or when two fit and the numbers do not decide between
/// them (the closer one decides only when it is at least three times closer).
slip_result find_slip(const slip_question& q);

/// The slip of a number against a reference read exactly (an interval the trace shows the
/// function measured): the same relations, with only rounding's tolerance (0.1%).
slip_result find_slip_exact(double returned, double measured, double whole_unit);

/// The slip of a rate (an amount over a time: a bandwidth) whose time was made a whole number of
/// `whole_unit`s before the division. The rate hides the time; the amount over the rate gives it
/// back: `time` = amount / returned rate, `truth_time` = the work's true time, in one unit. The
/// time is a whole number of units (exactly: the caller computes it in double) and the one that
/// cutting, rounding, or rounding up (a time under one unit cut to 0, then kept from dividing by
/// zero as 1) makes of a time within `relative` of the truth. truncated or rounded where only one
/// of them fits, whole_units otherwise; none for a right time, a time with a fraction, 0 (an
/// infinite rate) or one far from the truth. `expected` is the whole time, `factor` the time's
/// truth over it (the rate's returned over the truth).
slip_result find_whole_time_slip(double time, double truth_time, double relative,
                                 double whole_unit);

/// The power of 1000 (10^3 or 10^6, either way) by which the number divided is right, as `fits`
/// (given the factor: 1e3 for microseconds read as milliseconds, 1e-3 for seconds...) judges it
/// with the caller's own band; kind none if none. `expected` is `truth` times the factor, `factor`
/// `returned` over `truth`. For numbers judged as enclosing their work rather than near it.
slip_result power_of_1000_slip(double returned, double truth,
                               const std::function<bool(double factor)>& fits);

/// The slip every wrong one of `results` shows (one per call of the same function; right ones are
/// left out); none when they differ. One call can match a slip by chance, several cannot. Cut,
/// rounded and whole units are one family: a cut number can also be a rounded one, and a 0 that
/// cutting or rounding makes of a short truth joins it where another call shows the family; zeros
/// alone name nothing (a function that times nothing returns them too).
slip_result common_slip(const std::vector<slip_result>& results);

/// Whether no busy GPU can produce the number: off by 20 times or more either way, a power of
/// 1000, or two fields exactly swapped (swap_both_ways). A failure with such a number is no
/// "inconclusive" on a disturbed GPU.
/// `min_difference`: the number must also be this far from the truth (in its unit), where a busy
/// GPU's delay of a few milliseconds can be 20 times very short work.
bool noise_cannot_produce(const slip_result& slip, double returned, double truth,
                          double min_difference = 0);

/// [ms] The `min_difference` for times: a neighbour's time slice can hold very short work's start
/// for a few milliseconds, so a time 20 times off is certain only this far from the truth.
constexpr double busy_gpu_delay_ms = 10;

/// Whether the slip is an exact relation that no noise imitates in every call (a power of 1000 or
/// 100, whole units, an index): a failure that shows it is never excused by a busy GPU. Factors
/// near 1 (GiB, one run more) and one-way swaps are not: a loaded GPU can move every call by 7%.
bool exact_relation(slip_kind kind);

/// Two fields each returned as the other's truth (within `relative`), neither right: the swap
/// that noise cannot make.
bool swapped_both_ways(double returned_a, double truth_a, double returned_b, double truth_b,
                       double relative);

/// The slip's name for messages and the results channel ("times-1000", "gib-for-gb", ...).
std::string slip_id(slip_kind kind);

/// The words for a slip: what happened with the numbers, and the fix. `unit` follows the numbers
/// ("ms", "GB/s", "" for a count).
struct slip_words {
  std::string message;
  std::string hint;
};
slip_words describe_slip(const slip_result& slip, double returned, double truth,
                         const std::string& unit, int runs = 0);

/// The words for find_whole_time_slip()'s slip of a bandwidth: its numbers (`returned`, `truth`
/// in `unit`), and the whole time under it against the work's (`time`, `truth_time`, in ms).
slip_words describe_whole_time_slip(double returned, double truth, const std::string& unit,
                                    double time, double truth_time);

} // namespace gpucheck
