// SPDX-License-Identifier: MIT
// Builds one JSON Lines record in place. Hand-written rather than nlohmann::json because it runs
// on every traced CUDA call: it appends to one reusable string and allocates nothing per field.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace gputrace::detail {

class json_line {
public:
  // Starts a record: {"type":"TYPE"
  explicit json_line(std::string& out, std::string_view type) : m_out(out) {
    m_out.clear();
    m_out += "{\"type\":\"";
    m_out += type;
    m_out += '"';
  }

  json_line& field(std::string_view key, std::string_view value) {
    key_prefix(key);
    m_out += '"';
    escape(value);
    m_out += '"';
    return *this;
  }
  json_line& field(std::string_view key, const char* value) {
    return field(key, std::string_view(value != nullptr ? value : ""));
  }
  json_line& field(std::string_view key, bool value) {
    key_prefix(key);
    m_out += value ? "true" : "false";
    return *this;
  }
  json_line& field(std::string_view key, double value) {
    key_prefix(key);
    number(value);
    return *this;
  }
  template <typename Integer>
  requires std::is_integral_v<Integer> json_line& field(std::string_view key, Integer value) {
    key_prefix(key);
    number(value);
    return *this;
  }

  // A field whose value is JSON text already (an array built with append_json_string).
  json_line& raw_field(std::string_view key, std::string_view json) {
    key_prefix(key);
    m_out += json;
    return *this;
  }

  // Ends the record with "}\n"; the string is then one complete line.
  std::string& finish() {
    m_out += "}\n";
    return m_out;
  }

private:
  void key_prefix(std::string_view key) {
    m_out += ",\"";
    m_out += key;
    m_out += "\":";
  }

  template <typename Number> void number(Number value) {
    char buffer[32];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (error != std::errc{}) {
      m_out += '0';
      return;
    }
    m_out.append(buffer, end);
  }

  void escape(std::string_view text) { append_escaped(m_out, text); }

public:
  // Appends `text` with JSON's escapes, without quotes.
  static void append_escaped(std::string& out, std::string_view text) {
    static constexpr char hex[] = "0123456789abcdef";
    for (char c : text) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        out += '\\';
        out += c;
      } else if (u < 0x20) {
        out += "\\u00";
        out += hex[u >> 4];
        out += hex[u & 0xf];
      } else {
        out += c;
      }
    }
  }

private:
  std::string& m_out;
};

} // namespace gputrace::detail
