# SPDX-License-Identifier: MIT
# Unit tests: a few doctest programs (one per part of the checker, one per lesson that has unit
# tests), each test case one CTest test found by doctest_discover_tests and labelled "unit".
# Before, every test source was a program of its own that linked every library of the checker:
# 59 links were most of make test's build. Each test case still runs in a process of its own.
include(doctest) # doctest_discover_tests, from find_package(doctest) (cmake/ThirdParty.cmake)

# The tests' own sources are compiled without optimization (-O0 after the build type's -O2): all
# of them run in seconds either way, and unoptimized they compile in 60% of the time (issue 19:
# make test on 2 cores). The code they test is in the libraries, built as the course builds it.
set(GPUCOURSE_UNIT_TEST_COMPILE_OPTIONS -Wall -Wextra -g0 -O0)

# gpucourse_add_unit_tests(NAME SOURCES file... LIBRARIES target...): one doctest program, its
# test cases named "NAME: <test case>" in CTest.
function(gpucourse_add_unit_tests name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBRARIES")
  add_executable(${name} ${arg_SOURCES} $<TARGET_OBJECTS:gpucourse_doctest_main>)
  target_link_libraries(${name} PRIVATE doctest::doctest ${arg_LIBRARIES})
  target_compile_definitions(${name} PRIVATE
    GPUCHECK_FIXTURES_DIR="${PROJECT_SOURCE_DIR}/checker/tests/fixtures"
    GPUCHECK_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    GPUCHECK_BUILD_DIR="${PROJECT_BINARY_DIR}")
  target_compile_options(${name} PRIVATE ${GPUCOURSE_UNIT_TEST_COMPILE_OPTIONS})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests)
  doctest_discover_tests(${name} TEST_PREFIX "${name}: "
                         PROPERTIES LABELS unit TIMEOUT 300)
endfunction()

# doctest's main(), compiled once for every unit-test program.
add_library(gpucourse_doctest_main OBJECT ${PROJECT_SOURCE_DIR}/checker/tests/doctest_main.cpp)
target_link_libraries(gpucourse_doctest_main PUBLIC doctest::doctest)
target_include_directories(gpucourse_doctest_main PRIVATE ${PROJECT_SOURCE_DIR}/checker)
target_compile_options(gpucourse_doctest_main PRIVATE ${GPUCOURSE_UNIT_TEST_COMPILE_OPTIONS})
