// SPDX-License-Identifier: MIT
// The one main() shared by the unit-test programs.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
