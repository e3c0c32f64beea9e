// Figures the buffer plan and the performance model print: fixed-point thousandths and bytes in
// words, and the FLOPs of an MMA from its operand types.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "buffers/BufferAssignment.h"

namespace tilesched {

// 8110 -> "8.110"; -5 -> "-0.005".
std::string thousandthsText(int64_t v);
// 16384 -> "16 KiB", 1048576 -> "1 MiB", 1000 -> "1000 B".
std::string bytesText(int64_t bytes);

// FLOPs of one MMA op from its first two operand types (A: [..., M, K], B: [..., K, N]): 2*M*N*K
// times the batch extents; none when a shape is unknown or the K extents differ (packed types).
std::optional<int64_t> mmaFlops(const Operation &op, const TypeAliases &aliases, std::string *element = nullptr);

}  // namespace tilesched
