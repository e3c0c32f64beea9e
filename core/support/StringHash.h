// The hash of the core's string-keyed unordered maps. libc++, the WebAssembly module's library,
// hashes a string with murmur2, 4 bytes a step on wasm32 (2 % of a small example's run in the
// module, mostly op names and types); this one takes 8 bytes a step (FxHash's mixing step; 64-bit
// arithmetic is native in WebAssembly too). It is transparent: a map is searched with a
// string_view and no temporary std::string (an allocation in the module for any name over 10
// bytes). No output depends on it: these maps are searched, never iterated into output.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tilesched {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept {
    constexpr uint64_t kMultiplier = 0x517cc1b727220a95;
    uint64_t h = s.size();
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t word;
      std::memcpy(&word, s.data() + i, 8);
      h = (std::rotl(h, 5) ^ word) * kMultiplier;
    }
    uint64_t tail = 0;
    for (; i < s.size(); ++i) tail = tail << 8 | static_cast<unsigned char>(s[i]);
    h = (std::rotl(h, 5) ^ tail) * kMultiplier;
    return static_cast<size_t>(h ^ (h >> 32));  // the high half too, for a 32-bit size_t
  }
};

// A map from strings, searched by std::string_view as well.
template <class V>
using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

}  // namespace tilesched
