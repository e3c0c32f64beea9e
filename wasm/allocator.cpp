// operator new/delete for the module: freed blocks of up to 256 bytes are kept in one list per
// 8-byte size class and handed out again, in front of Emscripten's emmalloc. A run allocates
// and frees thousands of small nodes and strings; malloc and free were ~10 % of a small
// example's time in the module's profile, and without the lists the module takes 16-17 % more time
// (docs/decisions.md). The native build keeps its allocator, so that the sanitizer builds
// see every free. The module has one thread.
//
// A block's class is what malloc says it holds (malloc_usable_size), so delete needs no size
// and a block in list c always holds c granules. Kept blocks are returned to malloc when a
// malloc fails (then it is retried) and by trimKeptBlocks after each call into the module.
// Built without LTO, like copies.cpp: its size and speed do not depend on the callers.
#include "allocator.h"

#include <malloc.h>

#include <cstdlib>
#include <new>

namespace {

constexpr size_t kGranule = 8;
constexpr size_t kClasses = 256 / kGranule;

void *keptBlocks[kClasses + 1];  // by class: a block's first word links to the next one
size_t keptBytes = 0;

void releaseKeptBlocks() {
  for (void *&head : keptBlocks) {
    while (head) {
      void *next = *static_cast<void **>(head);
      std::free(head);
      head = next;
    }
  }
  keptBytes = 0;
}

// malloc(n), retried after releasing the kept blocks or calling the new_handler; null when
// memory is exhausted and no new_handler helps.
[[gnu::noinline]] void *mallocOrRetry(size_t n) {
  for (;;) {
    if (void *p = std::malloc(n ? n : 1)) return p;
    if (keptBytes) {
      releaseKeptBlocks();
    } else if (std::new_handler handler = std::get_new_handler()) {
      handler();
    } else {
      return nullptr;
    }
  }
}

// A block of at least n bytes, or null. The list hit is inlined into each operator new, the
// call into malloc is not: most allocations are hits.
[[gnu::always_inline]] inline void *tryAllocate(size_t n) {
  const size_t c = (n + kGranule - 1) / kGranule;
  if (c && c <= kClasses) {
    if (void *p = keptBlocks[c]) {
      keptBlocks[c] = *static_cast<void **>(p);
      keptBytes -= c * kGranule;
      return p;
    }
    n = c * kGranule;
  }
  return mallocOrRetry(n);
}

[[gnu::always_inline]] inline void *allocate(size_t n) {
  if (void *p = tryAllocate(n)) return p;
  throw std::bad_alloc();
}

[[gnu::always_inline]] inline void release(void *p) noexcept {
  if (!p) return;
  const size_t c = malloc_usable_size(p) / kGranule;
  if (c > kClasses) {
    std::free(p);
    return;
  }
  *static_cast<void **>(p) = keptBlocks[c];
  keptBlocks[c] = p;
  keptBytes += c * kGranule;
}

}  // namespace

namespace tilesched::wasm {

void trimKeptBlocks(size_t keepBytes) {
  if (keptBytes > keepBytes) releaseKeptBlocks();
}

}  // namespace tilesched::wasm

void *operator new(size_t n) { return allocate(n); }
void *operator new[](size_t n) { return allocate(n); }
void *operator new(size_t n, const std::nothrow_t &) noexcept { return tryAllocate(n); }
void *operator new[](size_t n, const std::nothrow_t &) noexcept { return tryAllocate(n); }
void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, size_t) noexcept { release(p); }
void operator delete[](void *p, size_t) noexcept { release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { release(p); }
