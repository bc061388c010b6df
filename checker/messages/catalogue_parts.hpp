// SPDX-License-Identifier: MIT
// The catalogue of each language is made of parts: gpucheck's own messages (catalogue_en.cpp,
// catalogue_zh.cpp) and the words the check programs print: the check API's
// (checkapi/words.LANG.json) and each lesson's (lessons/NN-slug/words.LANG.json), made into one
// table per language by cmake/Words.cmake. A check program looks its words up in the language
// gpucheck chose (checkapi/say.hpp). Ids of check words start with "check.".
#pragma once

#include "messages/messages.hpp"

#include <initializer_list>
#include <vector>

namespace gpucheck::messages::parts {

// Generated from the words files (cmake/Words.cmake).
std::span<const entry> check_words_en();
std::span<const entry> check_words_zh();

// The parts one after another, in one table (built once, at the first lookup).
inline std::vector<entry> joined(std::initializer_list<std::span<const entry>> all) {
  std::vector<entry> table;
  for (const std::span<const entry> part : all)
    table.insert(table.end(), part.begin(), part.end());
  return table;
}

} // namespace gpucheck::messages::parts
