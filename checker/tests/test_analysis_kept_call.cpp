// SPDX-License-Identifier: MIT
// A kept trace's record of a check's call (analysis::kept_call): the replay's window, with the
// numbers and the slip of the verdict's run, so that the diagnosis corpus replays a failure as
// the student saw it (tools/gpu-diagnose.sh, tools/heldout/replay.sh).
#include "analysis/traced_check.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;

namespace {

check_item item(const std::string& name, bool passed, std::int64_t begin_ns, double reported_ms) {
  check_item c;
  c.name = name;
  c.passed = passed;
  c.call.begin_ns = begin_ns;
  c.call.end_ns = begin_ns == 0 ? 0 : begin_ns + 1000;
  c.call.reported_ms = reported_ms;
  c.call.truth_ms = 0.4;
  return c;
}

} // namespace

TEST_CASE("a kept call carries the verdict's slip, whether or not that run showed the call") {
  const check_item replayed = item("time_each_run times each run", false, 5000, 0.0004);
  SUBCASE("the verdict's run showed the call: its numbers and its slip") {
    check_item failed = item("time_each_run times each run", false, 9000, 0.000393);
    failed.slip = "over-1000";
    const trace::checked_call kept = analysis::kept_call(replayed, {failed});
    CHECK(kept.begin_ns == 5000);
    CHECK(kept.reported_ms == doctest::Approx(0.0004));
    CHECK(kept.failed_reported_ms == doctest::Approx(0.000393));
    CHECK(kept.slip == "over-1000");
  }
  SUBCASE("the verdict's run showed no call: its slip still, and no numbers of its own") {
    check_item failed = item("time_each_run times each run", false, 0, 0);
    failed.slip = "over-1000";
    const trace::checked_call kept = analysis::kept_call(replayed, {failed});
    CHECK(kept.slip == "over-1000");
    CHECK(kept.failed_reported_ms == 0);
    CHECK(kept.failed_truth_ms == 0);
  }
  SUBCASE("a check that passed in the verdict's run, or another check, gives nothing") {
    check_item passed = item("time_each_run times each run", true, 9000, 0.39);
    passed.slip = "over-1000"; // not read: the check passed
    check_item other = item("fused_gbps reports the bandwidth", false, 9000, 1.0);
    other.slip = "gib-for-gb";
    const trace::checked_call kept = analysis::kept_call(replayed, {passed, other});
    CHECK(kept.slip.empty());
    CHECK(kept.failed_reported_ms == 0);
  }
}
