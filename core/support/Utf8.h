// Small text helpers shared by the readers of JSON (support/Json) and XML (import/XmlDocument).
#pragma once

#include <cstdint>
#include <string>

namespace tilesched {

// Appends code point `cp` (at most U+10FFFF) as UTF-8.
inline void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

inline constexpr char kHexDigits[] = "0123456789abcdef";

// A byte as messages show one that is not printable: 0x1f.
inline std::string hexByte(unsigned char b) { return {'0', 'x', kHexDigits[b >> 4], kHexDigits[b & 0xf]}; }

}  // namespace tilesched
