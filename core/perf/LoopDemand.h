// What one iteration of a loop asks of the SM, read from the IR alone (docs/decisions.md, "The
// performance model"): the MMA FLOPs and the tensor-core cycles they take at the GPU's measured
// rate for their shape and type, the bytes its loads bring from L2 (tiles an MMA reads, which a
// tiled kernel's programs share through L2) or stream from HBM, the SMEM bytes its register <->
// SMEM moves take, and its elementwise work at the measured rate of each op. Ops in a region run
// as often as the region does: an `scf.if` guarded by an equality test (a flattened loop's
// epilogue, a prologue at counter 0) is taken once per 16 to 128 iterations (assumed: the IR does
// not say how often), a nested loop its constant trip count (else 16, assumed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "buffers/BufferAssignment.h"
#include "target/GpuPerformance.h"

namespace tilesched {

// [lo, hi] in cycles (or bytes, or a weight): what is computed from a span.
struct Range {
  double lo = 0, hi = 0;
  Range operator+(const Range &o) const { return {lo + o.lo, hi + o.hi}; }
  Range operator*(double k) const { return {lo * k, hi * k}; }
  Range operator*(const Range &o) const { return {lo * o.lo, hi * o.hi}; }
  double mid() const { return (lo + hi) / 2; }
};

// A load from global memory: its node, bytes and how it reaches SMEM or registers.
struct GlobalLoad {
  int node = -1;
  int64_t bytes = 0;
  bool feedsMma = false;  // reaches an MMA operand: the tile lives in L2 (shared by the grid's programs)
};

struct LoopDemand {
  int64_t flops = 0;
  bool flopsKnown = true;   // every MMA's shape is known
  Range tensorCycles;       // the MMAs at the measured rate
  Range syncTensorCycles;   // MMAs whose results elementwise ops read: on the CTA's own chain
  Range l2Bytes, hbmBytes;  // loads (and stores) per iteration
  Range smemBytes;
  int64_t tmaStoreTile = 0;  // the largest tile a TMA store of the kernel writes from SMEM (its staging buffer)
  Range elementwiseCycles;
  std::string costliestElementwise;  // the op (root name) that takes the most elementwise cycles
  std::vector<GlobalLoad> loads;     // top-level loads of the block, for latency hiding
  std::vector<std::string> assumptions;
  std::vector<std::string> notes;  // MMAs without a tensor-core path, ...
};

LoopDemand loopDemand(const BufferInput &in, const GpuPerformance &gpu);

// Whether the op computes on the SM's lanes (its entry holds issue units, not a transport, and
// touches no memory): its tile result is in registers. nv_tileas and CUDA Tile tiles made by
// copies, waits and MMAs live where buffer assignment places them (SMEM, TMEM).
bool computesInRegisters(const TargetModel &model, const Operation &op);

// The model entry an op copies at the end of its `like` chain ("nv_tileas.async.tiled_tma_load"
// for tt.descriptor_load); the op's own name when the model has no entry.
std::string rootOpName(const TargetModel &model, const std::string &opName);

}  // namespace tilesched
