// SPDX-License-Identifier: MIT
#include "core/watch_filter.hpp"

#include <doctest/doctest.h>

TEST_CASE("watch re-checks for sources, not for editors' temporary files") {
  for (const char* name : {"exercise.cu", "exercise.h", "helpers.cuh", "cpu_gemm.h", "x.cpp"}) {
    CAPTURE(name);
    CHECK(gpucheck::is_watched_source_name(name));
  }
  for (const char* name :
       {"4913", "exercise.cu~", ".exercise.cu.swp", ".#exercise.cu", "#exercise.cu#",
        "exercise.cu___jb_tmp___", "lesson.md", ".exercise.cu.gpucheck-reset", ".cu", ""}) {
    CAPTURE(name);
    CHECK_FALSE(gpucheck::is_watched_source_name(name));
  }
}
