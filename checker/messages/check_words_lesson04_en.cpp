// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson04 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

namespace gpucheck::messages::parts {

std::span<const entry> check_words_lesson04_en() {
  return {}; // no words yet
}

} // namespace gpucheck::messages::parts
