// libFuzzer target for the whole pipeline behind runDriver (SPEC §4-§5): parse -> schedule ->
// check -> materialize -> JSON with --trace -> re-parse of the emitted IR, run twice; the
// properties are tests/unit/robustness/FuzzProperties.h's pipelineViolation.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "FuzzProperties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string violation = tilesched::fuzz::pipelineViolation({reinterpret_cast<const char *>(data), size});
  if (violation.empty()) return 0;
  std::fprintf(stderr, "fuzz property violated: %s\n", violation.c_str());
  std::abort();  // libFuzzer saves the input as a crash
}
