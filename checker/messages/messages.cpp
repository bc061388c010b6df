// SPDX-License-Identifier: MIT
#include "messages/messages.hpp"

#include "messages/catalogue_parts.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>

namespace gpucheck::messages {

namespace {

std::atomic<language> g_language{language::english};

std::string_view environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string_view{} : std::string_view{value};
}

language from_code(std::string_view code) {
  return code.starts_with("zh") ? language::chinese : language::english;
}

const entry* find(language chosen, std::string_view id) {
  for (const entry& item : catalogue(chosen)) {
    if (item.id == id)
      return &item;
  }
  return nullptr;
}

std::string fill(std::string_view message, std::span<const argument> arguments) {
  std::string out;
  out.reserve(message.size() + 32);
  std::size_t at = 0;
  while (at < message.size()) {
    const std::size_t open = message.find('{', at);
    const std::size_t close = open == std::string_view::npos ? open : message.find('}', open);
    if (close == std::string_view::npos) {
      out += message.substr(at);
      break;
    }
    out += message.substr(at, open - at);
    const std::string_view name = message.substr(open + 1, close - open - 1);
    const argument* value = nullptr;
    for (const argument& given : arguments) {
      if (given.name == name)
        value = &given;
    }
    if (value != nullptr)
      out += value->value;
    else
      out += message.substr(open, close - open + 1); // left as written: the parity test sees it
    at = close + 1;
  }
  return out;
}

// The code point starting at `at`, and its length in bytes (1 for a malformed byte).
std::pair<char32_t, std::size_t> decode(std::string_view utf8, std::size_t at) {
  const auto byte = static_cast<unsigned char>(utf8[at]);
  const std::size_t length = byte < 0x80         ? 1
                             : byte >> 5 == 0x6  ? 2
                             : byte >> 4 == 0xe  ? 3
                             : byte >> 3 == 0x1e ? 4
                                                 : 1;
  if (length == 1 || at + length > utf8.size())
    return {byte, 1};
  char32_t code = byte & (0xff >> (length + 1));
  for (std::size_t i = 1; i < length; ++i)
    code = (code << 6) | (static_cast<unsigned char>(utf8[at + i]) & 0x3f);
  return {code, length};
}

bool is_wide(char32_t code) {
  return (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) ||
         (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) ||
         (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
         (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x20000 && code <= 0x3fffd);
}

} // namespace

language choose_language(std::string_view gpucheck_lang, std::string_view lc_all,
                         std::string_view lc_messages, std::string_view lang) {
  for (const std::string_view setting : {gpucheck_lang, lc_all, lc_messages, lang}) {
    if (!setting.empty())
      return from_code(setting);
  }
  return language::english;
}

language language_from_environment() {
  return choose_language(environment("GPUCHECK_LANG"), environment("LC_ALL"),
                         environment("LC_MESSAGES"), environment("LANG"));
}

void set_language(language chosen) {
  g_language = chosen;
}

language current_language() {
  return g_language;
}

std::string_view language_code(language chosen) {
  return chosen == language::chinese ? "zh" : "en";
}

std::span<const entry> catalogue(language chosen) {
  return chosen == language::chinese ? parts::words_zh() : parts::words_en();
}

namespace {

std::string text_with(language chosen, std::string_view id, std::span<const argument> arguments) {
  const entry* found = find(chosen, id);
  if (found == nullptr && chosen != language::english)
    found = find(language::english, id);
  return found == nullptr ? std::string(id) : fill(found->text, arguments);
}

} // namespace

std::string text_in(language chosen, std::string_view id,
                    std::initializer_list<argument> arguments) {
  return text_with(chosen, id, std::span<const argument>(arguments.begin(), arguments.size()));
}

std::string text(std::string_view id, std::initializer_list<argument> arguments) {
  return text_in(current_language(), id, arguments);
}

std::string text(std::string_view id, std::span<const argument> arguments) {
  return text_with(current_language(), id, arguments);
}

std::vector<std::string> placeholders(std::string_view message) {
  std::vector<std::string> names;
  std::size_t at = 0;
  while ((at = message.find('{', at)) != std::string_view::npos) {
    const std::size_t close = message.find('}', at);
    if (close == std::string_view::npos)
      break;
    std::string name(message.substr(at + 1, close - at - 1));
    if (std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(std::move(name));
    at = close + 1;
  }
  return names;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t columns = 0;
  for (std::size_t at = 0; at < utf8.size();) {
    const auto [code, length] = decode(utf8, at);
    columns += is_wide(code) ? 2 : 1;
    at += length;
  }
  return columns;
}

std::string pad_label(std::string_view label, std::size_t columns) {
  const std::size_t width = display_width(label);
  return std::string(label) + std::string(width < columns ? columns - width : 1, ' ');
}

} // namespace gpucheck::messages
