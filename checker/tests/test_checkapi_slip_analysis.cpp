// SPDX-License-Identifier: MIT
// The one number-slip analysis (checkapi/slip_analysis.hpp): each slip found from the numbers
// alone, with its inputs and the finding expected inline, and the near misses that must not be
// called a slip (noise of a few percent, a number two slips fit equally well).
#include "checkapi/slip_analysis.hpp"
#include "messages/messages.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace gpucheck;

namespace {

slip_question time_of(double returned, double truth) {
  slip_question q;
  q.returned = returned;
  q.truth = truth;
  q.relative = 0.05;
  q.absolute = 0.05; // [ms]
  q.whole_unit = 1;  // [ms]
  return q;
}

slip_question bandwidth_of(double returned, double truth) {
  slip_question q;
  q.returned = returned;
  q.truth = truth;
  q.relative = 0.03;
  q.bytes = true;
  return q;
}

slip_kind kind_of(const slip_question& q) {
  return find_slip(q).kind;
}

} // namespace

TEST_CASE("a number within the noise of the truth is no slip") {
  CHECK(kind_of(time_of(2.378, 2.378)) == slip_kind::none);
  CHECK(kind_of(time_of(2.45, 2.378)) == slip_kind::none); // 3% long: a busy GPU
  CHECK(kind_of(bandwidth_of(78.1, 80)) == slip_kind::none);
}

TEST_CASE("a power of 1000 either way") {
  CHECK(kind_of(time_of(2378.0, 2.378)) == slip_kind::times_1000);     // microseconds
  CHECK(kind_of(time_of(2378.4, 2.378)) == slip_kind::times_1000);     // with noise
  CHECK(kind_of(time_of(2.378e6, 2.378)) == slip_kind::times_million); // nanoseconds
  CHECK(kind_of(time_of(0.002378, 2.378)) == slip_kind::over_1000);    // seconds
  CHECK(kind_of(bandwidth_of(0.0801, 80)) == slip_kind::over_1000);    // ms used as s in a rate
  CHECK(kind_of(bandwidth_of(80000, 80)) == slip_kind::times_1000);    // MB/s for GB/s
  CHECK(kind_of(bandwidth_of(8e-5, 80)) == slip_kind::over_million);
  const slip_result found = find_slip(time_of(2378.0, 2.378));
  CHECK(found.expected == doctest::Approx(2378.0));
  CHECK(found.factor == doctest::Approx(1000));
}

TEST_CASE("GB against GiB, only where the number counts bytes and the factor stands out") {
  CHECK(kind_of(bandwidth_of(80 * 1e9 / 1073741824.0, 80)) == slip_kind::gib_for_gb); // 74.51
  CHECK(kind_of(bandwidth_of(80 * 1.073741824, 80)) == slip_kind::gb_for_gib);        // 85.90
  SUBCASE("a time 7% off is not GiB: a time counts no bytes") {
    CHECK(kind_of(time_of(2.378 / 1.073741824, 2.378)) == slip_kind::none);
  }
  SUBCASE("4% low is between the noise (3%) and GiB (6.9%): neither") {
    CHECK(kind_of(bandwidth_of(77.0, 80)) == slip_kind::none);
  }
}

TEST_CASE("a factor of 100 only for a fraction") {
  slip_question noise = time_of(3.1, 0.031);
  noise.fraction = true;
  noise.whole_unit = 0;
  noise.absolute = 0.002;
  CHECK(kind_of(noise) == slip_kind::percent_for_fraction);
  noise.returned = 0.00031;
  CHECK(kind_of(noise) == slip_kind::fraction_for_percent);
  SUBCASE("a time 100 times too long is no percentage") {
    CHECK(kind_of(time_of(237.8, 2.378)) == slip_kind::none);
  }
}

TEST_CASE("whole units: cut, rounded, or either") {
  CHECK(kind_of(time_of(2.0, 2.378)) == slip_kind::whole_units); // floor and round both give 2
  CHECK(kind_of(time_of(2.0, 2.78)) == slip_kind::truncated);    // round would give 3
  CHECK(kind_of(time_of(3.0, 2.58)) == slip_kind::rounded);      // floor would give 2
  SUBCASE("0 is no slip: a function that times nothing returns it too (the trace tells)") {
    CHECK(kind_of(time_of(0.0, 0.70)) == slip_kind::none);
  }
  SUBCASE("a whole number far from the truth is not a cut one") {
    CHECK(kind_of(time_of(5.0, 2.378)) == slip_kind::none);
  }
  SUBCASE("a number with a fraction is never whole units") {
    CHECK(kind_of(time_of(2.2, 2.378)) == slip_kind::none);
  }
}

TEST_CASE("another field's truth: a swap") {
  slip_question q = time_of(1.5, 9.0);
  q.whole_unit = 0;
  q.fields = {{"alone_ms", 1.5}, {"case_4_ms", 0.02}};
  const slip_result found = find_slip(q);
  CHECK(found.kind == slip_kind::swapped);
  CHECK(found.other == "alone_ms");
  SUBCASE("a field whose truth is this one's within the noise cannot be told apart") {
    q.fields = {{"twin_ms", 9.2}};
    q.returned = 9.6;
    CHECK(kind_of(q) == slip_kind::none);
  }
  SUBCASE("two fields exactly swapped, both ways: no noise does that") {
    CHECK(swapped_both_ways(1.5, 9.0, 9.0, 1.5, 0.05));
    CHECK_FALSE(swapped_both_ways(1.5, 9.0, 9.0, 1.4, 0.01));
    CHECK_FALSE(swapped_both_ways(2.0, 2.0, 2.0, 2.0, 0.05)); // equal truths: nothing to swap
  }
}

TEST_CASE("an index for a value") {
  // find_crossover: the rows' sizes are 256, 512, 1024; the crossover is at 512 (row 1).
  slip_question q;
  q.returned = 1;
  q.truth = 512;
  q.relative = 0;
  q.scales = false;
  q.indices = {{"row 0", 0}, {"row 1", 1}, {"row 2", 2}};
  const slip_result found = find_slip(q);
  CHECK(found.kind == slip_kind::index_for_value);
  CHECK(found.other == "row 1");
  SUBCASE("an index and a whole unit that give the same number: the numbers do not decide") {
    slip_question tie = time_of(2.0, 2.3);
    tie.indices = {{"row 2", 2}};
    const slip_result neither = find_slip(tie);
    CHECK(neither.kind == slip_kind::none);
    CHECK(neither.ambiguous);
  }
}

TEST_CASE("one run more or fewer than divided by") {
  slip_question q = time_of(2.0 * 11 / 10, 2.0);
  q.runs = 10;
  CHECK(kind_of(q) == slip_kind::one_run_more);
  q.returned = 2.0 * 9 / 10;
  CHECK(kind_of(q) == slip_kind::one_run_fewer);
  SUBCASE("with 100 runs one more is 1%: noise, and no slip") {
    q.runs = 100;
    q.returned = 2.0 * 101 / 100;
    CHECK(kind_of(q) == slip_kind::none);
  }
  SUBCASE("6% long with 10 runs is neither noise nor 10% more: no slip named") {
    q.returned = 2.12;
    CHECK(kind_of(q) == slip_kind::none);
  }
}

TEST_CASE("a fixed cost counted once per item") {
  // 0.2 ms paid once, 4 copies: the truth holds the fixed cost once.
  slip_question q = time_of(0.5 + 3 * 0.2, 0.5);
  q.whole_unit = 0;
  q.absolute = 0.005;
  q.runs = 4;
  q.fixed_cost = 0.2;
  CHECK(kind_of(q) == slip_kind::fixed_cost_n_times);
  q.returned = 0.8; // halfway: neither the truth nor the slip
  CHECK(kind_of(q) == slip_kind::none);
}

TEST_CASE("against an interval the trace read exactly, only rounding's tolerance") {
  CHECK(find_slip_exact(2134.0, 2.134, 1).kind == slip_kind::times_1000);
  CHECK(find_slip_exact(2.0, 2.134, 1).kind == slip_kind::whole_units);
  CHECK(find_slip_exact(2.1, 2.134, 1).kind == slip_kind::none); // 1.6% off: another number
}

TEST_CASE("a rate's time in whole units, seen through the rate") {
  // A fused kernel's number: 536870880 bytes over 0.131 ms is 4098 GB/s; the time cut to 0 ms and
  // kept from the division as 1 ms gives 536.9 GB/s, whose time is exactly 1 ms again.
  const double bytes = 536870880;
  const double reported = bytes / 1e-3 / 1e9;
  const double time = bytes / (reported * 1e9) * 1e3;
  const slip_result up = find_whole_time_slip(time, 0.131, 0.05, 1);
  CHECK(up.kind == slip_kind::whole_units);
  CHECK(up.expected == doctest::Approx(1.0));
  CHECK(up.factor == doctest::Approx(0.131));
  CHECK(find_whole_time_slip(2.0, 2.78, 0.05, 1).kind == slip_kind::truncated);
  CHECK(find_whole_time_slip(3.0, 2.58, 0.05, 1).kind == slip_kind::whole_units); // round or up
  CHECK(find_whole_time_slip(2.0, 2.378, 0.05, 1).kind == slip_kind::whole_units);
  SUBCASE("a right time is no slip, even a whole one") {
    CHECK(find_whole_time_slip(3.0, 3.02, 0.05, 1).right);
  }
  SUBCASE("a time with a fraction, one far from the truth, or none at all is not") {
    CHECK(find_whole_time_slip(1.0004, 0.131, 0.05, 1).kind == slip_kind::none);
    CHECK(find_whole_time_slip(5.0, 2.378, 0.05, 1).kind == slip_kind::none);
    CHECK(find_whole_time_slip(0.0, 0.131, 0.05, 1).kind == slip_kind::none);
  }
  SUBCASE("exact: noise never excuses it") {
    CHECK(exact_relation(up.kind));
  }
  const slip_words words = describe_whole_time_slip(reported, 4098, "GB/s", time, 0.131);
  CHECK(words.message.find("536.871 GB/s") != std::string::npos);
  CHECK(words.message.find("exactly 1 ms") != std::string::npos);
  CHECK(words.message.find("0.131 ms") != std::string::npos);
  CHECK_FALSE(words.hint.empty());
}

TEST_CASE("a check's slip is the one every call shows") {
  const slip_result us = find_slip(time_of(2378.0, 2.378));
  const slip_result us2 = find_slip(time_of(4101.0, 4.1));
  const slip_result gib = find_slip(bandwidth_of(74.5, 80));
  CHECK(common_slip({us, us2}).kind == slip_kind::times_1000);
  CHECK(common_slip({us, gib}).kind == slip_kind::none);
  CHECK(common_slip({}).kind == slip_kind::none);
  SUBCASE("a right call is left out; cut calls decide among whole units") {
    const slip_result cut_or_rounded = find_slip(time_of(2.0, 2.378));
    const slip_result cut = find_slip(time_of(2.0, 2.78));
    const slip_result right = find_slip(time_of(3.0, 3.02)); // a whole number by luck, right
    CHECK(right.right);
    CHECK(common_slip({cut_or_rounded, right, cut}).kind == slip_kind::truncated);
    CHECK(common_slip({cut_or_rounded, right}).kind == slip_kind::whole_units);
    CHECK(common_slip({right}).kind == slip_kind::none);
  }
}

TEST_CASE("a 0 that whole units make of a short truth is read only beside a whole number") {
  const slip_result zero_of_short = find_slip(time_of(0.0, 0.3)); // cut or rounded: 0
  CHECK(zero_of_short.kind == slip_kind::none);
  CHECK(zero_of_short.zero_if_cut);
  CHECK(zero_of_short.zero_if_rounded);
  const slip_result zero_if_cut = find_slip(time_of(0.0, 0.7)); // rounded: 1
  CHECK(zero_if_cut.zero_if_cut);
  CHECK_FALSE(zero_if_cut.zero_if_rounded);
  const slip_result zero_of_long = find_slip(time_of(0.0, 1.6)); // neither makes 0 of it
  CHECK_FALSE(zero_of_long.zero_if_cut);
  CHECK_FALSE(zero_of_long.zero_if_rounded);

  const slip_result cut = find_slip(time_of(2.0, 2.78));
  CHECK(common_slip({zero_if_cut, cut}).kind == slip_kind::truncated);
  CHECK(common_slip({zero_of_short, find_slip(time_of(2.0, 2.378))}).kind ==
        slip_kind::whole_units);
  // Zeros alone are also what a function that times nothing returns.
  CHECK(common_slip({zero_of_short, zero_if_cut}).kind == slip_kind::none);
  // A 0 beside another slip, or a 0 no whole unit makes, breaks the common slip.
  CHECK(common_slip({zero_of_short, find_slip(time_of(2378.0, 2.378))}).kind == slip_kind::none);
  CHECK(common_slip({zero_of_long, cut}).kind == slip_kind::none);
}

TEST_CASE("a power of 1000 is found by the caller's own band, either way") {
  const auto near_9 = [](double value) { return value >= 9.0 && value <= 12.0; };
  const slip_result us =
      power_of_1000_slip(10500.0, 10.0, [&](double f) { return near_9(10500.0 / f); });
  CHECK(us.kind == slip_kind::times_1000);
  CHECK(us.expected == doctest::Approx(10000.0));
  CHECK(us.factor == doctest::Approx(1050.0));
  CHECK(power_of_1000_slip(0.0105, 10.0, [&](double f) { return near_9(0.0105 / f); }).kind ==
        slip_kind::over_1000);
  CHECK(power_of_1000_slip(10.5e6, 10.0, [&](double f) { return near_9(10.5e6 / f); }).kind ==
        slip_kind::times_million);
  CHECK(power_of_1000_slip(50.0, 10.0, [&](double f) { return near_9(50.0 / f); }).kind ==
        slip_kind::none);
}

TEST_CASE("exact relations are never noise, factors near 1 may be") {
  CHECK(exact_relation(slip_kind::times_1000));
  CHECK(exact_relation(slip_kind::percent_for_fraction));
  CHECK(exact_relation(slip_kind::truncated));
  CHECK(exact_relation(slip_kind::index_for_value));
  CHECK_FALSE(exact_relation(slip_kind::gib_for_gb));
  CHECK_FALSE(exact_relation(slip_kind::one_run_more));
  CHECK_FALSE(exact_relation(slip_kind::swapped));
  CHECK_FALSE(exact_relation(slip_kind::none));
}

TEST_CASE("what noise cannot produce: 20 times off, a power of 1000") {
  const slip_result us = find_slip(time_of(2378.0, 2.378));
  CHECK(noise_cannot_produce(us, 2378.0, 2.378));
  CHECK(noise_cannot_produce({}, 50.0, 2.378));       // 21 times: no slip named, still no noise
  CHECK_FALSE(noise_cannot_produce({}, 30.0, 2.378)); // 12.6 times: a busy GPU can
  CHECK_FALSE(noise_cannot_produce({}, 2.5, 2.378));
  CHECK_FALSE(noise_cannot_produce({}, 1.2, 0.05, 1.5)); // 24 times, but 1.15 ms: a delay can
  const slip_result gib = find_slip(bandwidth_of(74.5, 80));
  CHECK_FALSE(noise_cannot_produce(gib, 74.5, 80)); // 7%: noise can make a number that far off
}

TEST_CASE("the words name the slip with the numbers, and the fix") {
  const slip_result us = find_slip(time_of(2378.0, 2.378));
  const slip_words words = describe_slip(us, 2378.0, 2.378, "ms");
  CHECK(words.message.find("2378 ms") != std::string::npos);
  CHECK(words.message.find("2.378 ms") != std::string::npos);
  CHECK(words.message.find("1000") != std::string::npos);
  CHECK(words.hint.find("divide by 1000") != std::string::npos);
  slip_question q = time_of(2.2, 2.0);
  q.runs = 10;
  const slip_words more = describe_slip(find_slip(q), 2.2, 2.0, "ms", 10);
  CHECK(more.message.find("timed 11 runs and the total was divided by 10") != std::string::npos);
  CHECK(describe_slip({}, 1, 1, "ms").message.empty());
}
