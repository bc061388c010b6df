// SPDX-License-Identifier: MIT
#include "checkapi/slip_analysis.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

constexpr double gib_per_gb = 1073741824.0 / 1e9; // 1.073741824

// One slip that fits, and how closely: |returned - expected| / |expected|.
struct candidate {
  slip_kind kind;
  double expected;
  double error;
  std::string other;
};

double relative_error(double returned, double expected) {
  const double scale = std::abs(expected);
  return scale > 0 ? std::abs(returned - expected) / scale : std::abs(returned);
}

double noise_band(const slip_question& q, double expected, double scale) {
  return std::max(q.relative * std::abs(expected), q.absolute * scale);
}

// A factor near 1 (GiB, one run more) must stand out of the noise: its band is a third of its
// distance from 1 at most, so that it never reaches the truth's own band.
bool fits_near_factor(const slip_question& q, double factor, double& expected) {
  expected = q.truth * factor;
  const double band = std::min(q.relative, std::abs(factor - 1) / 3) * std::abs(expected);
  return std::abs(q.returned - expected) <= band;
}

bool is_multiple(double value, double unit) {
  const double units = value / unit;
  return std::abs(units - std::round(units)) <= 1e-9 * std::max(1.0, std::abs(units));
}

// Whole units: the returned number is a multiple of the unit that cutting (floor) or rounding a
// number within the truth's noise gives.
void add_whole_units(const slip_question& q, std::vector<candidate>& found) {
  const double unit = q.whole_unit;
  // 0 is also what a function returns that times nothing: the numbers cannot tell, the trace can
  // (returned-value reads the interval the function measured).
  if (!(unit > 0) || q.returned == 0 || !is_multiple(q.returned, unit))
    return;
  const double band = noise_band(q, q.truth, 1);
  const double low = (q.truth - band) / unit;
  const double high = (q.truth + band) / unit;
  const double units = std::round(q.returned / unit);
  const bool cut = units >= std::floor(low) && units <= std::floor(high);
  const bool rounded = units >= std::round(low) && units <= std::round(high);
  if (!cut && !rounded)
    return;
  const slip_kind kind = cut && rounded ? slip_kind::whole_units
                         : cut          ? slip_kind::truncated
                                        : slip_kind::rounded;
  // Exact by its nature: the unit fits as well as an index or a field's value would.
  found.push_back({kind, q.returned, 0.0, ""});
}

void add_scaled(const slip_question& q, std::vector<candidate>& found) {
  const struct {
    slip_kind kind;
    double factor;
    bool applies;
  } scales[] = {{slip_kind::times_1000, 1e3, q.scales},
                {slip_kind::times_million, 1e6, q.scales},
                {slip_kind::over_1000, 1e-3, q.scales},
                {slip_kind::over_million, 1e-6, q.scales},
                {slip_kind::percent_for_fraction, 1e2, q.fraction},
                {slip_kind::fraction_for_percent, 1e-2, q.fraction}};
  for (const auto& scale : scales) {
    if (!scale.applies)
      continue;
    const double expected = q.truth * scale.factor;
    if (std::abs(q.returned - expected) <= noise_band(q, expected, scale.factor))
      found.push_back({scale.kind, expected, relative_error(q.returned, expected), ""});
  }
}

void add_near_factors(const slip_question& q, std::vector<candidate>& found) {
  std::vector<std::pair<slip_kind, double>> factors;
  if (q.bytes) {
    factors.emplace_back(slip_kind::gib_for_gb, 1 / gib_per_gb);
    factors.emplace_back(slip_kind::gb_for_gib, gib_per_gb);
  }
  if (q.runs >= 1)
    factors.emplace_back(slip_kind::one_run_more, (q.runs + 1.0) / q.runs);
  if (q.runs >= 2)
    factors.emplace_back(slip_kind::one_run_fewer, (q.runs - 1.0) / q.runs);
  if (q.runs >= 2 && q.fixed_cost > 0 && q.truth > 0)
    factors.emplace_back(slip_kind::fixed_cost_n_times, 1 + (q.runs - 1) * q.fixed_cost / q.truth);
  for (const auto& [kind, factor] : factors) {
    double expected = 0;
    if (fits_near_factor(q, factor, expected))
      found.push_back({kind, expected, relative_error(q.returned, expected), ""});
  }
}

void add_other_values(const slip_question& q, std::vector<candidate>& found) {
  const double truth_band = noise_band(q, q.truth, 1);
  for (const named_value& field : q.fields) {
    // A field whose truth is within the noise of this one's cannot be told from it.
    if (std::abs(field.value - q.truth) <= 2 * truth_band)
      continue;
    if (std::abs(q.returned - field.value) <= noise_band(q, field.value, 1))
      found.push_back(
          {slip_kind::swapped, field.value, relative_error(q.returned, field.value), field.name});
  }
  for (const named_value& index : q.indices) {
    if (std::abs(index.value - q.truth) <= truth_band)
      continue;
    if (std::abs(q.returned - index.value) <= 1e-9 * std::max(1.0, std::abs(index.value)))
      found.push_back({slip_kind::index_for_value, index.value, 0.0, index.name});
  }
}

std::string number(double value, const std::string& unit) {
  const std::string text = number_text("%.6g", value);
  return unit.empty() ? text : text + " " + unit;
}

} // namespace

slip_result find_slip(const slip_question& q) {
  slip_result result;
  if (!std::isfinite(q.returned) || !std::isfinite(q.truth) || q.truth == 0)
    return result;
  if (std::abs(q.returned - q.truth) <= noise_band(q, q.truth, 1)) {
    result.right = true; // within the noise
    return result;
  }
  if (q.returned == 0 && q.whole_unit > 0 && q.truth > 0) {
    // Whole units make 0 of a truth under one unit; so does a function that times nothing. Said
    // here, decided by common_slip from the other calls.
    const double band = noise_band(q, q.truth, 1);
    result.zero_if_cut = std::floor((q.truth - band) / q.whole_unit) <= 0;
    result.zero_if_rounded = std::round((q.truth - band) / q.whole_unit) <= 0;
    return result;
  }
  std::vector<candidate> found;
  add_scaled(q, found);
  add_near_factors(q, found);
  add_whole_units(q, found);
  add_other_values(q, found);
  if (found.empty())
    return result;
  std::stable_sort(found.begin(), found.end(),
                   [](const candidate& a, const candidate& b) { return a.error < b.error; });
  // Two slips that fit about as well: the numbers do not decide, and a wrong name is worse than
  // none (a student told "GiB" fixes what was right).
  if (found.size() >= 2 && found[1].error <= 3 * found[0].error) {
    result.ambiguous = true;
    return result;
  }
  result.kind = found[0].kind;
  result.expected = found[0].expected;
  result.factor = q.returned / q.truth;
  result.other = found[0].other;
  return result;
}

slip_result power_of_1000_slip(double returned, double truth,
                               const std::function<bool(double factor)>& fits) {
  const struct {
    slip_kind kind;
    double factor;
  } units[] = {{slip_kind::times_1000, 1e3},
               {slip_kind::times_million, 1e6},
               {slip_kind::over_1000, 1e-3},
               {slip_kind::over_million, 1e-6}};
  for (const auto& unit : units) {
    if (fits(unit.factor)) {
      slip_result slip;
      slip.kind = unit.kind;
      slip.expected = truth * unit.factor;
      slip.factor = truth != 0 ? returned / truth : 0;
      return slip;
    }
  }
  return {};
}

slip_result find_slip_exact(double returned, double measured, double whole_unit) {
  slip_question q;
  q.returned = returned;
  q.truth = measured;
  q.relative = 0.001; // the trace's numbers and the returned one differ by rounding only
  q.whole_unit = whole_unit;
  return find_slip(q);
}

slip_result find_whole_time_slip(double time, double truth_time, double relative,
                                 double whole_unit) {
  slip_result result;
  if (!std::isfinite(time) || !(time > 0) || !(truth_time > 0) || !(whole_unit > 0))
    return result;
  if (std::abs(time - truth_time) <= relative * truth_time) {
    result.right = true;
    return result;
  }
  if (!is_multiple(time, whole_unit))
    return result;
  const double units = std::round(time / whole_unit);
  const double low = truth_time * (1 - relative) / whole_unit;
  const double high = truth_time * (1 + relative) / whole_unit;
  const auto between = [&](double from, double to) { return units >= from && units <= to; };
  const bool cut = between(std::floor(low), std::floor(high));
  const bool rounded = between(std::round(low), std::round(high));
  // Up: std::ceil, or a time cut to 0 that the code then kept from dividing by zero (as 1).
  const bool up = between(std::ceil(low), std::ceil(high));
  if (!cut && !rounded && !up)
    return result;
  result.kind = cut && !rounded && !up   ? slip_kind::truncated
                : rounded && !cut && !up ? slip_kind::rounded
                                         : slip_kind::whole_units;
  result.expected = time;
  result.factor = truth_time / time;
  return result;
}

namespace {

bool whole_family(slip_kind kind) {
  return kind == slip_kind::truncated || kind == slip_kind::rounded ||
         kind == slip_kind::whole_units;
}

} // namespace

slip_result common_slip(const std::vector<slip_result>& results) {
  std::vector<const slip_result*> wrong;
  for (const slip_result& result : results) {
    if (!result.right)
      wrong.push_back(&result);
  }
  // A 0 of whole units is read only beside a call that shows the family.
  const auto whole_zero = [](const slip_result* result) {
    return result->kind == slip_kind::none && (result->zero_if_cut || result->zero_if_rounded);
  };
  const auto named = std::find_if_not(wrong.begin(), wrong.end(), whole_zero);
  if (named == wrong.end() || (*named)->kind == slip_kind::none)
    return {};
  slip_result common = **named;
  bool cut = true;
  bool rounded = true;
  for (const slip_result* result : wrong) {
    if (whole_zero(result)) {
      if (!whole_family(common.kind))
        return {};
      cut = cut && result->zero_if_cut;
      rounded = rounded && result->zero_if_rounded;
      continue;
    }
    const bool same_family = whole_family(result->kind) && whole_family(common.kind);
    if (!same_family && (result->kind != common.kind || result->other != common.other))
      return {};
    cut = cut && result->kind != slip_kind::rounded;
    rounded = rounded && result->kind != slip_kind::truncated;
  }
  if (whole_family(common.kind))
    common.kind = cut && !rounded   ? slip_kind::truncated
                  : rounded && !cut ? slip_kind::rounded
                                    : slip_kind::whole_units;
  return common;
}

bool exact_relation(slip_kind kind) {
  switch (kind) {
  case slip_kind::times_1000:
  case slip_kind::times_million:
  case slip_kind::over_1000:
  case slip_kind::over_million:
  case slip_kind::percent_for_fraction:
  case slip_kind::fraction_for_percent:
  case slip_kind::truncated:
  case slip_kind::rounded:
  case slip_kind::whole_units:
  case slip_kind::index_for_value:
    return true;
  default:
    return false;
  }
}

bool noise_cannot_produce(const slip_result& slip, double returned, double truth,
                          double min_difference) {
  switch (slip.kind) {
  case slip_kind::times_1000:
  case slip_kind::times_million:
  case slip_kind::over_1000:
  case slip_kind::over_million:
    return true;
  default:
    break;
  }
  if (!std::isfinite(returned) || !(truth > 0) || !(returned > 0))
    return false;
  const double ratio = returned / truth;
  return (ratio >= 20 || ratio <= 1.0 / 20) && std::abs(returned - truth) >= min_difference;
}

bool swapped_both_ways(double returned_a, double truth_a, double returned_b, double truth_b,
                       double relative) {
  const auto near = [&](double value, double target) {
    return std::abs(value - target) <= relative * std::abs(target);
  };
  if (near(truth_a, truth_b) || near(truth_b, truth_a))
    return false; // two equal truths: a swap changes nothing
  return near(returned_a, truth_b) && near(returned_b, truth_a);
}

std::string slip_id(slip_kind kind) {
  switch (kind) {
  case slip_kind::none:
    return "";
  case slip_kind::times_1000:
    return "times-1000";
  case slip_kind::times_million:
    return "times-million";
  case slip_kind::over_1000:
    return "over-1000";
  case slip_kind::over_million:
    return "over-million";
  case slip_kind::gib_for_gb:
    return "gib-for-gb";
  case slip_kind::gb_for_gib:
    return "gb-for-gib";
  case slip_kind::percent_for_fraction:
    return "percent-for-fraction";
  case slip_kind::fraction_for_percent:
    return "fraction-for-percent";
  case slip_kind::truncated:
    return "truncated";
  case slip_kind::rounded:
    return "rounded";
  case slip_kind::whole_units:
    return "whole-units";
  case slip_kind::swapped:
    return "swapped";
  case slip_kind::index_for_value:
    return "index-for-value";
  case slip_kind::one_run_more:
    return "one-run-more";
  case slip_kind::one_run_fewer:
    return "one-run-fewer";
  case slip_kind::fixed_cost_n_times:
    return "fixed-cost-n-times";
  }
  return "";
}

slip_words describe_slip(const slip_result& slip, double returned, double truth,
                         const std::string& unit, int runs) {
  const std::initializer_list<said_value> v{{"returned", number(returned, unit)},
                                            {"truth", number(truth, unit)},
                                            {"expected", number(slip.expected, unit)},
                                            {"factor", number_text("%.4g", slip.factor)},
                                            {"other", slip.other},
                                            {"runs", std::to_string(runs)},
                                            {"more", std::to_string(runs + 1)},
                                            {"fewer", std::to_string(runs - 1)}};
  // Literal ids, one pair per slip, so that the catalogue's test finds every one said.
  switch (slip.kind) {
  case slip_kind::none:
    return {};
  case slip_kind::times_1000:
    return {say("check.api.slip.times-1000.message", v), say("check.api.slip.times-1000.hint", v)};
  case slip_kind::times_million:
    return {say("check.api.slip.times-million.message", v),
            say("check.api.slip.times-million.hint", v)};
  case slip_kind::over_1000:
    return {say("check.api.slip.over-1000.message", v), say("check.api.slip.over-1000.hint", v)};
  case slip_kind::over_million:
    return {say("check.api.slip.over-million.message", v),
            say("check.api.slip.over-million.hint", v)};
  case slip_kind::gib_for_gb:
    return {say("check.api.slip.gib-for-gb.message", v), say("check.api.slip.gib-for-gb.hint", v)};
  case slip_kind::gb_for_gib:
    return {say("check.api.slip.gb-for-gib.message", v), say("check.api.slip.gb-for-gib.hint", v)};
  case slip_kind::percent_for_fraction:
    return {say("check.api.slip.percent-for-fraction.message", v),
            say("check.api.slip.percent-for-fraction.hint", v)};
  case slip_kind::fraction_for_percent:
    return {say("check.api.slip.fraction-for-percent.message", v),
            say("check.api.slip.fraction-for-percent.hint", v)};
  case slip_kind::truncated:
    return {say("check.api.slip.truncated.message", v), say("check.api.slip.truncated.hint", v)};
  case slip_kind::rounded:
    return {say("check.api.slip.rounded.message", v), say("check.api.slip.rounded.hint", v)};
  case slip_kind::whole_units:
    return {say("check.api.slip.whole-units.message", v),
            say("check.api.slip.whole-units.hint", v)};
  case slip_kind::swapped:
    return {say("check.api.slip.swapped.message", v), say("check.api.slip.swapped.hint", v)};
  case slip_kind::index_for_value:
    return {say("check.api.slip.index-for-value.message", v),
            say("check.api.slip.index-for-value.hint", v)};
  case slip_kind::one_run_more:
    return {say("check.api.slip.one-run-more.message", v),
            say("check.api.slip.one-run-more.hint", v)};
  case slip_kind::one_run_fewer:
    return {say("check.api.slip.one-run-fewer.message", v),
            say("check.api.slip.one-run-fewer.hint", v)};
  case slip_kind::fixed_cost_n_times:
    return {say("check.api.slip.fixed-cost-n-times.message", v),
            say("check.api.slip.fixed-cost-n-times.hint", v)};
  }
  return {};
}

slip_words describe_whole_time_slip(double returned, double truth, const std::string& unit,
                                    double time, double truth_time) {
  const std::initializer_list<said_value> v{{"returned", number(returned, unit)},
                                            {"truth", number(truth, unit)},
                                            {"time", number(time, "ms")},
                                            {"truth_time", number(truth_time, "ms")}};
  return {say("check.api.slip.whole-time.message", v), say("check.api.slip.whole-time.hint", v)};
}

} // namespace gpucheck
