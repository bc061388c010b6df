// SPDX-License-Identifier: MIT
// The student-facing messages of gpucheck in English and in Chinese: one catalogue per language,
// made from the words files at configure time (messages/words.LANG.json, the check API's and
// each lesson's: cmake/Words.cmake), the same ids and the same {placeholders} in both (a test
// checks it). The language is chosen once, at the command line's start, from GPUCHECK_LANG or the
// locale (language_from_environment); English is the default and the fallback. Rule ids, JSON
// keys, file names and code never change with the language.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpucheck::messages {

enum class language { english, chinese };

struct entry {
  std::string_view id;   // "report.field.expected"
  std::string_view text; // "expected", with {name} where a value goes
};

// One value for a {name} in a message.
struct argument {
  std::string_view name;
  std::string value;
};

// GPUCHECK_LANG if set ("zh", "zh_CN.UTF-8", "en"...), else the first set of LC_ALL, LC_MESSAGES
// and LANG (POSIX's order): Chinese when it starts with "zh", English otherwise.
language language_from_environment();
// The same choice from given values (empty: not set), for tests.
language choose_language(std::string_view gpucheck_lang, std::string_view lc_all,
                         std::string_view lc_messages, std::string_view lang);

void set_language(language chosen);
language current_language();
// "en" or "zh"
std::string_view language_code(language chosen);

// The message `id` in the current language with its {placeholders} filled. A message missing
// from the current language falls back to English; an unknown id is returned as it is.
std::string text(std::string_view id, std::initializer_list<argument> arguments = {});
std::string text_in(language chosen, std::string_view id,
                    std::initializer_list<argument> arguments = {});
// The same, with values gathered at run time (the check programs' words, checkapi/say.hpp).
std::string text(std::string_view id, std::span<const argument> arguments);

std::span<const entry> catalogue(language chosen);
// The {names} in a message, in order of appearance, each once.
std::vector<std::string> placeholders(std::string_view message);

// Columns a terminal gives a UTF-8 string: 2 for each wide (CJK) character, 1 for the others.
std::size_t display_width(std::string_view utf8);
// `label` followed by spaces up to `columns` display columns (at least one space).
std::string pad_label(std::string_view label, std::size_t columns);

} // namespace gpucheck::messages
