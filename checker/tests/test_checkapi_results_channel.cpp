// SPDX-License-Identifier: MIT
// checkapi/results_channel with the check programs' test case counter (test_case_counter.hpp),
// registered here as check_main.cpp registers it: a shown call is sent with the place of its test
// case in the run, which a subcase does not change and the next test case raises by one; gpucheck
// reads it back (core/check_results_file). The replay's --dt-last counts the same places.
#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/test_case_counter.hpp"
#include "core/check_results_file.hpp"
#include "core/keyed_hash.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

REGISTER_LISTENER("gpucheck-test-case-counter", 1, gpucheck::detail::test_case_counter);

namespace {

namespace fs = std::filesystem;

const fs::path results_file =
    fs::temp_directory_path() / ("gpucheck-results-channel-" + std::to_string(getpid()) + ".jsonl");

// The channel, opened once for the whole program as check_main.cpp opens it.
void open_channel() {
  static const bool opened = [] {
    const int fd = open(results_file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    REQUIRE(fd >= 0);
    gpucheck::detail::open_results_channel(fd, gpucheck::derive_key("token", "lines"));
    return true;
  }();
  (void)opened;
  // Removed when the program ends, not by a test case: the channel writes to it until then, and
  // the whole program runs its test cases in one process.
  static const struct remover {
    ~remover() { fs::remove(results_file); }
  } remove_at_exit;
}

// Reports a check, and reads back the place of the test case its shown call was sent with.
int place_of_reported_call(bool shows_call = true) {
  open_channel();
  gpucheck::check_outcome outcome;
  outcome.name = "a check";
  outcome.passed = true;
  if (shows_call) {
    outcome.call.begin_ns = 1000;
    outcome.call.end_ns = 2000;
    outcome.call.reported_ms = 1.0;
    outcome.call.truth_ms = 1.0;
  }
  gpucheck::report(outcome);
  std::ifstream file(results_file);
  std::ostringstream text;
  text << file.rdbuf();
  const auto results = gpucheck::parse_check_results(text.str(), "token");
  REQUIRE_FALSE(results.checks.empty());
  CHECK(results.foreign_lines == 0); // the place is inside the signed line
  return results.checks.back().call.test_case;
}

int first_place = 0;

} // namespace

TEST_CASE("a shown call is sent with its test case's place, which a subcase does not change") {
  first_place = place_of_reported_call();
  CHECK(first_place >= 1);
  SUBCASE("one subcase") {
    CHECK(place_of_reported_call() == first_place);
  }
  SUBCASE("another") {
    CHECK(place_of_reported_call() == first_place);
  }
  CHECK(place_of_reported_call(false) == 0); // no call shown, no place sent
}

TEST_CASE("the next test case's calls are sent with the next place") {
  // With the case above in the same process (the program run whole, as doctest orders its cases
  // by line) this one is the next place; run alone (CTest runs each case in a process of its own,
  // doctest_discover_tests), it is the first.
  const int expected = first_place >= 1 ? first_place + 1 : 1;
  CHECK(place_of_reported_call() == expected);
}

TEST_CASE(
    "a check that passed after a read of a clock of CPU time is reported failed, call or not") {
  gpucheck::check_outcome before;
  before.name = "a check before";
  before.passed = true;
  CHECK(gpucheck::report(before)); // the reads so far are this one's: none of the C library's
  // What the interposed clock_gettime(CLOCK_PROCESS_CPUTIME_ID) counts (cpu_clock_interpose.cpp).
  gpucheck::detail::note_cpu_clock_read(gpucheck::cpu_clock::process_cputime);
  // A check that shows no call when it passes (a warm-up's, a bandwidth's): begin_ns stays 0.
  gpucheck::check_outcome passed;
  passed.name = "a check whose call read the clock";
  passed.passed = true;
  CHECK_FALSE(gpucheck::report(passed));
  gpucheck::check_outcome next;
  next.name = "the next check";
  next.passed = true;
  CHECK(gpucheck::report(next)); // the read was the previous check's
}

TEST_CASE("a check refused for a clock of CPU time shows the call that read it, for its lines") {
  open_channel();
  gpucheck::check_outcome before;
  before.name = "a check before";
  before.passed = true;
  CHECK(gpucheck::report(before));
  // The student's function, called as every check calls it, reads the clock inside the call.
  const gpucheck::timed_call call = gpucheck::call_timed([] {
    gpucheck::detail::note_cpu_clock_read(gpucheck::cpu_clock::process_cputime);
    return 2.5;
  });
  gpucheck::check_outcome passed;
  passed.name = "a check whose pass showed no call";
  passed.passed = true;
  CHECK_FALSE(gpucheck::report(passed));
  std::ifstream file(results_file);
  std::ostringstream text;
  text << file.rdbuf();
  const auto results = gpucheck::parse_check_results(text.str(), "token");
  REQUIRE_FALSE(results.checks.empty());
  const auto& shown = results.checks.back().call;
  CHECK(shown.begin_ns == call.begin_ns);
  CHECK(shown.end_ns == call.end_ns);
  CHECK(shown.reported_ms == doctest::Approx(2.5));
  // The next check's calls read no clock: it shows none, and passes.
  gpucheck::check_outcome next;
  next.name = "the next check";
  next.passed = true;
  CHECK(gpucheck::report(next));
}

TEST_CASE("a message that states what the check saw is sent so, and gpucheck reads it so") {
  open_channel();
  for (const bool seen : {true, false}) {
    gpucheck::check_outcome outcome;
    outcome.name = seen ? "a check that saw" : "a check that inferred";
    outcome.message = "the work ran 3 times; the function was asked to run it 5 times.";
    outcome.states_what_was_seen = seen;
    CHECK_FALSE(gpucheck::report(outcome));
  }
  std::ifstream file(results_file);
  std::ostringstream text;
  text << file.rdbuf();
  int read = 0;
  for (const auto& check : gpucheck::parse_check_results(text.str(), "token").checks) {
    if (check.name == "a check that saw" || check.name == "a check that inferred") {
      CHECK(check.seen == (check.name == "a check that saw"));
      ++read;
    }
  }
  CHECK(read == 2);
}
