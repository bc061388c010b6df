// SPDX-License-Identifier: MIT
/// @file say.hpp
/// @brief The words a check prints, in the student's language.
///
/// A check writes what it expected, what it measured and what to do through say(): the id of a
/// sentence in the message catalogue (the check API's words and each lesson's, in English and
/// Chinese) and the values that go into its {placeholders}. The language is the one gpucheck chose
/// (GPUCHECK_LANG, which gpucheck passes to the check program; else the locale; else English).
/// This header is C++17, so that check.cu files (compiled by nvcc) can include it.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace gpucheck {

/// One value for a {name} in a sentence: {"other", format_ms(other_ms)}.
struct said_value {
  std::string_view name;
  std::string value;
};

/// The sentence `id` in the student's language, with its {placeholders} filled. An id missing
/// from the catalogue comes back as it is (a test checks that every id the checks use exists).
std::string say(std::string_view id, std::initializer_list<said_value> values = {});

namespace detail {
/// Called once by the check program's main(), before any check runs: the language from the
/// environment gpucheck gave the program.
void choose_language_from_environment();
} // namespace detail

} // namespace gpucheck
