# SPDX-License-Identifier: MIT
# Header-only libraries from Debian's archive (doctest-dev, nlohmann-json3-dev). .deps/include is
# searched first so that a machine without those packages can be given the headers by hand.
find_path(DOCTEST_INCLUDE_DIR doctest/doctest.h
          HINTS ${PROJECT_SOURCE_DIR}/.deps/include /usr/include /usr/local/include)
find_path(NLOHMANN_JSON_INCLUDE_DIR nlohmann/json.hpp
          HINTS ${PROJECT_SOURCE_DIR}/.deps/include /usr/include /usr/local/include)
foreach(_header DOCTEST_INCLUDE_DIR NLOHMANN_JSON_INCLUDE_DIR)
  if(NOT ${_header})
    message(FATAL_ERROR
      "A header library is missing (${_header}). On Debian or Ubuntu:\n"
      "    sudo apt-get install doctest-dev nlohmann-json3-dev")
  endif()
endforeach()

add_library(gpucourse_doctest INTERFACE)
target_include_directories(gpucourse_doctest SYSTEM INTERFACE ${DOCTEST_INCLUDE_DIR})
add_library(gpucourse_json INTERFACE)
target_include_directories(gpucourse_json SYSTEM INTERFACE ${NLOHMANN_JSON_INCLUDE_DIR})
