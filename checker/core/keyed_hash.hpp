// SPDX-License-Identifier: MIT
// A keyed hash (SipHash-2-4) that authenticates the lines a check program writes to gpucheck: a
// line whose digest does not match was not written by this run's checks and is ignored. Header
// only, because both gpucheck (host C++) and every check program (linked through nvcc) use it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace gpucheck {

struct hash_key {
  std::uint64_t k0 = 0;
  std::uint64_t k1 = 0;
};

namespace detail {

inline std::uint64_t rotate_left(std::uint64_t x, int b) {
  return (x << b) | (x >> (64 - b));
}

inline void sip_round(std::uint64_t& v0, std::uint64_t& v1, std::uint64_t& v2, std::uint64_t& v3) {
  v0 += v1;
  v1 = rotate_left(v1, 13);
  v1 ^= v0;
  v0 = rotate_left(v0, 32);
  v2 += v3;
  v3 = rotate_left(v3, 16);
  v3 ^= v2;
  v0 += v3;
  v3 = rotate_left(v3, 21);
  v3 ^= v0;
  v2 += v1;
  v1 = rotate_left(v1, 17);
  v1 ^= v2;
  v2 = rotate_left(v2, 32);
}

} // namespace detail

// SipHash-2-4 of `text` under `key` (Aumasson and Bernstein, 2012).
inline std::uint64_t siphash(const hash_key& key, std::string_view text) {
  std::uint64_t v0 = 0x736f6d6570736575ULL ^ key.k0;
  std::uint64_t v1 = 0x646f72616e646f6dULL ^ key.k1;
  std::uint64_t v2 = 0x6c7967656e657261ULL ^ key.k0;
  std::uint64_t v3 = 0x7465646279746573ULL ^ key.k1;
  const std::size_t length = text.size();
  const std::size_t whole = length - length % 8;
  const auto byte = [&](std::size_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned char>(text[i]));
  };
  for (std::size_t i = 0; i < whole; i += 8) {
    std::uint64_t m = 0;
    for (int b = 0; b < 8; ++b) {
      m |= byte(i + b) << (8 * b);
    }
    v3 ^= m;
    detail::sip_round(v0, v1, v2, v3);
    detail::sip_round(v0, v1, v2, v3);
    v0 ^= m;
  }
  std::uint64_t last = static_cast<std::uint64_t>(length & 0xff) << 56;
  for (std::size_t i = whole; i < length; ++i) {
    last |= byte(i) << (8 * (i - whole));
  }
  v3 ^= last;
  detail::sip_round(v0, v1, v2, v3);
  detail::sip_round(v0, v1, v2, v3);
  v0 ^= last;
  v2 ^= 0xff;
  for (int r = 0; r < 4; ++r) {
    detail::sip_round(v0, v1, v2, v3);
  }
  return v0 ^ v1 ^ v2 ^ v3;
}

// The key for one purpose ("lines", "summary") drawn from a run's secret token: gpucheck and the
// check program's main() derive the same keys; the student's code never sees the token.
inline hash_key derive_key(std::string_view token, std::string_view purpose) {
  const std::string text = std::string(purpose) + ":" + std::string(token);
  return {siphash({0x6770756368656b31ULL, 0x6b65792d6c6f7731ULL}, text),
          siphash({0x6770756368656b32ULL, 0x6b65792d68696768ULL}, text)};
}

// The digest as 16 hexadecimal digits, as it is written in a results line.
inline std::string digest_hex(const hash_key& key, std::string_view text) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx",
                static_cast<unsigned long long>(siphash(key, text)));
  return buffer;
}

} // namespace gpucheck
