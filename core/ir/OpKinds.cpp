#include "ir/OpKinds.h"

#include <algorithm>
#include <array>
#include <functional>

namespace tilesched {

namespace {

// An entry of a table keyed by op name; `valueOf` looks one up, else gives `otherwise`.
template <typename T>
struct NamedEntry {
  std::string_view name;
  T value;
};
template <typename T, size_t N>
T valueOf(const std::array<NamedEntry<T>, N> &table, std::string_view name, T otherwise) {
  for (const NamedEntry<T> &e : table)
    if (e.name == name) return e.value;
  return otherwise;
}

template <size_t N>
bool among(const std::array<std::string_view, N> &names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool inDialect(std::string_view name, std::string_view dialect) {
  return name.size() > dialect.size() && name.substr(0, dialect.size()) == dialect && name[dialect.size()] == '.';
}

// The function-like ops of the dialects tilesched reads: MLIR's func, gpu and llvm, Triton's tt.func,
// CUDA Tile's entry (and its test dialect's function, cuda-tile test/Dialect/CudaTile/ops.mlir).
constexpr std::array<std::string_view, 6> kFunctions = {
    "func.func", "tt.func", "cuda_tile.entry", "cuda_tile.testing$func", "gpu.func", "llvm.func"};

constexpr std::array<std::string_view, 21> kTerminators = {
    "scf.yield",        "scf.condition",      "func.return",     "return",
    "tt.return",        "tt.reduce.return",   "tt.scan.return",  "tt.map_elementwise.return",
    "ttg.warp_yield",   "ttg.warp_return",    "ttg.mask.return", "ttg.predicate_yield",
    "cuda_tile.return", "cuda_tile.continue", "cuda_tile.break", "cuda_tile.yield",
    "gpu.return",       "gpu.yield",          "gpu.terminator",  "affine.yield",
    "llvm.return"};
// Branches between a region's blocks (MLIR's cf dialect, LLVM's): they end a block, and their
// operands and successors are read in the unknown form's syntax (`cf.cond_br %c, ^bb1, ^bb2(%x : T)`).
constexpr std::array<std::string_view, 7> kBranchTerminators = {
    "cf.br", "cf.cond_br", "cf.switch", "llvm.br", "llvm.cond_br", "llvm.switch", "llvm.unreachable"};
// NVWS's warp groups and the fork's subtiled regions end their regions with ops of their own.
constexpr std::array<std::string_view, 3> kRegionOpTerminators = {"nvws.warp_group.yield", "nvws.warp_group.return",
                                                                  "ttng.subtiled_region_yield"};

// scf.for: `%iv = %lb to %ub step %s iter_args(...)`; cuda_tile.for: `%iv in (%lb to %ub,
// step %s) ... iter_values(...)` (cuda-tile Ops.td, ForOp); cuda_tile.loop: `iter_values(...)`
// with no induction variable, left by `break` (Ops.td, LoopOp).
constexpr LoopKind kScfFor{1, 3, "scf.yield", "iter_args"};
constexpr LoopKind kTileFor{1, 3, "cuda_tile.continue", "iter_values"};
constexpr LoopKind kTileLoop{0, 0, "cuda_tile.continue", "iter_values"};

// Triton's DotOpInterface ops (today's names, then their 2024 spelling) and the loads
// AssignLatencies considers (AssignLatencies.cpp, isPipeliningBeneficial's candidates).
constexpr std::array<NamedEntry<TritonOpRole>, 15> kTritonRoles = {{
    {"tt.descriptor_gather", TritonOpRole::Load},
    {"tt.descriptor_load", TritonOpRole::Load},
    {"tt.dot", TritonOpRole::Dot},
    {"tt.dot_scaled", TritonOpRole::Dot},
    {"tt.experimental_descriptor_gather", TritonOpRole::Load},
    {"tt.experimental_descriptor_load", TritonOpRole::Load},
    {"tt.load", TritonOpRole::Load},
    {"triton_nvidia_gpu.dot_async", TritonOpRole::Dot},
    {"triton_nvidia_gpu.tc_gen5_mma", TritonOpRole::TmemDot},
    {"triton_nvidia_gpu.tc_gen5_mma_scaled", TritonOpRole::TmemDot},
    {"triton_nvidia_gpu.warp_group_dot", TritonOpRole::Dot},
    {"ttng.dot_async", TritonOpRole::Dot},
    {"ttng.tc_gen5_mma", TritonOpRole::TmemDot},
    {"ttng.tc_gen5_mma_scaled", TritonOpRole::TmemDot},
    {"ttng.warp_group_dot", TritonOpRole::Dot},
}};

// Assembly formats of Triton (include/triton/Dialect/*/IR/*Ops.td) and MLIR's arith where the
// dialect default would read an operand's type as a result's.
constexpr std::array<NamedEntry<ResultTypeRule>, 37> kResultTypeRules = {{
    {"arith.bitcast", ResultTypeRule::AfterTo},
    {"arith.cmpf", ResultTypeRule::Predicate},
    {"arith.cmpi", ResultTypeRule::Predicate},
    {"arith.extf", ResultTypeRule::AfterTo},
    {"arith.extsi", ResultTypeRule::AfterTo},
    {"arith.extui", ResultTypeRule::AfterTo},
    {"arith.fptosi", ResultTypeRule::AfterTo},
    {"arith.fptoui", ResultTypeRule::AfterTo},
    {"arith.index_cast", ResultTypeRule::AfterTo},
    {"arith.index_castui", ResultTypeRule::AfterTo},
    {"arith.select", ResultTypeRule::Last},
    {"arith.sitofp", ResultTypeRule::AfterTo},
    {"arith.truncf", ResultTypeRule::AfterTo},
    {"arith.trunci", ResultTypeRule::AfterTo},
    {"arith.uitofp", ResultTypeRule::AfterTo},
    {"tt.addptr", ResultTypeRule::First},
    {"tt.clampf", ResultTypeRule::Written},
    {"tt.get_num_programs", ResultTypeRule::Written},
    {"tt.get_program_id", ResultTypeRule::Written},
    {"tt.load", ResultTypeRule::Pointee},
    {"tt.make_range", ResultTypeRule::Written},
    {"tt.mulhiui", ResultTypeRule::Written},
    {"tt.precise_divf", ResultTypeRule::Written},
    {"tt.precise_sqrt", ResultTypeRule::Written},
    {"triton_gpu.async_commit_group", ResultTypeRule::Tokens},
    {"triton_gpu.async_copy_global_to_local", ResultTypeRule::Tokens},
    {"triton_gpu.async_wait", ResultTypeRule::Tokens},
    {"triton_nvidia_gpu.dot_wait", ResultTypeRule::Written},
    {"triton_nvidia_gpu.warp_group_dot_wait", ResultTypeRule::Written},
    {"ttg.async_commit_group", ResultTypeRule::Tokens},
    {"ttg.async_copy_global_to_local", ResultTypeRule::Tokens},
    {"ttg.async_wait", ResultTypeRule::Tokens},
    {"ttng.tc_gen5_mma", ResultTypeRule::Tokens},
    {"ttng.tc_gen5_mma_scaled", ResultTypeRule::Tokens},
    {"ttng.tmem_load", ResultTypeRule::ArrowThenTokens},
    {"ttng.tmem_store", ResultTypeRule::Tokens},
    {"ttng.warp_group_dot_wait", ResultTypeRule::Written},
}};

// Triton's dialects: most ops write operand types after `:` (tt.store's, tt.descriptor_store's);
// `triton_gpu` and `triton_nvidia_gpu` are ttg's and ttng's names before Triton's 2024 rename.
constexpr std::array<std::string_view, 9> kArrowDialects = {"tt",   "ttg",  "ttng", "triton_gpu", "triton_nvidia_gpu",
                                                            "nvws", "amdg", "tlx",  "proton"};

}  // namespace

ResultTypeRule resultTypeRuleOf(std::string_view name) {
  for (const NamedEntry<ResultTypeRule> &e : kResultTypeRules)
    if (e.name == name) return e.value;
  for (std::string_view d : kArrowDialects)
    if (inDialect(name, d)) return ResultTypeRule::Arrow;
  return ResultTypeRule::Written;
}

std::string_view tritonAsyncTokenOf(std::string_view opName) {
  return inDialect(opName, "triton_gpu") || inDialect(opName, "triton_nvidia_gpu") ? "!triton_gpu.async.token"
                                                                                   : "!ttg.async.token";
}

bool isModuleOpName(std::string_view name) {
  return name == "module" || name == "builtin.module" || name == "cuda_tile.module";
}

bool isFunctionOpName(std::string_view name) { return among(kFunctions, name); }

bool isCallOpName(std::string_view name) { return name == "tt.call" || name == "func.call"; }

std::string calleeOf(const Operation &call) {
  if (!isCallOpName(call.name)) return "";
  const Attribute *a = call.lookupAttr("callee");
  const std::string &text = a ? a->text : call.operandText;
  if (text.empty() || text[0] != '@') return "";
  const size_t end = text.find_first_of("( \t\n", 1);
  return text.substr(0, end);
}

const Operation *findFunction(const Module &module, std::string_view symbol) {
  const std::function<const Operation *(const std::vector<std::unique_ptr<Operation>> &)> search =
      [&](const std::vector<std::unique_ptr<Operation>> &ops) -> const Operation * {
    for (const auto &op : ops) {
      if (isFunctionOpName(op->name) && op->symbol == symbol) return op.get();
      if (isModuleOpName(op->name))
        for (const auto &region : op->regions)
          for (const auto &b : region->blocks)
            if (const Operation *f = search(b->operations)) return f;
    }
    return nullptr;
  };
  return search(module.operations);
}

bool isTerminatorOpName(std::string_view name) {
  return among(kTerminators, name) || among(kRegionOpTerminators, name) || among(kBranchTerminators, name);
}

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

bool isLoopOp(const Operation &op, LoopSet which) {
  return loopKindOf(op.name) || (which == LoopSet::Any && op.name == "scf.while");
}

bool holdsLoop(const Operation &op, LoopSet which) {
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations)
        if (isLoopOp(*inner, which) || holdsLoop(*inner, which)) return true;
  return false;
}

TritonOpRole tritonOpRoleOf(std::string_view name) { return valueOf(kTritonRoles, name, TritonOpRole::None); }

RegisterForm registerFormOf(std::string_view name) {
  if (name == "tt.broadcast" || name == "tt.expand_dims") return RegisterForm::View;
  if (name == "tt.splat") return RegisterForm::Uniform;
  return RegisterForm::Own;
}

CustomForm customFormOf(std::string_view name) {
  struct NamedForm {
    std::string_view name;
    CustomForm form;
  };
  // scf.condition ends scf.while's first region in the unknown form's syntax
  // (`scf.condition(%c) %a : T`), not a terminator's.
  static constexpr std::array<NamedForm, 5> kNamed = {{{"scf.for", CustomForm::ScfFor},
                                                       {"cuda_tile.for", CustomForm::TileFor},
                                                       {"cuda_tile.loop", CustomForm::TileLoop},
                                                       {"arith.constant", CustomForm::Constant},
                                                       {"scf.condition", CustomForm::Unknown}}};
  for (const NamedForm &f : kNamed)
    if (f.name == name) return f.form;
  if (isModuleOpName(name)) return CustomForm::Module;
  if (isFunctionOpName(name)) return CustomForm::Function;
  if (isTerminatorOpName(name) && !among(kBranchTerminators, name)) return CustomForm::Terminator;
  return CustomForm::Unknown;
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

namespace {

// An integer constant: `arith.constant 4 : i32` (custom or generic form) or CUDA Tile's
// `constant <i32: 4> : tile<i32>`.
std::optional<int64_t> constantInt(const Value *v) {
  const Operation *op = v ? v->definingOp : nullptr;
  if (!op) return std::nullopt;
  if (op->syntax == OpSyntax::Constant)
    return op->constantValue.isInteger() ? std::optional<int64_t>(op->constantValue.intValue) : std::nullopt;
  if (op->name == "arith.constant") {
    const Attribute *value = op->inherentAttr("value");
    return value && value->isInteger() ? std::optional<int64_t>(value->intValue) : std::nullopt;
  }
  if (op->name != "cuda_tile.constant") return std::nullopt;
  const std::string &text = op->operandText;  // "<i32: 4>"
  const size_t colon = text.find(':'), close = text.rfind('>');
  if (text.rfind("<i", 0) != 0 || colon == std::string::npos || close == std::string::npos || close < colon)
    return std::nullopt;
  std::string digits = text.substr(colon + 1, close - colon - 1);
  digits.erase(0, digits.find_first_not_of(' '));
  digits.erase(digits.find_last_not_of(' ') + 1);
  const size_t sign = !digits.empty() && digits[0] == '-' ? 1 : 0;
  if (digits.size() <= sign || digits.size() > 19 || digits.find_first_not_of("0123456789", sign) != std::string::npos)
    return std::nullopt;
  return std::stoll(digits);
}

}  // namespace

std::optional<int64_t> constantTripCount(const LoopView &loop) {
  // A loop with an induction variable takes its bounds and step as operands 0-2 (the loop table).
  if (!loop.op || loop.kind->inductionVars == 0 || loop.op->operands.size() < 3) return std::nullopt;
  const std::optional<int64_t> lb = constantInt(loop.op->operands[0]), ub = constantInt(loop.op->operands[1]),
                               step = constantInt(loop.op->operands[2]);
  if (!lb || !ub || !step || *step < 1) return std::nullopt;
  if (*ub <= *lb) return 0;
  const __int128 span = static_cast<__int128>(*ub) - *lb;  // fits: both are 64-bit
  return static_cast<int64_t>((span + *step - 1) / *step);
}

}  // namespace tilesched
