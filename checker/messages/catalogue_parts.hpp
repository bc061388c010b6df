// SPDX-License-Identifier: MIT
// The catalogue of each language is made of parts: gpucheck's own messages (catalogue_en.cpp,
// catalogue_zh.cpp) and the words the check programs print, one file per lesson and language
// (check_words_lessonNN_en.cpp ...) plus those of the check API shared by every lesson
// (check_words_checkapi_*.cpp). A check program looks its words up in the language gpucheck chose
// (checkapi/say.hpp). Ids of check words start with "check.": "check.l04.waited-other.message".
#pragma once

#include "messages/messages.hpp"

#include <initializer_list>
#include <vector>

namespace gpucheck::messages::parts {

std::span<const entry> check_words_checkapi_en();
std::span<const entry> check_words_checkapi_zh();
std::span<const entry> check_words_lesson00_en();
std::span<const entry> check_words_lesson00_zh();
std::span<const entry> check_words_lesson01_en();
std::span<const entry> check_words_lesson01_zh();
std::span<const entry> check_words_lesson02_en();
std::span<const entry> check_words_lesson02_zh();
std::span<const entry> check_words_lesson03_en();
std::span<const entry> check_words_lesson03_zh();
std::span<const entry> check_words_lesson04_en();
std::span<const entry> check_words_lesson04_zh();
std::span<const entry> check_words_lesson05_en();
std::span<const entry> check_words_lesson05_zh();
std::span<const entry> check_words_lesson06_en();
std::span<const entry> check_words_lesson06_zh();
std::span<const entry> check_words_lesson07_en();
std::span<const entry> check_words_lesson07_zh();
std::span<const entry> check_words_lesson08_en();
std::span<const entry> check_words_lesson08_zh();
std::span<const entry> check_words_lesson09_en();
std::span<const entry> check_words_lesson09_zh();

// The parts one after another, in one table (built once, at the first lookup).
inline std::vector<entry> joined(std::initializer_list<std::span<const entry>> all) {
  std::vector<entry> table;
  for (const std::span<const entry> part : all)
    table.insert(table.end(), part.begin(), part.end());
  return table;
}

} // namespace gpucheck::messages::parts
