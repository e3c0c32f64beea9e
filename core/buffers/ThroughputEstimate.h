// The model's estimate of a scheduled loop's speed (docs/decisions.md, "Throughput estimate"):
// one iteration every II cycles of the model, in time at the model's clock, the MMA work of an
// iteration in FLOPs (2*M*N*K from the operand types), the rate that gives per SM and per GPU
// against the tensor cores' peak, and what bounds the II, in words. Everything here is the
// model's numbers applied to the schedule; it is only as good as the model's cycles (the seed
// models' weights are not SM cycles, so their estimate can exceed the peak, and says so).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "buffers/BufferAssignment.h"

namespace tilesched {

// What the estimate reads beyond the block, model and schedule of a BufferInput.
struct EstimateContext {
  const std::vector<std::string> *nodeNames = nullptr;  // for the ops a bound names
  bool pinned = false;                                  // a --check schedule: no generator bounds to name
  bool slotLimits = false;  // the schedule keeps lifetime edges of buffer assignment's rounds
};

// Fractions are fixed-point thousandths (8110 = 8.110), so the same integers print natively and
// in WebAssembly.
struct ThroughputEstimate {
  int cyclesPerIteration = 0;
  std::optional<int64_t> nsPerIteration;     // thousandths; no clock: none
  std::optional<int64_t> flopsPerIteration;  // 0 without MMA; none when an MMA's shape is unknown
  std::optional<int64_t> tflopsPerSm;        // thousandths
  std::optional<int64_t> peakTflopsPerSm;    // thousandths; none without MMA or a rate for its type
  std::optional<int64_t> tflopsPerGpu;       // thousandths; needs the SM count
  std::optional<int64_t> peakTflopsPerGpu;
  std::optional<int64_t> mmaCyclesAtPeak;  // what the MMAs alone need at the peak rate (rounded up)
  std::string bound;                       // "TMA: 32 KiB per iteration", "recurrence through %acc_n, %done"
};

ThroughputEstimate estimateThroughput(const BufferInput &in, const EstimateContext &context);

// 8110 -> "8.110"; -5 -> "-0.005".
std::string thousandthsText(int64_t v);
// 16384 -> "16 KiB", 1048576 -> "1 MiB", 1000 -> "1000 B".
std::string bytesText(int64_t bytes);

// FLOPs of one MMA op from its first two operand types (A: [..., M, K], B: [..., K, N]): 2*M*N*K
// times the batch extents; none when a shape is unknown or the K extents differ (packed types).
std::optional<int64_t> mmaFlops(const Operation &op, const TypeAliases &aliases, std::string *element = nullptr);

}  // namespace tilesched
