// What one op costs (SPEC §2.1, §3): the model's op table, then the `sched.latency` /
// `sched.footprint` overrides, read inherent-then-discardable like every attribute (seed 004).
// Each data movement is charged once, to the op that performs it once lowered
// (docs/target-model.md, "One cost per op"): the few entries whose cost depends on their
// operands are resolved here.
#include <algorithm>
#include <cmath>

#include "ir/OpKinds.h"
#include "ir/TypeAliases.h"
#include "support/Limits.h"
#include "target/FootprintCheck.h"
#include "target/IRTarget.h"
#include "target/TargetModel.h"

namespace tilesched {
namespace {

// The encoding of `tensor<AxBxT, ENC>`: its last top-level item after the element type; "" for a
// type without one.
std::string encodingOf(const std::string &type) {
  const size_t open = type.find('<');
  if (type.rfind("tensor<", 0) != 0 || open == std::string::npos) return "";
  int depth = 0;
  size_t comma = std::string::npos, close = std::string::npos;
  for (size_t i = open + 1; i < type.size() && close == std::string::npos; ++i) {
    const char c = type[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth-- == 0) close = i;
    else if (c == ',' && depth == 0) comma = i;
  }
  if (comma == std::string::npos || close == std::string::npos) return "";
  const size_t b = type.find_first_not_of(' ', comma + 1), e = type.find_last_not_of(' ', close - 1);
  return b == std::string::npos || e < b ? "" : type.substr(b, e - b + 1);
}

// The `parent = P` of a dot-operand layout (`#ttg.dot_op<{opIdx = 0, parent = #mma, ...}>`), or "".
std::string dotOperandParent(const std::string &encoding) {
  if (encoding.find("dot_op<") == std::string::npos) return "";
  const size_t key = encoding.find("parent");
  const size_t eq = key == std::string::npos ? key : encoding.find('=', key);
  if (eq == std::string::npos) return "";
  size_t i = encoding.find_first_not_of(' ', eq + 1), begin = i;
  for (int depth = 0; i < encoding.size(); ++i) {
    const char c = encoding[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth-- == 0) break;
    else if (c == ',' && depth == 0) break;
  }
  const size_t end = encoding.find_last_not_of(' ', i - 1);
  return begin == std::string::npos || end < begin ? "" : encoding.substr(begin, end - begin + 1);
}

// Triton's ConvertLayoutOpToLLVM keeps a conversion in registers (no shared-memory scratch) when
// the two layouts are the same, or when the result is a dot-operand layout of the source's own
// MMA layout (an accumulator fed to the next MMA: register shuffles, `isMmaToDotShortcut` and the
// MMAv3 register A operand). Any other conversion, and one whose layouts the types do not give,
// goes through shared memory. A layout op on a buffer (`tlx.require_layout` of a `!ttg.memdesc`)
// moves no data: TLX's layout propagation retags the allocation with the layout and folds the op
// (facebookexperimental/triton, third_party/tlx: require_layout on tensors alone becomes
// convert_layout).
bool registerOnlyConversion(const Operation &op, const TypeAliases &aliases) {
  if (op.operands.empty() || op.results.empty()) return false;
  if (aliases.resolve(op.operands[0]->type).find("memdesc<") != std::string::npos) return true;
  const std::string from = encodingOf(aliases.resolve(op.operands[0]->type));
  const std::string to = aliases.resolve(encodingOf(aliases.resolve(op.results[0]->type)));
  if (from.empty() || to.empty()) return false;
  if (aliases.sameType(from, to)) return true;
  const std::string parent = dotOperandParent(to);
  return !parent.empty() && aliases.sameType(parent, from);
}

// An MMA runs where its operands take it, so its entry can have variants (docs/target-model.md,
// "The op table"): `<op>.fma` for Triton's FMA dot, whose result keeps a blocked layout
// (AccelerateMatmul found no MMA layout; FMADotOpToLLVM makes one FMA per element and k, on the
// CUDA cores), and `<op>.f64` for an f64 MMA (tcgen05 has no f64 kind; DMMA's rate is its own).
// A variant the model lacks leaves the op's own entry.
const OpModel *costEntry(const Operation &op, const TargetModel &model, const TypeAliases &aliases) {
  const OpModel *m = model.lookup(op.name);
  if (!m || op.results.empty() || op.operands.empty()) return m;
  const std::string layout = aliases.resolve(encodingOf(aliases.resolve(op.results[0]->type)));
  const std::string a = aliases.resolve(op.operands[0]->type);
  const bool fma = layout.rfind("#ttg.blocked<", 0) == 0 || layout.rfind("#triton_gpu.blocked<", 0) == 0;
  const bool f64 = a.find("xf64>") != std::string::npos || a.find("xf64,") != std::string::npos;
  if (!fma && !f64) return m;
  const std::string variant = op.name + (fma ? ".fma" : ".f64");
  const OpModel *v = model.lookup(variant);
  return v && v->pattern == variant ? v : m;
}

bool isPipelinedLoad(const Operation *op, const OpCostContext &context) {
  return op && context.pipelinedLoads && context.pipelinedLoads->count(op) > 0;
}

// An allocation writes nothing without an initial value; with one that a TMA copy or a pipelined
// load's async copy produced, the copy already put the tile in shared memory (Triton's pipeliner
// gives the copy that buffer as its destination), so the SMEM write is the copy's, not the
// allocation's.
bool allocationWritesNothing(const Operation &op, const OpModel &entry, const TargetModel &model,
                             const OpCostContext &context) {
  const bool alloc =
      entry.effects.of(MemSpace::Shared) == MemAccess::Alloc || entry.effects.of(MemSpace::Tensor) == MemAccess::Alloc;
  if (!alloc) return false;
  if (op.operands.empty()) return true;
  const Operation *producer = op.operands[0]->definingOp;
  const OpModel *p = producer ? model.lookup(producer->name) : nullptr;
  return entry.effects.of(MemSpace::Shared) == MemAccess::Alloc && p && p->unsupported.empty() &&
         ((p->traits & TraitTma) || isPipelinedLoad(producer, context));
}

// `into` row k holds, for each resource, the most units any of the merged rows k holds.
void mergeRows(Footprint &into, const Footprint &branch) {
  Footprint merged;
  auto mine = into.begin();
  for (const FootprintRow &theirs : branch) {
    FootprintRow row = mine == into.end() ? FootprintRow{} : *mine++;
    for (int r : theirs)
      if (std::count(row.begin(), row.end(), r) < std::count(theirs.begin(), theirs.end(), r)) row.push_back(r);
    merged.push_back(std::move(row));
  }
  for (; mine != into.end(); ++mine) merged.push_back(*mine);
  into = std::move(merged);
}

// scf.if / cuda_tile.if (`region_cost: "max"`): each region's ops as if issued one after another
// (latencies add up, footprints follow one another), and the op costs its costliest region:
// the longest latency, and in each cycle whatever any region holds then. `once` (scf.while): all
// its regions one after another, one pass, said to be a guess.
OpResources regionResources(const Operation &op, const TargetModel &model, DiagnosticEngine &diags,
                            const OpCostContext &context, RegionCost kind) {
  OpResources out;
  out.source = OpResources::Source::Model;
  int64_t latency = 0;
  Footprint serial;  // `once`: every region's ops in turn
  for (const auto &region : op.regions) {
    int64_t sum = kind == RegionCost::Once ? latency : 0;
    if (kind != RegionCost::Once) serial = Footprint();
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations) {
        if (inner->isTerminator()) continue;
        const OpCostContext innerContext{context.target,  nullptr, context.aliases, false,
                                         context.shapeOf, nullptr, context.module,  context.callers};
        OpResources r = resolveOpResources(*inner, model, diags, innerContext);
        sum += r.latency;
        out.traits |= r.traits;
        size_t begin = 0;
        for (const Footprint::Run &run : r.footprint.runs()) {
          serial.append(run.row, std::min(run.end - begin, size_t(kMaxFootprintRows) + 1 - serial.size()));
          begin = run.end;
        }
      }
    latency = std::max(latency, sum);
    if (kind != RegionCost::Once) mergeRows(out.footprint, serial);
  }
  if (kind == RegionCost::Once) {
    out.footprint = std::move(serial);
    if (!op.lookupAttr("sched.latency"))
      diags.warning(op.nameRange, "'" + op.name + "' repeats its regions an unknown number of times; it is costed as " +
                                      "one pass through them (latency " + std::to_string(latency) +
                                      "), a guess: give it sched.latency / sched.footprint for its real cost");
  }
  if (latency > kMaxLatency || out.footprint.size() > size_t(kMaxFootprintRows)) {
    diags.warning(op.nameRange, "'" + op.name + "' costs what its costliest region costs, which is more than " +
                                    std::to_string(kMaxLatency) + " cycles of latency or " +
                                    std::to_string(kMaxFootprintRows) +
                                    " footprint rows (the model limits); it is cut "
                                    "to them");
    latency = std::min<int64_t>(latency, kMaxLatency);
    out.footprint.truncate(std::min(out.footprint.size(), size_t(kMaxFootprintRows)));
  }
  out.latency = static_cast<int>(latency);
  return out;
}

// tt.call / func.call: the callee's body found in the module, its ops one after another as in an
// scf.if region; their own diagnostics belong to the callee's block. A call with no body to cost
// (no such function, a declaration, a call back into a function being costed) says why and costs
// the unknown-op default (docs/decisions.md, "Region ops cost their costliest region").
std::optional<OpResources> callResources(const Operation &call, const TargetModel &model, DiagnosticEngine &diags,
                                         const OpCostContext &context) {
  const std::string symbol = calleeOf(call);
  const Operation *callee = context.module && !symbol.empty() ? findFunction(*context.module, symbol) : nullptr;
  std::vector<const Operation *> callers = context.callers ? *context.callers : std::vector<const Operation *>{};
  if (callers.empty())
    for (const Operation *p = call.parentOp(); p; p = p->parentOp())
      if (isFunctionOpName(p->name)) {
        callers.push_back(p);
        break;
      }
  std::string why;
  if (symbol.empty()) why = "names no callee";
  else if (!callee) why = "calls " + symbol + ", which no function of this module defines";
  else if (callee->regions.empty() || callee->regions[0]->blocks.empty())
    why = "calls " + symbol + ", which this module only declares (no body to cost)";
  else if (std::find(callers.begin(), callers.end(), callee) != callers.end())
    why = "calls " + symbol + ", whose body is being costed (a recursive call)";
  if (!why.empty()) {
    diags.warning(call.nameRange, "'" + call.name + "' " + why + "; it is scheduled as an unknown op (latency " +
                                      std::to_string(model.defaultLatency) + ", no resources), a guess");
    return std::nullopt;
  }
  callers.push_back(callee);
  OpCostContext inner = context;
  inner.measured = nullptr;
  inner.outsideLoop = false;
  inner.pipelinedLoads = nullptr;
  inner.callers = &callers;
  DiagnosticEngine quiet;
  OpResources r = regionResources(*callee, model, quiet, inner, RegionCost::Max);
  if (r.latency == kMaxLatency || r.footprint.size() == size_t(kMaxFootprintRows))
    diags.warning(call.nameRange, "'" + call.name + "' costs what " + symbol + " costs, cut to the model limits (" +
                                      std::to_string(kMaxLatency) + " cycles, " + std::to_string(kMaxFootprintRows) +
                                      " footprint rows)");
  return r;
}

// A `shape_cost` entry (docs/target-model.md, "Shape-aware costs"): each formula's value for the
// op's shape, rounded up; the entry's own latency or footprint where the op's types do not give
// what the formula names. The rows repeat the footprint's first row.
void applyShapeCost(const Operation &op, const OpModel &entry, const TargetModel &model, const OpShape &shape,
                    DiagnosticEngine &diags, OpResources &r) {
  const ShapeCost &cost = *entry.shapeCost;
  const double rate = model.machine.mmaRate(shape.element);
  // Values are clamped to 10^15 before any integer conversion (a double past 2^63 has no
  // int64_t, and the two builds would print different numbers); the limits are far below it.
  constexpr double kCap = 1e15;
  auto value = [&](const std::optional<CostFormula> &f) -> std::optional<double> {
    std::optional<double> v = f ? f->evaluate(shape, rate) : std::nullopt;
    if (!v || *v < 0) return std::nullopt;
    return std::min(std::ceil(*v - 1e-9), kCap);
  };
  auto count = [&](double v) { return (v >= kCap ? "more than " : "") + std::to_string(static_cast<int64_t>(v)); };
  std::string cut;
  if (std::optional<double> latency = value(cost.latency)) {
    if (*latency > kMaxLatency) cut = count(*latency) + " cycles of latency";
    r.latency = int(std::min<double>(*latency, kMaxLatency));
  }
  if (std::optional<double> rows = value(cost.rows); rows && !entry.footprint.empty()) {
    if (*rows > kMaxFootprintRows) cut += (cut.empty() ? "" : " and ") + count(*rows) + " footprint rows";
    r.footprint.assign(size_t(std::min<double>(*rows, kMaxFootprintRows)), entry.footprint.front());
  }
  if (!cut.empty())
    diags.warning(op.nameRange, "'" + op.name + "' costs " + cut + " for its shape in model '" + model.name +
                                    "', more than the model limits (" + std::to_string(kMaxLatency) + " cycles, " +
                                    std::to_string(kMaxFootprintRows) + " rows); it is cut to them");
}

constexpr const char *kFootprintShape =
    "sched.footprint must be an array of rows, each an array of slot/pool names, e.g. "
    "[[\"tma\", \"tp_smem_wr\"], [\"tma\"], []]";

std::optional<int> latencyOverride(const Attribute &a, DiagnosticEngine &diags) {
  if (a.kind != Attribute::Kind::Integer || a.intValue < 0 || a.intValue > kMaxLatency) {
    diags.error(a.range, "sched.latency must be an integer in [0, " + std::to_string(kMaxLatency) + "]");
    return std::nullopt;
  }
  return int(a.intValue);
}

// A name the model lacks is an error, unless it is a unit of another built-in machine: the
// override was written for that machine (a Blackwell loop compared on Hopper), so the entry is
// dropped with a warning and the loop is scheduled (valid IR is never rejected).
std::optional<Footprint> footprintOverride(const Attribute &a, const TargetModel &model, DiagnosticEngine &diags) {
  if (a.kind != Attribute::Kind::Array || a.elements.size() > size_t(kMaxFootprintRows)) {
    diags.error(a.range,
                std::string(kFootprintShape) + ", with at most " + std::to_string(kMaxFootprintRows) + " rows");
    return std::nullopt;
  }
  Footprint fp;
  bool ok = true;
  // Another machine's units, each said once at its first entry: (name, its first entry, entries).
  struct Foreign {
    const Attribute *first;
    std::string machine;
    int entries;
  };
  std::vector<Foreign> foreign;
  for (const Attribute &rowAttr : a.elements) {
    if (rowAttr.kind != Attribute::Kind::Array) {
      diags.error(rowAttr.range, kFootprintShape);
      ok = false;
      continue;
    }
    FootprintRow row;
    bool rowOk = true;
    for (const Attribute &name : rowAttr.elements) {
      int index = name.kind == Attribute::Kind::String ? model.resourceIndex(name.text) : -1;
      if (name.kind == Attribute::Kind::String && index < 0) {
        auto seen =
            std::find_if(foreign.begin(), foreign.end(), [&](const Foreign &f) { return f.first->text == name.text; });
        if (seen != foreign.end()) {
          ++seen->entries;
          continue;
        }
        if (std::string other = builtinUnitModelWords(name.text); !other.empty()) {
          foreign.push_back({&name, std::move(other), 1});
          continue;
        }
      }
      if (name.kind != Attribute::Kind::String)
        diags.error(name.range, "sched.footprint entries must be slot or pool names in quotes");
      else if (index < 0)
        diags.error(name.range,
                    "unknown slot or pool '" + name.text + "' in sched.footprint (target model '" + model.name + "')");
      if (index < 0) {
        rowOk = false;
        continue;
      }
      row.push_back(index);
    }
    size_t bad = 0;
    std::string why = rowOk ? checkFootprintRow(model, row, bad) : "";
    if (!why.empty()) diags.error(rowAttr.elements[bad].range, "sched.footprint: " + why);
    ok &= rowOk && why.empty();
    fp.push_back(std::move(row));
  }
  for (const Foreign &f : foreign)
    diags.warning(f.first->range, "'" + f.first->text + "' is a unit of " + f.machine + ", which target model '" +
                                      model.name + "' does not have; " +
                                      (f.entries == 1 ? std::string("this sched.footprint entry is ignored")
                                                      : "its " + std::to_string(f.entries) +
                                                            " entries in this sched.footprint are ignored"));
  if (!ok) return std::nullopt;
  return fp;
}

}  // namespace

OpResources resolveOpResources(const Operation &op, const TargetModel &model, DiagnosticEngine &diags,
                               const OpCostContext &context) {
  static const TypeAliases kNoAliases;
  OpResources r;
  r.latency = model.defaultLatency;
  const OpModel *m = costEntry(op, model, context.aliases ? *context.aliases : kNoAliases);
  const bool unsupported = m && !m->unsupported.empty();
  const std::string unknownCost =
      "it is scheduled as an unknown op (latency " + std::to_string(model.defaultLatency) + ", no resources)";
  if (context.outsideLoop) {
    r.latency = 0;  // nothing per iteration: no latency, no resources, no traits
    r.source = OpResources::Source::OutsideLoop;
  } else if (context.measured) {
    r = *context.measured;
  } else if (isCallOpName(op.name)) {
    if (std::optional<OpResources> callee = callResources(op, model, diags, context)) r = *callee;
  } else if (m && !unsupported && m->regionCost != RegionCost::None) {
    r = regionResources(op, model, diags, context, m->regionCost);
    r.traits |= m->traits;
  } else if (m && !unsupported) {
    r.source = OpResources::Source::Model;
    r.traits = m->traits;
    const bool free =
        allocationWritesNothing(op, *m, model, context) ||
        (m->layoutConversion && registerOnlyConversion(op, context.aliases ? *context.aliases : kNoAliases));
    // A pipelined load is the async copy it becomes: one movement, global to shared memory. A
    // layout conversion of its value reads the tile from shared memory into the new layout
    // (Triton's pipeliner replaces the conversion with a `local_load` of the copy's buffer).
    const OpModel *copy =
        m->lowersToPipelined && isPipelinedLoad(&op, context) ? model.lookup(m->lowersToPipelined->front())
        : m->layoutConversion && !free && !op.operands.empty() && isPipelinedLoad(op.operands[0]->definingOp, context)
            ? model.lookup("nv_tileas.async.smem_read")
            : nullptr;
    if (copy || !free) {
      const OpModel &cost = copy ? *copy : *m;
      r.latency = cost.latency;
      r.footprint = cost.footprint;
      const TypeAliases &aliases = context.aliases ? *context.aliases : kNoAliases;
      if (cost.shapeCost && context.shapeOf) applyShapeCost(op, cost, model, context.shapeOf(op, aliases), diags, r);
    }
  } else if (std::string other = targetOnlyOpModelWords(op.name); !other.empty()) {
    // An op of another machine (tcgen05 on Hopper) is the IR's or the model's mistake, never a
    // silent unknown op (docs/decisions.md, "The target from the IR").
    std::string target = context.target.empty() ? "model '" + model.name + "'" : std::string(context.target);
    diags.warning(op.nameRange, "'" + op.name + "' is a " + other + " op; this loop targets " + target +
                                    (unsupported ? " (" + m->unsupported + ")" : "") + ", so " + unknownCost);
  } else if (unsupported) {
    // The target lacks the unit (a model file's own `unsupported` entry): said so.
    diags.warning(op.nameRange, "'" + op.name + "' is not supported by target model '" + model.name +
                                    "': " + m->unsupported + "; " + unknownCost);
  }
  if (const Attribute *a = op.lookupAttr("sched.latency")) {
    if (auto latency = latencyOverride(*a, diags)) {
      r.latency = *latency;
      r.source = OpResources::Source::Override;
    }
  }
  if (const Attribute *a = op.lookupAttr("sched.footprint")) {
    if (auto fp = footprintOverride(*a, model, diags)) {
      r.footprint = std::move(*fp);
      r.source = OpResources::Source::Override;
    }
  }
  return r;
}

}  // namespace tilesched
