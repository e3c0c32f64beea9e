// targetModelToJson: the format parseTargetModel reads, one slot / pool / op per line so a
// model diffs well; parse(print(m)) == m and print is byte-stable.
#include <nlohmann/json.hpp>

#include "target/TargetModel.h"

namespace tilesched {
namespace {

std::string quote(const std::string &s) {
  // ordered_json: the one instantiation the rest of the core uses (a second costs ~40 KB of wasm).
  return nlohmann::ordered_json(s).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string footprintJson(const TargetModel &m, const Footprint &fp) {
  std::string out = "[";
  for (size_t k = 0; k < fp.size(); ++k) {
    out += k ? ", [" : "[";
    bool first = true;
    for (int r : fp[k]) {
      if (r < 0 || size_t(r) >= m.resources.size()) continue;
      out += (first ? "" : ", ") + quote(m.resources[size_t(r)].name);
      first = false;
    }
    out += "]";
  }
  return out + "]";
}

std::string opJson(const TargetModel &m, const OpModel &op) {
  std::string out = "{\"latency\": " + std::to_string(op.latency);
  if (!op.footprint.empty()) out += ", \"footprint\": " + footprintJson(m, op.footprint);
  if (op.traits != TraitNone) {
    out += ", \"traits\": [";
    bool first = true;
    for (const TraitName &t : kTraitNames) {
      if (!(op.traits & t.trait)) continue;
      out += std::string(first ? "" : ", ") + "\"" + t.name + "\"";
      first = false;
    }
    out += "]";
  }
  return out + "}";
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
         ",\n  \"default_latency\": " + std::to_string(m.defaultLatency) + ",\n  \"slots\": " +
         block(slots, "[", "]") + ",\n  \"pools\": " + block(pools, "[", "]") + ",\n  \"ops\": " +
         block(ops, "{", "}") + "\n}\n";
}

}  // namespace tilesched
