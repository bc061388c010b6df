# SPDX-License-Identifier: MIT
# Header-only libraries from Debian's archive, through the CMake packages they ship:
# doctest-dev (/usr/lib/cmake/doctest: doctest::doctest and doctest_discover_tests) and
# nlohmann-json3-dev (/usr/share/cmake/nlohmann_json: nlohmann_json::nlohmann_json).
# .deps/ (ignored by git) is searched too, so that a machine without the packages can be given
# them by hand: .deps/lib/cmake/doctest, .deps/share/cmake/nlohmann_json and their headers in
# .deps/include.
list(APPEND CMAKE_PREFIX_PATH ${PROJECT_SOURCE_DIR}/.deps)
find_package(doctest CONFIG QUIET)
find_package(nlohmann_json 3 CONFIG QUIET)
foreach(_package doctest nlohmann_json)
  if(NOT ${_package}_FOUND)
    message(FATAL_ERROR
      "A header library is missing (${_package}, with its CMake package). On Debian or Ubuntu:\n"
      "    sudo apt-get install doctest-dev nlohmann-json3-dev\n"
      "elsewhere, install it and pass -D${_package}_DIR=<the folder of its ${_package}Config.cmake>")
  endif()
endforeach()
