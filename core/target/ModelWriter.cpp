// targetModelToJson: the format parseTargetModel reads, one slot / pool / op per line so a
// model diffs well; parse(print(m)) == m and print is byte-stable.
#include "support/Json.h"
#include "target/TargetModel.h"

namespace tilesched {
namespace {

std::string quote(const std::string &s) {
  std::string out;
  appendJsonString(out, s);
  return out;
}

// A row held one cycle prints as the row, one held longer as a run: {"row": [...], "repeat": n}.
std::string footprintJson(const TargetModel &m, const Footprint &fp) {
  std::string out = "[";
  size_t begin = 0;
  for (const Footprint::Run &run : fp.runs()) {
    std::string row = "[";
    for (int r : run.row)
      if (r >= 0 && size_t(r) < m.resources.size())
        row += (row.size() > 1 ? ", " : "") + quote(m.resources[size_t(r)].name);
    row += "]";
    out += (begin ? ", " : "") +
           (run.end - begin == 1 ? row : "{\"row\": " + row + ", \"repeat\": " + std::to_string(run.end - begin) + "}");
    begin = run.end;
  }
  return out + "]";
}

std::string traitsJson(unsigned traits) {
  std::string out = "[";
  for (const TraitName &t : kTraitNames) {
    if (!(traits & t.trait)) continue;
    out += std::string(out.size() > 1 ? ", " : "") + "\"" + t.name + "\"";
  }
  return out + "]";
}

std::string effectsJson(const OpEffects &e) {
  std::string out = "{";
  for (int s = 0; s < kNumMemSpaces; ++s) {
    if (e.access[size_t(s)] == MemAccess::None) continue;
    out += std::string(out.size() > 1 ? ", " : "") + "\"" + kMemSpaceNames[s] + "\": \"" +
           kMemAccessNames[size_t(e.access[size_t(s)])] + "\"";
  }
  return out + "}";
}

std::string namesJson(const std::optional<std::vector<std::string>> &names) {
  std::string out = "[";
  for (const std::string &n : names.value_or(std::vector<std::string>{}))
    out += (out.size() > 1 ? ", " : "") + quote(n);
  return out + "]";
}

// `{a, b}`: members already rendered, on one line.
std::string braced(const std::vector<std::string> &parts) {
  std::string out = "{";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + "}";
}

// A plain entry prints its latency (unless unsupported or costed by its regions: it is never used)
// and every other key that is not empty; an entry written `like` another prints the reference and
// the keys it spelled out, so it stays short.
std::string opJson(const TargetModel &m, const OpModel &op) {
  const bool like = !op.like.empty();
  auto shows = [&](OpKey key, bool nonEmpty) { return like ? (op.given & key) != 0 : nonEmpty; };
  std::vector<std::string> parts;
  if (like) parts.push_back("\"like\": " + quote(op.like));
  if (shows(KeyLatency, op.unsupported.empty() && op.regionCost == RegionCost::None))
    parts.push_back("\"latency\": " + std::to_string(op.latency));
  if (shows(KeyFootprint, !op.footprint.empty())) parts.push_back("\"footprint\": " + footprintJson(m, op.footprint));
  if (shows(KeyTraits, op.traits != TraitNone)) parts.push_back("\"traits\": " + traitsJson(op.traits));
  if (shows(KeyEffects, op.effects.any())) parts.push_back("\"effects\": " + effectsJson(op.effects));
  if (shows(KeyView, op.view != ViewKind::None))
    parts.push_back(std::string("\"view\": \"") + kViewNames[size_t(op.view)] + "\"");
  if (shows(KeyLayoutConversion, op.layoutConversion))
    parts.push_back(std::string("\"layout_conversion\": ") + (op.layoutConversion ? "true" : "false"));
  if (shows(KeyRegionCost, op.regionCost != RegionCost::None))
    parts.push_back(std::string("\"region_cost\": \"") + kRegionCostNames[size_t(op.regionCost)] + "\"");
  if (shows(KeyLowersTo, op.lowersTo.has_value())) parts.push_back("\"lowers_to\": " + namesJson(op.lowersTo));
  if (shows(KeyLowersToPipelined, op.lowersToPipelined.has_value()))
    parts.push_back("\"lowers_to_pipelined\": " + namesJson(op.lowersToPipelined));
  if (shows(KeyForwardsToMma, op.forwardsToMma))
    parts.push_back(std::string("\"forwards_to_mma\": ") + (op.forwardsToMma ? "true" : "false"));
  if (shows(KeyUnsupported, !op.unsupported.empty())) parts.push_back("\"unsupported\": " + quote(op.unsupported));
  if (shows(KeyShapeCost, op.shapeCost.has_value()) && op.shapeCost) {
    std::vector<std::string> formulas;
    if (op.shapeCost->latency) formulas.push_back("\"latency\": " + quote(op.shapeCost->latency->text()));
    if (op.shapeCost->rows) formulas.push_back("\"rows\": " + quote(op.shapeCost->rows->text()));
    parts.push_back("\"shape_cost\": " + braced(formulas));
  }
  return braced(parts);
}

// One line, the keys the file gave, in the reader's order.
std::string machineJson(const MachineModel &m) {
  std::vector<std::string> parts;
  if (m.clockMhz) parts.push_back("\"clock_mhz\": " + std::to_string(m.clockMhz));
  if (m.smCount) parts.push_back("\"sm_count\": " + std::to_string(m.smCount));
  if (m.smemBytes) parts.push_back("\"smem_bytes\": " + std::to_string(*m.smemBytes));
  if (m.tmemBytes) parts.push_back("\"tmem_bytes\": " + std::to_string(*m.tmemBytes));
  if (!m.mmaFlopsPerCyclePerSm.empty()) {
    std::string rates;
    for (const auto &[type, rate] : m.mmaFlopsPerCyclePerSm)
      rates += (rates.empty() ? "" : ", ") + quote(type) + ": " + std::to_string(rate);
    parts.push_back("\"mma_flops_per_cycle_per_sm\": {" + rates + "}");
  }
  return braced(parts);
}

// `items` already rendered; prints them one per line inside `open`/`close`.
std::string block(const std::vector<std::string> &items, const char *open, const char *close) {
  if (items.empty()) return std::string(open) + close;
  std::string out = std::string(open) + "\n";
  for (size_t i = 0; i < items.size(); ++i) out += "    " + items[i] + (i + 1 < items.size() ? ",\n" : "\n");
  return out + "  " + close;
}

}  // namespace

std::string targetModelToJson(const TargetModel &m) {
  std::vector<std::string> slots, pools, ops;
  for (const Resource &r : m.resources) {
    if (r.isSlot)
      slots.push_back("{\"id\": " + std::to_string(r.slotId) + ", \"name\": " + quote(r.name) +
                      ", \"kind\": " + quote(r.kind) + "}");
    else
      pools.push_back("{\"name\": " + quote(r.name) + ", \"capacity\": " + std::to_string(r.capacity) +
                      ", \"role\": " + quote(r.kind) + "}");
  }
  for (const OpModel &op : m.ops) ops.push_back(quote(op.pattern) + ": " + opJson(m, op));
  return "{\n  \"name\": " + quote(m.name) + ",\n  \"description\": " + quote(m.description) +
         ",\n  \"default_latency\": " + std::to_string(m.defaultLatency) +
         (m.machine.given ? ",\n  \"machine\": " + machineJson(m.machine) : std::string()) +
         (m.performance ? ",\n  \"performance\": " + gpuPerformanceJson(*m.performance) : std::string()) +
         ",\n  \"slots\": " + block(slots, "[", "]") + ",\n  \"pools\": " + block(pools, "[", "]") +
         ",\n  \"ops\": " + block(ops, "{", "}") + "\n}\n";
}

}  // namespace tilesched
