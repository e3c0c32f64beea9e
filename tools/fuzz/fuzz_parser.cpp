// libFuzzer target for the front end (SPEC §2): parseSource + printModule on any bytes; the
// properties are tests/unit/robustness/FuzzProperties.h's parserViolation.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "FuzzProperties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string violation = tilesched::fuzz::parserViolation({reinterpret_cast<const char *>(data), size});
  if (violation.empty()) return 0;
  std::fprintf(stderr, "fuzz property violated: %s\n", violation.c_str());
  std::abort();  // libFuzzer saves the input as a crash
}
