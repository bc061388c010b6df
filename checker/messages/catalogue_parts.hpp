// SPDX-License-Identifier: MIT
// The catalogue of each language, made at configure time from its words files (cmake/Words.cmake):
// gpucheck's own messages (messages/words.LANG.json), the check API's words
// (checkapi/words.LANG.json) and each lesson's (lessons/NN-slug/words.LANG.json), in that order, in
// one table. A check program looks its words up in the language gpucheck chose
// (checkapi/say.hpp). Ids of check words start with "check.".
#pragma once

#include "messages/messages.hpp"

#include <span>

namespace gpucheck::messages::parts {

// Generated from the words files (cmake/Words.cmake).
std::span<const entry> words_en();
std::span<const entry> words_zh();

} // namespace gpucheck::messages::parts
