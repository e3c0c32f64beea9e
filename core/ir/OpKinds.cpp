#include "ir/OpKinds.h"

#include <algorithm>
#include <array>

namespace tilesched {

namespace {

template <size_t N> bool among(const std::array<std::string_view, N> &names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool inDialect(std::string_view name, std::string_view dialect) {
  return name.size() > dialect.size() && name.substr(0, dialect.size()) == dialect && name[dialect.size()] == '.';
}

// The function-like ops of the dialects tilesched reads: MLIR's func and gpu, Triton's tt.func,
// CUDA Tile's entry (and its test dialect's function, cuda-tile test/Dialect/CudaTile/ops.mlir).
constexpr std::array<std::string_view, 5> kFunctions = {"func.func", "tt.func", "cuda_tile.entry",
                                                       "cuda_tile.testing$func", "gpu.func"};

constexpr std::array<std::string_view, 17> kTerminators = {
    "scf.yield",          "scf.condition",     "func.return",        "return",
    "tt.return",          "tt.reduce.return",  "tt.scan.return",     "ttg.warp_yield",
    "ttg.warp_return",    "cuda_tile.return",  "cuda_tile.continue", "cuda_tile.break",
    "cuda_tile.yield",    "gpu.return",        "gpu.yield",          "gpu.terminator",
    "affine.yield"};

// scf.for: `%iv = %lb to %ub step %s iter_args(...)`; cuda_tile.for: `%iv in (%lb to %ub,
// step %s) ... iter_values(...)` (cuda-tile Ops.td, ForOp); cuda_tile.loop: `iter_values(...)`
// with no induction variable, left by `break` (Ops.td, LoopOp).
constexpr LoopKind kScfFor{1, 3, "scf.yield", "iter_args"};
constexpr LoopKind kTileFor{1, 3, "cuda_tile.continue", "iter_values"};
constexpr LoopKind kTileLoop{0, 0, "cuda_tile.continue", "iter_values"};

}  // namespace

bool isModuleOpName(std::string_view name) {
  return name == "module" || name == "builtin.module" || name == "cuda_tile.module";
}

bool isFunctionOpName(std::string_view name) { return among(kFunctions, name); }

bool isTerminatorOpName(std::string_view name) { return among(kTerminators, name); }

std::string_view defaultDialectOf(std::string_view opName) {
  if (inDialect(opName, "cuda_tile")) return "cuda_tile";  // every cuda_tile region op (Ops.td)
  return "";
}

const LoopKind *loopKindOf(std::string_view name) {
  if (name == "scf.for") return &kScfFor;
  if (name == "cuda_tile.for") return &kTileFor;
  if (name == "cuda_tile.loop") return &kTileLoop;
  return nullptr;
}

LoopView viewLoop(Operation &op) {
  LoopView v;
  const LoopKind *kind = loopKindOf(op.name);
  if (!kind || op.regions.empty() || op.regions[0]->blocks.empty()) return v;
  v.op = &op;
  v.kind = kind;
  v.body = op.regions[0]->blocks[0].get();
  if (!v.body->operations.empty() && v.body->operations.back()->name == kind->latch)
    v.latch = v.body->operations.back().get();
  return v;
}

Value *LoopView::nextIterationValue(const Value *arg) const {
  if (!latch || !arg || arg->definingOp || arg->ownerBlock != body || arg->index < kind->inductionVars) return nullptr;
  size_t k = static_cast<size_t>(arg->index - kind->inductionVars);
  return k < latch->operands.size() ? latch->operands[k] : nullptr;
}

}  // namespace tilesched
