// SPDX-License-Identifier: MIT
#include "core/sanitizer.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>

namespace {

// compute-sanitizer 2025 (CUDA 12.8+/13) memcheck: one error per thread, each with a backtrace.
const char memcheck_report[] = R"(========= COMPUTE-SANITIZER
========= Invalid __global__ write of size 4 bytes
=========     at fill(float *, int)+0x90 in /home/s/lessons/97/exercise.cu:11
=========     by thread (0,0,0) in block (1,0,0)
=========     Address 0x7f2a4c000400 is out of bounds
=========     and is 4294966272 bytes after the nearest allocation at 0x7f2a4c000000 of size 4096 bytes
=========     Saved host backtrace up to driver entry point at kernel launch time
=========         Host Frame: fill_and_sum(int) [0x1234] in check
=========
========= Invalid __global__ write of size 4 bytes
=========     at fill(float *, int)+0x90 in /home/s/lessons/97/exercise.cu:11
=========     by thread (1,0,0) in block (1,0,0)
=========     Address 0x7f2a4c400400 is out of bounds
=========
========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
=========     Saved host backtrace up to driver entry point at error
=========
========= ERROR SUMMARY: 3 errors
)";

// CUDA 11 style: the location after the offset, the kernel last.
const char old_style[] = R"(========= CUDA-MEMCHECK
========= Invalid __global__ read of size 8
=========     at 0x000000c8 in /src/my_helper.cuh:75:void projection<double>(double*, int)
=========     by thread (9,0,0) in block (0,0,0)
=========     Address 0x000370e8 is out of bounds
=========
)";

const char racecheck_report[] = R"(========= COMPUTE-SANITIZER
========= Error: Race reported between Write access at reduce(float *)+0x1a0 in /w/exercise.cu:21
=========     and Read access at reduce(float *)+0x220 in /w/exercise.cu:24 [1024 hazards]
=========
========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)
)";

} // namespace

TEST_CASE("memcheck findings name the access, the kernel, the line, and merge threads") {
  const auto findings = gpucheck::parse_sanitizer_report(memcheck_report, "memcheck");
  REQUIRE(findings.size() == 2);
  CHECK(findings[0].kind == "Invalid __global__ write of size 4 bytes");
  CHECK(findings[0].kernel == "fill(float *, int)");
  CHECK(findings[0].file == "/home/s/lessons/97/exercise.cu");
  CHECK(findings[0].line == 11);
  CHECK(findings[0].count == 2);
  CHECK(findings[0].thread == "thread (0,0,0) in block (1,0,0)");
  CHECK(findings[0].address.find("out of bounds") != std::string::npos);
  CHECK(findings[0].describe().find("memcheck: Invalid __global__ write of size 4 bytes in kernel "
                                    "fill(float *, int) at exercise.cu:11 (thread (0,0,0) in "
                                    "block (1,0,0), and 1 more)") == 0);
  CHECK(findings[1].kind.rfind("Program hit cudaErrorLaunchFailure", 0) == 0);
}

TEST_CASE("the CUDA 11 layout and racecheck's are read too, the program's own lines are not") {
  const auto old = gpucheck::parse_sanitizer_report(
      std::string("the program printed this\n") + old_style, "memcheck");
  REQUIRE(old.size() == 1);
  CHECK(old[0].kernel == "void projection<double>(double*, int)");
  CHECK(old[0].line == 75);
  const auto race = gpucheck::parse_sanitizer_report(racecheck_report, "racecheck");
  REQUIRE(race.size() == 1);
  CHECK(race[0].kind == "Race reported between Write access");
  CHECK(race[0].line == 21);
  CHECK(race[0].kernel == "reduce(float *)");
  CHECK(race[0].address.find("Read access") != std::string::npos);
  CHECK(gpucheck::parse_sanitizer_report("========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: "
                                         "0 errors\n",
                                         "memcheck")
            .empty());
}

TEST_CASE("the lesson's front matter chooses the tools, memcheck by default") {
  const auto path = std::filesystem::temp_directory_path() / "gpucheck-sanitize-lesson.md";
  std::ofstream(path) << "---\ntitle: Streams\nsanitize: memcheck, synccheck, bogus\n---\ntext\n";
  CHECK(gpucheck::sanitizer_tools_for(path) == std::vector<std::string>{"memcheck", "synccheck"});
  std::ofstream(path) << "---\ntitle: Plain\n---\n";
  CHECK(gpucheck::sanitizer_tools_for(path) == std::vector<std::string>{"memcheck"});
  std::filesystem::remove(path);
}
