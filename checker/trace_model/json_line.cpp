// SPDX-License-Identifier: MIT
#include "trace_model/json_line.hpp"

#include <charconv>
#include <cstring>

namespace gpucheck::trace::detail {
namespace {

// Deeper nesting than any trace has is refused rather than followed (the parser recurses).
constexpr int deepest = 64;

class parser {
public:
  explicit parser(std::string_view text) : m_at(text.data()), m_end(text.data() + text.size()) {}

  bool whole_object(json_object& out) {
    skip_space();
    if (!object(out, 0))
      return false;
    skip_space();
    return m_at == m_end;
  }

private:
  void skip_space() {
    while (m_at != m_end && (*m_at == ' ' || *m_at == '\t' || *m_at == '\n' || *m_at == '\r'))
      ++m_at;
  }
  bool take(char c) {
    if (m_at == m_end || *m_at != c)
      return false;
    ++m_at;
    return true;
  }
  bool word(const char* w) {
    const std::size_t n = std::strlen(w);
    if (static_cast<std::size_t>(m_end - m_at) < n || std::memcmp(m_at, w, n) != 0)
      return false;
    m_at += n;
    return true;
  }

  bool object(json_object& out, int depth) {
    if (depth > deepest || !take('{'))
      return false;
    out.used = 0;
    skip_space();
    if (take('}'))
      return true;
    while (true) {
      if (out.used == out.fields.size())
        out.fields.emplace_back();
      auto& [key, value] = out.fields[out.used];
      skip_space();
      if (!string(key))
        return false;
      skip_space();
      if (!take(':'))
        return false;
      skip_space();
      if (!this->value(value, depth))
        return false;
      ++out.used;
      skip_space();
      if (take('}'))
        return true;
      if (!take(','))
        return false;
    }
  }

  bool array(json_value& out, int depth) {
    if (depth > deepest || !take('['))
      return false;
    out.type = json_value::kind::array;
    out.items.clear();
    out.only_objects = true;
    skip_space();
    if (take(']'))
      return true;
    json_value element;
    while (true) {
      skip_space();
      if (m_at != m_end && *m_at == '{') {
        if (!object(out.items.emplace_back(), depth + 1))
          return false;
      } else {
        if (!value(element, depth + 1))
          return false;
        out.only_objects = false;
      }
      skip_space();
      if (take(']'))
        return true;
      if (!take(','))
        return false;
    }
  }

  bool value(json_value& out, int depth) {
    if (m_at == m_end)
      return false;
    switch (*m_at) {
    case '"':
      out.type = json_value::kind::string;
      return string(out.text);
    case '{':
      out.type = json_value::kind::object;
      out.items.resize(1);
      return object(out.items.front(), depth + 1);
    case '[':
      return array(out, depth);
    case 't':
      out.type = json_value::kind::boolean;
      out.boolean = true;
      return word("true");
    case 'f':
      out.type = json_value::kind::boolean;
      out.boolean = false;
      return word("false");
    case 'n':
      out.type = json_value::kind::null;
      return word("null");
    default:
      return number(out);
    }
  }

  // JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?. A whole number is kept
  // as an integer (unsigned when not negative, as nlohmann::json keeps it) while it fits, else
  // as a double.
  bool number(json_value& out) {
    const char* start = m_at;
    const bool negative = take('-');
    const char* digits = m_at;
    while (m_at != m_end && *m_at >= '0' && *m_at <= '9')
      ++m_at;
    if (m_at == digits || (*digits == '0' && m_at - digits > 1))
      return false;
    bool whole = true;
    if (take('.')) {
      whole = false;
      const char* fraction = m_at;
      while (m_at != m_end && *m_at >= '0' && *m_at <= '9')
        ++m_at;
      if (m_at == fraction)
        return false;
    }
    if (m_at != m_end && (*m_at == 'e' || *m_at == 'E')) {
      whole = false;
      ++m_at;
      if (m_at != m_end && (*m_at == '+' || *m_at == '-'))
        ++m_at;
      const char* exponent = m_at;
      while (m_at != m_end && *m_at >= '0' && *m_at <= '9')
        ++m_at;
      if (m_at == exponent)
        return false;
    }
    if (whole) {
      if (negative) {
        std::int64_t v = 0;
        if (std::from_chars(start, m_at, v).ec == std::errc{}) {
          out.type = json_value::kind::integer;
          out.integer = v;
          return true;
        }
      } else {
        std::uint64_t v = 0;
        if (std::from_chars(start, m_at, v).ec == std::errc{}) {
          out.type = json_value::kind::unsigned_integer;
          out.unsigned_integer = v;
          return true;
        }
      }
    }
    out.type = json_value::kind::real;
    return std::from_chars(start, m_at, out.real).ec == std::errc{};
  }

  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }
  bool hex4(std::uint32_t& code) {
    if (m_end - m_at < 4)
      return false;
    const auto [end, error] = std::from_chars(m_at, m_at + 4, code, 16);
    if (error != std::errc{} || end != m_at + 4)
      return false;
    m_at += 4;
    return true;
  }

  bool string(std::string& out) {
    if (!take('"'))
      return false;
    out.clear();
    while (true) {
      const char* run = m_at;
      while (m_at != m_end && *m_at != '"' && *m_at != '\\' &&
             static_cast<unsigned char>(*m_at) >= 0x20)
        ++m_at;
      out.append(run, m_at);
      if (m_at == m_end || static_cast<unsigned char>(*m_at) < 0x20)
        return false; // unterminated, or a control character JSON asks to be escaped
      if (*m_at++ == '"')
        return true;
      if (m_at == m_end)
        return false;
      switch (*m_at++) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        std::uint32_t code = 0;
        if (!hex4(code))
          return false;
        if (code >= 0xD800 && code <= 0xDBFF) { // a surrogate pair's first half
          std::uint32_t low = 0;
          if (!word("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF)
            return false;
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        } else if (code >= 0xDC00 && code <= 0xDFFF) {
          return false;
        }
        append_utf8(out, code);
        break;
      }
      default:
        return false;
      }
    }
  }

  const char* m_at;
  const char* m_end;
};

} // namespace

double json_value::as_double() const {
  switch (type) {
  case kind::integer:
    return static_cast<double>(integer);
  case kind::unsigned_integer:
    return static_cast<double>(unsigned_integer);
  default:
    return real;
  }
}

const json_value* json_object::find(std::string_view name) const {
  for (std::size_t i = used; i-- > 0;) {
    if (fields[i].first == name)
      return fields[i].second.type == json_value::kind::null ? nullptr : &fields[i].second;
  }
  return nullptr;
}

bool parse_json_object_line(std::string_view line, json_object& out) {
  return parser(line).whole_object(out);
}

} // namespace gpucheck::trace::detail
