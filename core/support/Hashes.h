// Hashes for the core's unordered containers. libc++, the WebAssembly module's library, hashes a
// string with murmur2 4 bytes a step on wasm32 and a pointer with murmur2 over its 4 bytes
// (libstdc++ natively: a pointer is its own hash); together 2-4 % of a small example's run in
// the module. No output depends on them: these containers are searched, never iterated into
// output.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace tilesched {

// 8 bytes a step (FxHash's mixing step; 64-bit arithmetic is native in WebAssembly too), and
// transparent: a map is searched with a string_view and no temporary std::string (an allocation
// in the module for any name over 10 bytes).
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

// A pointer is its own hash, as in libstdc++: the tables' prime bucket counts spread aligned
// addresses.
struct PointerHash {
  size_t operator()(const void *p) const noexcept { return reinterpret_cast<uintptr_t>(p); }
};

template <class T, class V>
using PointerMap = std::unordered_map<const T *, V, PointerHash>;
template <class T>
using PointerSet = std::unordered_set<const T *, PointerHash>;

}  // namespace tilesched
