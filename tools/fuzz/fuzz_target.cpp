// One libFuzzer target per property of tests/unit/robustness/FuzzProperties.h (docs/fuzzing.md):
// tools/fuzz/CMakeLists.txt builds this file once per target, TILESCHED_FUZZ_PROPERTY naming the
// property (parserViolation, pipelineViolation, importViolation, modelViolation, cliViolation).
// Every target also bounds the heap one input may use, through the sanitizer allocator's hooks
// (absent in a UBSan-only build, which then checks the rest).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "FuzzProperties.h"

extern "C" {
// sanitizer/allocator_interface.h, declared weak: a UBSan-only build has no allocator.
__attribute__((weak)) int __sanitizer_install_malloc_and_free_hooks(void (*)(const volatile void *, size_t),
                                                                    void (*)(const volatile void *));
__attribute__((weak)) size_t __sanitizer_get_allocated_size(const volatile void *);
}

namespace {

size_t heapNow = 0, heapPeak = 0;

void onMalloc(const volatile void *, size_t size) {
  heapNow += size;
  heapPeak = std::max(heapPeak, heapNow);
}

void onFree(const volatile void *p) {
  const size_t size = p ? __sanitizer_get_allocated_size(p) : 0;
  heapNow -= std::min(heapNow, size);
}

const bool hooked = __sanitizer_install_malloc_and_free_hooks && __sanitizer_get_allocated_size &&
                    __sanitizer_install_malloc_and_free_hooks(onMalloc, onFree);

[[noreturn]] void violated(const std::string &what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
  std::abort();  // libFuzzer saves the input as a crash
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  heapPeak = heapNow;
  const size_t heapBefore = heapNow;
  const std::string violation = tilesched::fuzz::TILESCHED_FUZZ_PROPERTY({reinterpret_cast<const char *>(data), size});
  if (!violation.empty()) violated(violation);
  if (hooked && heapPeak - heapBefore > tilesched::fuzz::heapBound(size))
    violated("peak heap " + std::to_string(heapPeak - heapBefore) + " bytes for a " + std::to_string(size) +
             "-byte input (bound " + std::to_string(tilesched::fuzz::heapBound(size)) + ")");
  return 0;
}
