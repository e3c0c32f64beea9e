// What one op costs (SPEC §2.1, §3): the model's op table, then the `sched.latency` /
// `sched.footprint` overrides, read inherent-then-discardable like every attribute (seed 004).
#include "target/FootprintCheck.h"
#include "target/IRTarget.h"
#include "target/TargetModel.h"

namespace tilesched {
namespace {

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

std::optional<Footprint> footprintOverride(const Attribute &a, const TargetModel &model, DiagnosticEngine &diags) {
  if (a.kind != Attribute::Kind::Array || a.elements.size() > size_t(kMaxFootprintRows)) {
    diags.error(a.range,
                std::string(kFootprintShape) + ", with at most " + std::to_string(kMaxFootprintRows) + " rows");
    return std::nullopt;
  }
  Footprint fp;
  bool ok = true;
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
  if (!ok) return std::nullopt;
  return fp;
}

}  // namespace

OpResources resolveOpResources(const Operation &op, const TargetModel &model, DiagnosticEngine &diags,
                               const OpCostContext &context) {
  OpResources r;
  r.latency = model.defaultLatency;
  const OpModel *m = model.lookup(op.name);
  const bool unsupported = m && !m->unsupported.empty();
  const std::string unknownCost =
      "it is scheduled as an unknown op (latency " + std::to_string(model.defaultLatency) + ", no resources)";
  if (context.measured) {
    r = *context.measured;
  } else if (m && !unsupported) {
    r.latency = m->latency;
    r.footprint = m->footprint;
    r.traits = m->traits;
    r.source = OpResources::Source::Model;
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
