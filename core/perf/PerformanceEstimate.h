// The performance model (docs/decisions.md, "The performance model"): the steady-state time per
// iteration of a scheduled loop on the IR's GPU, beside the scheduling model. It reads the
// published schedule (the stages each load runs ahead of its users), the buffer plan (SMEM per
// CTA) and the loop's IR (LoopDemand), and the GPU's measured rates (GpuPerformance); it never
// places an op. The time is the largest of the SM's shared resources per iteration (tensor cores,
// L2 -> SM and HBM bandwidth shared by every busy SM, SMEM bandwidth, elementwise work) and of
// one CTA's own chains divided by the CTAs that share the SM (the MMAs its warps wait for plus
// its elementwise work; a load's round trip over the tiles in flight: Little's law). Every
// figure is a range: two measurements that disagree, or an input the IR does not give.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "buffers/BufferAssignment.h"
#include "frontend/triton/Schedule.h"
#include "graph/Agents.h"
#include "perf/LoopDemand.h"
#include "target/GpuPerformance.h"

namespace tilesched {

struct PerfBound {
  std::string what;  // "L2 -> SM bandwidth: 32 KiB per iteration"
  Range cycles;      // SM cycles per iteration
};

// One schedule's time: tilesched's, or Triton's where the IR states one.
struct ScheduleEstimate {
  Range cycles;  // SM cycles per iteration
  Range ns;      // at the GPU's clock span
  std::string bound;
  std::vector<PerfBound> bounds;  // every bound, in a fixed order
  int tilesInFlight = 0;          // loads in flight per SM (stages ahead x CTAs per SM)
  int64_t smemPerCta = 0;         // the buffers this schedule keeps (Triton's: its own allocation)
  int ctasPerSm = 0;
  std::string ctaLimit;  // what limits the CTAs per SM, in words
};

struct PerfEstimate {
  std::string gpu;
  std::string modelName;  // the model whose performance data gives the figures
  MilliSpan clockMhz;
  bool seedUnits = false;     // the schedule's II is in the seed's cost units, not SM cycles
  int warps = 4;              // per CTA: a warp-specialized block's agents' together (graph/Agents ctaWarps)
  bool warpsAssumed = false;  // the IR states no ttg.num-warps
  int registersPerThread = 0;
  int registersLimit = 0;      // what one thread can hold on the GPU
  bool registersOver = false;  // above it: the compiler spills
  // The register tensors the schedule keeps per CTA (the buffer plan's) against one SM's register
  // file: above it no CTA holds them and the compiler spills them, which the time does not count.
  int64_t registerBytes = 0, registerFileBytes = 0;
  bool registersOverFile = false;
  bool smemFromIR = false;  // ttg.shared
  int64_t flops = 0;
  bool flopsKnown = true;
  std::optional<Range> tflopsPerGpu;  // none without a known, non-zero FLOP count per iteration
  ScheduleEstimate ours;
  std::optional<ScheduleEstimate> triton;
  std::vector<std::string> assumptions;
};

struct PerfInput {
  const BufferInput *buffers = nullptr;
  const BufferPlan *plan = nullptr;
  const TritonSchedule *triton = nullptr;  // null when the block has no Triton schedule to compare
  const GpuPerformance *gpu = nullptr;
  std::string gpuModel;  // the model the GpuPerformance comes from
  // The warp-specialized agents the block's ops run in (graph/Agents); empty: the CTA's warps run them all.
  const std::vector<BlockAgent> *agents = nullptr;
};

// The model whose performance data estimates a loop scheduled on `model`: the model itself when
// it carries a "performance" object, else the measured built-in model of its family (hopper ->
// hopper-measured); null when neither has one.
const TargetModel *performanceSource(const TargetModel &model);

// A loop's estimate, or why it has none: no CTA fits on an SM (the loop's SMEM alone is over the
// SM's), or the measured rates price none of its work (a time follows from a measured rate or
// latency, never from none).
struct PerfOutcome {
  std::optional<PerfEstimate> estimate;
  std::string none;  // the reason, in words, when there is no estimate
};
PerfOutcome estimatePerformance(const PerfInput &in);

// Registers per thread the loop's register tensors need at its busiest point (program order
// liveness) plus the GPU's stated overhead, for `threads` threads; only the nodes of `ops` when
// given (an agent's: its own warps hold its tensors).
int registersPerThread(const BufferInput &in, int threads, const GpuPerformance &gpu,
                       const std::vector<int> *ops = nullptr);

}  // namespace tilesched
