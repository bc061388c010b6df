// SPDX-License-Identifier: MIT
// The one main() shared by the unit-test programs. CTest runs each test case as
// `program --test-case=NAME` (doctest_discover_tests); a name that the filter cannot match (one
// with a ';', which CMake splits into two tests) would run nothing and pass. Here a filter that
// selects no test case fails the run instead.
#define DOCTEST_CONFIG_IMPLEMENT
#include "checkapi/quiet_listener.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <string_view>

namespace {

int test_cases_selected = -1; // set at the end of the run; -1: the run did not end

// Listens only for the run's end: how many test cases the filters selected.
struct selected_count final : gpucheck::quiet_listener {
  using quiet_listener::quiet_listener;
  void test_run_end(const doctest::TestRunStats& stats) override {
    test_cases_selected = static_cast<int>(stats.numTestCasesPassingFilters);
  }
};

bool names_a_test_case(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument = argv[i];
    for (const std::string_view option : {"--test-case=", "-tc=", "--dt-test-case=", "--dt-tc="})
      if (argument.substr(0, option.size()) == option)
        return true;
  }
  return false;
}

} // namespace

DOCTEST_REGISTER_LISTENER("selected_count", 1, selected_count);

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int failed = context.run();
  if (context.shouldExit())
    return failed;
  if (test_cases_selected == 0 && names_a_test_case(argc, argv)) {
    std::fprintf(stderr, "no test case matches the --test-case filter: nothing was tested\n");
    return 1;
  }
  return failed;
}
