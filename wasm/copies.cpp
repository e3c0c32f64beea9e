// memcpy, memmove and memset for the module, in place of Emscripten's libc ones. Most of the
// module's copies are small: ~2,000 per run of seed-worked-example, 95 % of them 32 bytes or
// less (std::string appends, short strings' copies, small vectors). With -mbulk-memory clang
// makes each one a memory.copy/memory.fill instruction, which V8 compiles to a call into C++
// costing ~12 ns whatever the size, where a 5-byte copy by two 4-byte loads and stores takes
// ~2.5 ns; libc's memcpy in wasm is no faster. So the rest of the module is built without bulk
// memory and calls these: small sizes by overlapping word loads and stores, the rest by the
// bulk-memory instruction (docs/decisions.md, "WebAssembly module").
//
// Built without LTO (a libcall's definition must survive to code generation, where the calls
// to it are made) and with -mbulk-memory, so __builtin_memcpy/memmove/memset of a variable size
// is the instruction, never a call back into these functions.
#include <cstddef>
#include <cstdint>

namespace {

template <class Word>
Word load(const unsigned char *p) {
  Word w;
  __builtin_memcpy(&w, p, sizeof w);  // a constant size: one (unaligned) load
  return w;
}

template <class Word>
void store(unsigned char *p, Word w) {
  __builtin_memcpy(p, &w, sizeof w);
}

// n <= 32 bytes. Every load comes before any store, so overlapping ranges are fine (memmove).
inline void copySmall(unsigned char *d, const unsigned char *s, size_t n) {
  if (n > 16) {
    const auto a = load<uint64_t>(s), b = load<uint64_t>(s + 8);
    const auto c = load<uint64_t>(s + n - 16), e = load<uint64_t>(s + n - 8);
    store(d, a);
    store(d + 8, b);
    store(d + n - 16, c);
    store(d + n - 8, e);
  } else if (n >= 8) {
    const auto head = load<uint64_t>(s), tail = load<uint64_t>(s + n - 8);
    store(d, head);
    store(d + n - 8, tail);
  } else if (n >= 4) {
    const auto head = load<uint32_t>(s), tail = load<uint32_t>(s + n - 4);
    store(d, head);
    store(d + n - 4, tail);
  } else if (n) {
    const unsigned char first = s[0], middle = s[n / 2], last = s[n - 1];
    d[0] = first;
    d[n / 2] = middle;
    d[n - 1] = last;
  }
}

// copySmall and memory.copy both allow overlapping ranges, so this is both memmove and memcpy.
// Inlined into each: wasm has no tail call here, so memcpy forwarding to memmove cost a second
// call per copy.
[[gnu::always_inline]] inline void *copy(void *dst, const void *src, size_t n) {
  if (n <= 32) copySmall(static_cast<unsigned char *>(dst), static_cast<const unsigned char *>(src), n);
  else __builtin_memmove(dst, src, n);
  return dst;
}

// The sign of the first differing byte of two unequal words, read little-endian: memcmp's.
inline int compareWords(uint64_t a, uint64_t b) {
  const int shift = __builtin_ctzll(a ^ b) & ~7;
  return static_cast<int>((a >> shift) & 0xff) - static_cast<int>((b >> shift) & 0xff);
}

}  // namespace

extern "C" {

void *memmove(void *dst, const void *src, size_t n) { return copy(dst, src, n); }

void *memcpy(void *dst, const void *src, size_t n) { return copy(dst, src, n); }

void *memset(void *dst, int c, size_t n) {
  auto *d = static_cast<unsigned char *>(dst);
  if (n > 16) {
    __builtin_memset(dst, c, n);
  } else if (n >= 8) {
    const uint64_t w = 0x0101010101010101ull * static_cast<unsigned char>(c);
    store(d, w);
    store(d + n - 8, w);
  } else if (n >= 4) {
    const uint32_t w = 0x01010101u * static_cast<unsigned char>(c);
    store(d, w);
    store(d + n - 4, w);
  } else if (n) {
    d[0] = d[n / 2] = d[n - 1] = static_cast<unsigned char>(c);
  }
  return dst;
}

// Eight bytes a step, the last step overlapping the one before. libc's -Oz memcmp compares byte
// by byte, and the reservation table compares its rows of several words on every change.
int memcmp(const void *lhs, const void *rhs, size_t n) {
  const auto *l = static_cast<const unsigned char *>(lhs), *r = static_cast<const unsigned char *>(rhs);
  if (n < 8) {
    for (size_t i = 0; i < n; ++i)
      if (l[i] != r[i]) return l[i] - r[i];
    return 0;
  }
  for (size_t i = 0; i + 8 < n; i += 8)
    if (load<uint64_t>(l + i) != load<uint64_t>(r + i))
      return compareWords(load<uint64_t>(l + i), load<uint64_t>(r + i));
  const uint64_t a = load<uint64_t>(l + n - 8), b = load<uint64_t>(r + n - 8);
  return a == b ? 0 : compareWords(a, b);
}

}  // extern "C"
