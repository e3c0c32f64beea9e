// A GPU's measured rates and limits, for the performance model (core/perf, docs/target-model.md,
// "Performance"). They are model data: a target model file's optional "performance" object, which
// bench/gpu/calibrate.py writes from the recorded microbenchmarks for the H100 and from public
// figures for the B200, and which a user calibrates for another GPU. No figure comes from a
// kernel's own time.
//
// Every figure is fixed-point thousandths (116910 = 116.91) so that natively and in WebAssembly
// the same text gives the same integers; a figure two measurements disagree on is a span.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/Diagnostics.h"

namespace tilesched {

struct JsonValue;
class LineIndex;

// [low, high] in thousandths; low == high for one figure.
struct MilliSpan {
  int64_t low = 0, high = 0;
  bool given() const { return high > 0; }
};

struct GpuPerformance {
  std::string gpu;     // "NVIDIA H100 80GB HBM3"
  std::string source;  // where the figures come from, in words
  MilliSpan clockMhz;  // the SM clock while kernels run
  MilliSpan smCount;
  MilliSpan smemBytesPerSm, smemReservedPerCta;  // the SM's SMEM, and what the system keeps per CTA
  MilliSpan registersPerSm, registersPerThread, threadsPerSm, ctasPerSm;
  // Dense MMA rate for 16-bit operands by the instruction's N (FLOP per cycle per SM), and each
  // operand type's rate relative to it.
  std::vector<std::pair<int, int64_t>> mmaFlopsPerCycle;
  std::vector<std::pair<std::string, int64_t>> mmaTypeScale;
  // The datasheet's dense tensor-core peak of the whole GPU for 16-bit operands, TFLOP/s; optional.
  // A one-SM rate at the fastest clock the GPU was seen at, times every SM, can exceed it: the
  // datasheet's clock is what the whole GPU holds under tensor load (H100: 989.4 at 1830 MHz).
  MilliSpan mmaPeakTflops;
  MilliSpan l2BytesPerCycle;   // L2 -> SM per SM while every SM loads
  MilliSpan hbmBytesPerCycle;  // HBM -> SM per SM while every SM streams
  MilliSpan smemBytesPerCycle;
  MilliSpan loadLatencyCycles;         // a cold global -> SMEM tile round trip: fixed part
  MilliSpan loadLatencyBytesPerCycle;  // ... plus bytes at this rate
  MilliSpan barrierCycles;             // one mbarrier arrive -> wait hand-off
  // Elementwise rates per op (the model's root op names), elements per cycle per SM, and the
  // span an op without a measured rate is given.
  std::vector<std::pair<std::string, int64_t>> elementwisePerCycle;
  MilliSpan unmeasuredElementwisePerCycle;
  // A register tensor needs this many registers per thread beyond its elements (addresses,
  // indices, predicates): an assumption, stated as one.
  MilliSpan registerOverheadPerThread;

  int64_t elementwiseRate(std::string_view rootOp) const;  // thousandths; 0: not measured
  int64_t mmaScale(std::string_view element) const;        // thousandths; 0: no tensor-core path
  // The rate of the widest shape <= n, at most the peak spread over every SM at the fastest clock,
  // so no estimate's FLOP/s exceeds the datasheet.
  int64_t mmaRate(int64_t n) const;
  // One SM's register file in bytes (4-byte registers): what the register tensors a CTA keeps
  // across stages are held to (core/perf occupancy, pipeline/Refinement's register rounds).
  int64_t registerFileBytes() const { return registersPerSm.low / 1000 * 4; }
};

// Reads a model file's "performance" object; errors go to `diags` at the offending value.
std::optional<GpuPerformance> readGpuPerformance(const JsonValue &v, const LineIndex &lines, DiagnosticEngine &diags);
// The object as the model writer prints it (one line).
std::string gpuPerformanceJson(const GpuPerformance &p);
// 116910 -> "116.91", 1000 -> "1".
std::string milliText(int64_t v);

}  // namespace tilesched
