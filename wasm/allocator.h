// The module's operator new/delete (allocator.cpp): small blocks are kept for reuse.
#pragma once

#include <cstddef>

namespace tilesched::wasm {

// Hands the kept blocks back to malloc when they hold more than `keepBytes`, so one large run
// does not leave its blocks reserved for sizes the next run may not need.
void trimKeptBlocks(size_t keepBytes);

}  // namespace tilesched::wasm
