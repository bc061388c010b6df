// SPDX-License-Identifier: MIT
// The words the check programs print, in Chinese: lesson02 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

namespace gpucheck::messages::parts {

std::span<const entry> check_words_lesson02_zh() {
  return {}; // no words yet
}

} // namespace gpucheck::messages::parts
