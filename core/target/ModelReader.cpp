// parseTargetModel: the JSON model format of docs/target-model.md. One pass of readJson gives
// the tree with the span of every value and key, so each error is located where it is found.
#include <algorithm>
#include <climits>
#include <initializer_list>
#include <map>

#include "support/Json.h"
#include "support/LineEnds.h"
#include "target/FootprintCheck.h"
#include "target/TargetModel.h"

namespace tilesched {
namespace {

class ModelReader {
public:
  ModelReader(const JsonDocument &doc, const LineIndex &lines, DiagnosticEngine &diags)
      : doc_(doc), lines_(lines), diags_(diags) {}

  std::optional<TargetModel> read();

private:
  SourceRange at(JsonSpan span) const { return lines_.range(span.begin, span.end); }
  void error(const JsonValue &v, const std::string &message) { error(v.span, message); }
  void error(JsonSpan span, const std::string &message) {
    diags_.error(at(span), message);
    failed_ = true;
  }
  // Reports keys of `obj` outside `allowed`; false when `obj` is not an object.
  bool checkObject(const JsonValue &obj, const std::string &what, std::initializer_list<const char *> allowed);
  const JsonValue *require(const JsonValue &obj, const char *key, const std::string &what);
  std::optional<int> readInt(const JsonValue &v, const std::string &what, int lo, int hi);
  std::optional<std::string> readString(const JsonValue &v, const std::string &what, bool nonEmpty);
  using ElementReader = void (ModelReader::*)(const JsonValue &, TargetModel &);
  void readList(const char *section, TargetModel &m, ElementReader readElement);
  void readSlot(const JsonValue &v, TargetModel &m);
  void readPool(const JsonValue &v, TargetModel &m);
  void addResource(Resource r, const JsonValue &name, TargetModel &m);
  void readOp(const JsonMember &entry, TargetModel &m);
  OpEffects readEffects(const JsonValue &v, const std::string &op);
  bool readBool(const JsonValue &v, const std::string &what);
  template <size_t N>
  int readName(const JsonValue &v, const char *const (&names)[N], const std::string &message);
  std::vector<std::string> readOpNames(const JsonValue &v, const std::string &what);
  void checkLoweredNames(const TargetModel &m);
  void readMachine(const JsonValue &v, MachineModel &machine);
  Footprint readFootprint(const JsonValue &v, const std::string &op, const TargetModel &m);
  std::optional<ShapeCost> readShapeCost(const JsonValue &v, const std::string &op);

  const JsonDocument &doc_;
  const LineIndex &lines_;
  DiagnosticEngine &diags_;
  std::map<std::string, int> resourceLines_;     // name → line of its first definition
  std::map<int, int> slotIdLines_;               // slot id → line of its first use
  std::map<std::string, size_t> opIndex_;        // pattern → its entry in ops, for 'like' without a scan
  std::vector<const JsonValue *> loweredNames_;  // every name in lowers_to / lowers_to_pipelined
  bool failed_ = false;
};

bool ModelReader::checkObject(const JsonValue &obj, const std::string &what,
                              std::initializer_list<const char *> allowed) {
  if (!obj.is(JsonValue::Kind::Object)) {
    error(obj, what + " must be a JSON object");
    return false;
  }
  for (const JsonMember &member : obj.members) {
    bool known = false;
    for (const char *k : allowed) known |= member.key == k;
    if (known) continue;
    std::string expected;  // spelled only for a diagnostic: every op of a model is checked
    for (const char *k : allowed) expected += std::string(expected.empty() ? "" : ", ") + k;
    error(member.keySpan, "unknown key '" + member.key + "' in " + what + " (expected " + expected + ")");
  }
  return true;
}

const JsonValue *ModelReader::require(const JsonValue &obj, const char *key, const std::string &what) {
  const JsonValue *v = obj.find(key);
  if (!v) error(obj, what + " has no '" + key + "'");
  return v;
}

std::optional<int> ModelReader::readInt(const JsonValue &v, const std::string &what, int lo, int hi) {
  if (!v.is(JsonValue::Kind::Integer) || v.integer < lo || v.integer > hi) {
    error(v, what + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + v.dump());
    return std::nullopt;
  }
  return static_cast<int>(v.integer);
}

std::optional<std::string> ModelReader::readString(const JsonValue &v, const std::string &what, bool nonEmpty) {
  if (!v.is(JsonValue::Kind::String) || (nonEmpty && v.text.empty())) {
    error(v, what + (nonEmpty ? " must be a non-empty string" : " must be a string"));
    return std::nullopt;
  }
  return v.text;
}

void ModelReader::addResource(Resource r, const JsonValue &name, TargetModel &m) {
  auto [it, inserted] = resourceLines_.emplace(r.name, at(name.span).begin.line);
  if (!inserted) {
    error(name,
          "duplicate slot or pool name '" + r.name + "' (first defined at line " + std::to_string(it->second) + ")");
    return;
  }
  m.resources.push_back(std::move(r));
}

void ModelReader::readList(const char *section, TargetModel &m, ElementReader readElement) {
  const JsonValue *list = doc_.root.find(section);
  if (!list) return;
  if (!list->is(JsonValue::Kind::Array)) {
    error(*list, std::string("'") + section + "' must be an array");
    return;
  }
  for (const JsonValue &element : list->items) (this->*readElement)(element, m);
}

void ModelReader::readSlot(const JsonValue &v, TargetModel &m) {
  if (!checkObject(v, "slot", {"id", "name", "kind"})) return;
  // Each require() reports its own missing key, so all three run before deciding.
  const JsonValue *idValue = require(v, "id", "slot");
  const JsonValue *nameValue = require(v, "name", "slot");
  const JsonValue *kindValue = require(v, "kind", "slot");
  if (!idValue || !nameValue || !kindValue) return;
  auto id = readInt(*idValue, "slot 'id'", 1, kMaxSlotId);
  auto name = readString(*nameValue, "slot 'name'", true);
  auto kind = readString(*kindValue, "slot 'kind'", true);
  if (kind && *kind != "coarse" && *kind != "fine" && *kind != "test") {
    error(*kindValue, "slot 'kind' must be \"coarse\", \"fine\" or \"test\", got \"" + *kind + "\"");
    kind.reset();
  }
  if (!id || !name || !kind) return;
  auto [it, inserted] = slotIdLines_.emplace(*id, at(idValue->span).begin.line);
  if (!inserted) {
    error(*idValue,
          "duplicate slot id " + std::to_string(*id) + " (first used at line " + std::to_string(it->second) + ")");
    return;
  }
  addResource({*name, 1, true, *id, *kind}, *nameValue, m);
}

void ModelReader::readPool(const JsonValue &v, TargetModel &m) {
  if (!checkObject(v, "pool", {"name", "capacity", "role"})) return;
  const JsonValue *nameValue = require(v, "name", "pool");
  const JsonValue *capacityValue = require(v, "capacity", "pool");
  if (!nameValue || !capacityValue) return;
  auto name = readString(*nameValue, "pool 'name'", true);
  auto capacity = readInt(*capacityValue, "pool 'capacity'", 1, kMaxCapacity);
  std::optional<std::string> role = std::string();
  if (const JsonValue *roleValue = v.find("role")) role = readString(*roleValue, "pool 'role'", false);
  if (!name || !capacity || !role) return;
  addResource({*name, *capacity, false, 0, *role}, *nameValue, m);
}

// "footprint": [["tma", "tp_smem_wr"], {"row": ["tp_smem_wr"], "repeat": 433}, []]: rows, each
// an array of slot/pool names, and runs, each a row held `repeat` cycles in a row (a measured
// cost holds one row for hundreds of cycles: the run is read once, never spelled out).
Footprint ModelReader::readFootprint(const JsonValue &v, const std::string &op, const TargetModel &m) {
  Footprint fp;
  if (!v.is(JsonValue::Kind::Array)) {
    error(v, "footprint of '" + op + "' must be an array of rows (arrays of slot/pool names) and runs " +
                 "({\"row\": [names], \"repeat\": cycles})");
    return fp;
  }
  // A row spelled like the accepted row before it is that row, read once.
  const auto sameNames = [](const JsonValue &a, const JsonValue &b) {
    if (a.items.size() != b.items.size()) return false;
    for (size_t i = 0; i < a.items.size(); ++i)
      if (!a.items[i].is(JsonValue::Kind::String) || !b.items[i].isString(a.items[i].text)) return false;
    return true;
  };
  const JsonValue *previous = nullptr;  // the last row read without an error
  for (const JsonValue &item : v.items) {
    const size_t k = fp.size();  // the cycle the row or run begins, as "row k" counts
    const JsonValue *rowValue = &item;
    int repeat = 1;
    if (item.is(JsonValue::Kind::Object)) {
      const std::string what = "footprint run at row " + std::to_string(k) + " of '" + op + "'";
      checkObject(item, what, {"row", "repeat"});
      const JsonValue *r = require(item, "row", what), *n = require(item, "repeat", what);
      const auto count = n ? readInt(*n, "'repeat' of the " + what, 1, kMaxFootprintRows) : std::nullopt;
      if (!r || !count) {
        previous = nullptr;
        continue;
      }
      rowValue = r;
      repeat = *count;
    }
    if (k + size_t(repeat) > size_t(kMaxFootprintRows)) {
      error(item, "footprint of '" + op + "' has more than " + std::to_string(kMaxFootprintRows) +
                      " rows (the footprint row limit)");
      return fp;
    }
    if (previous && rowValue->is(JsonValue::Kind::Array) && sameNames(*previous, *rowValue)) {
      fp.append(fp.back(), size_t(repeat));
      continue;
    }
    previous = nullptr;
    if (!rowValue->is(JsonValue::Kind::Array)) {
      error(*rowValue, "footprint row " + std::to_string(k) + " of '" + op + "' must be an array of slot/pool names");
      fp.append({}, size_t(repeat));
      continue;
    }
    FootprintRow row;
    bool rowOk = true;
    for (const JsonValue &entry : rowValue->items) {
      auto name = readString(entry, "footprint entry", true);
      if (!name) {
        rowOk = false;
        continue;
      }
      int index = m.resourceIndex(*name);
      if (index < 0) {
        error(entry, "unknown slot or pool '" + *name + "' in the footprint of '" + op + "'");
        rowOk = false;
        continue;
      }
      row.push_back(index);
    }
    size_t bad = 0;
    std::string why = rowOk ? checkFootprintRow(m, row, bad) : "";
    if (!why.empty()) error(rowValue->items[bad], "footprint of '" + op + "', row " + std::to_string(k) + ": " + why);
    if (rowOk && why.empty()) previous = rowValue;
    fp.append(std::move(row), size_t(repeat));
  }
  return fp;
}

// One of `names` (a kMem*Names / kViewNames table; index 0 is "none" and never matches), or -1.
template <size_t N>
int nameIndex(const JsonValue &v, const char *const (&names)[N]) {
  for (size_t i = 1; i < N; ++i)
    if (v.isString(names[i])) return int(i);
  return -1;
}

// One of `names` by index (a kViewNames-style table); 0, after `message`, for anything else.
template <size_t N>
int ModelReader::readName(const JsonValue &v, const char *const (&names)[N], const std::string &message) {
  int index = nameIndex(v, names);
  if (index < 0) error(v, message);
  return index < 0 ? 0 : index;
}

bool ModelReader::readBool(const JsonValue &v, const std::string &what) {
  if (!v.is(JsonValue::Kind::Bool)) error(v, what + " must be true or false");
  return v.is(JsonValue::Kind::Bool) && v.boolean;
}

// ["nv_tileas.async.tiled_tma_load", ...]: op names, each checked against the whole table once it
// is read (an entry may name a later one).
std::vector<std::string> ModelReader::readOpNames(const JsonValue &v, const std::string &what) {
  std::vector<std::string> names;
  if (!v.is(JsonValue::Kind::Array)) {
    error(v, what + " must be an array of op names");
    return names;
  }
  for (const JsonValue &name : v.items) {
    auto s = readString(name, "an op name in " + what, true);
    if (!s) continue;
    names.push_back(*s);
    loweredNames_.push_back(&name);
  }
  return names;
}

void ModelReader::checkLoweredNames(const TargetModel &m) {
  for (const JsonValue *name : loweredNames_)
    if (!m.lookup(name->text))
      error(*name,
            "'" + name->text + "' names no entry of 'ops' (lowers_to and lowers_to_pipelined name ops of the model)");
}

// "effects": {"global": "read", "shared": "write", "barrier": "wait", ...}
OpEffects ModelReader::readEffects(const JsonValue &v, const std::string &op) {
  OpEffects effects;
  if (!checkObject(v, "effects of '" + op + "'", {"global", "shared", "tensor", "barrier"})) return effects;
  for (int s = 0; s < kNumMemSpaces; ++s) {
    const JsonValue *given = v.find(kMemSpaceNames[s]);
    if (!given) continue;
    int access = nameIndex(*given, kMemAccessNames);
    auto a = MemAccess(access < 0 ? 0 : access);
    const bool barrierOnly = a == MemAccess::Wait || a == MemAccess::Arrive;
    const bool spaceOk = (!barrierOnly || MemSpace(s) == MemSpace::Barrier) &&
                         (a != MemAccess::Alloc || MemSpace(s) == MemSpace::Shared || MemSpace(s) == MemSpace::Tensor);
    if (access < 0)
      error(*given, std::string("effect on ") + kMemSpaceNames[s] + " memory of '" + op +
                        "' must be \"read\", \"write\", \"readwrite\", \"all\", \"alloc\", \"wait\" or \"arrive\"");
    else if (!spaceOk)
      error(*given, std::string("effect \"") + kMemAccessNames[access] + "\" of '" + op + "' is not allowed on " +
                        kMemSpaceNames[s] +
                        " memory (\"alloc\": shared or tensor only; \"wait\", \"arrive\": barrier only)");
    else effects.access[size_t(s)] = a;
  }
  return effects;
}

void ModelReader::readOp(const JsonMember &entry, TargetModel &m) {
  const std::string &pattern = entry.key;
  const JsonValue &v = entry.value;
  size_t star = pattern.find('*');
  if (pattern.empty() || (star != std::string::npos && star + 1 != pattern.size())) {
    error(entry.keySpan, "op pattern '" + pattern + "' must be an op name or a prefix ending in a single trailing '*'");
    return;
  }
  if (!checkObject(v, "op '" + pattern + "'",
                   {"like", "latency", "footprint", "traits", "effects", "view", "layout_conversion", "region_cost",
                    "lowers_to", "lowers_to_pipelined", "forwards_to_mma", "unsupported", "shape_cost"}))
    return;
  OpModel op;
  op.latency = m.defaultLatency;
  if (const JsonValue *likeValue = v.find("like")) {
    // An entry written `like` an earlier one starts as a copy of it; its own keys override.
    auto like = readString(*likeValue, "'like' of '" + pattern + "'", true);
    auto earlier = like ? opIndex_.find(*like) : opIndex_.end();
    const OpModel *base = earlier == opIndex_.end() ? nullptr : &m.ops[earlier->second];
    if (like && !base)
      error(*likeValue, "'like' of '" + pattern + "' names '" + *like + "', which is not an earlier entry of 'ops'");
    if (base) op = *base;
    op.like = like.value_or("");
    op.given = 0;
  }
  op.pattern = pattern;
  if (const JsonValue *latencyValue = v.find("latency")) {
    op.given |= KeyLatency;
    auto latency = readInt(*latencyValue, "latency of '" + pattern + "'", 0, kMaxLatency);
    if (latency) op.latency = *latency;
  }
  if (const JsonValue *footprint = v.find("footprint")) {
    op.given |= KeyFootprint;
    op.footprint = readFootprint(*footprint, pattern, m);
  }
  if (const JsonValue *traits = v.find("traits")) {
    op.given |= KeyTraits;
    op.traits = TraitNone;
    if (!traits->is(JsonValue::Kind::Array)) error(*traits, "traits of '" + pattern + "' must be an array of strings");
    for (const JsonValue &trait : traits->items) {
      unsigned bit = TraitNone;
      for (const TraitName &t : kTraitNames)
        if (trait.isString(t.name)) bit = t.trait;
      if (bit == TraitNone)
        error(trait, "unknown trait " + trait.dump() + " (expected \"tma\", \"wgmma\" or \"async_pipeline\")");
      else if (op.traits & bit) error(trait, "trait " + trait.text + " is listed twice");
      op.traits |= bit;
    }
  }
  if (const JsonValue *effects = v.find("effects")) {
    op.given |= KeyEffects;
    op.effects = readEffects(*effects, pattern);
  }
  if (const JsonValue *viewValue = v.find("view")) {
    op.given |= KeyView;
    op.view = ViewKind(readName(*viewValue, kViewNames, "view of '" + pattern + "' must be \"alias\" or \"index\""));
  }
  if (const JsonValue *conversion = v.find("layout_conversion")) {
    op.given |= KeyLayoutConversion;
    op.layoutConversion = readBool(*conversion, "'layout_conversion' of '" + pattern + "'");
  }
  if (const JsonValue *regionCost = v.find("region_cost")) {
    op.given |= KeyRegionCost;
    op.regionCost = RegionCost(
        readName(*regionCost, kRegionCostNames, "region_cost of '" + pattern + "' must be \"max\" or \"once\""));
  }
  if (const JsonValue *lowersTo = v.find("lowers_to")) {
    op.given |= KeyLowersTo;
    op.lowersTo = readOpNames(*lowersTo, "lowers_to of '" + pattern + "'");
  }
  if (const JsonValue *pipelined = v.find("lowers_to_pipelined")) {
    op.given |= KeyLowersToPipelined;
    op.lowersToPipelined = readOpNames(*pipelined, "lowers_to_pipelined of '" + pattern + "'");
  }
  if (const JsonValue *forwards = v.find("forwards_to_mma")) {
    op.given |= KeyForwardsToMma;
    op.forwardsToMma = readBool(*forwards, "'forwards_to_mma' of '" + pattern + "'");
  }
  if (const JsonValue *unsupported = v.find("unsupported")) {
    op.given |= KeyUnsupported;
    if (auto why = readString(*unsupported, "'unsupported' of '" + pattern + "'", true)) op.unsupported = *why;
  }
  // An entry `like` a shape-aware one that states its own cost keeps that cost, whatever its shape.
  if ((op.given & (KeyLatency | KeyFootprint)) && !v.find("shape_cost")) op.shapeCost.reset();
  if (const JsonValue *shapeCost = v.find("shape_cost")) {
    op.given |= KeyShapeCost;
    op.shapeCost = readShapeCost(*shapeCost, pattern);
    // The rows formula says how long the footprint's row is held: there must be one.
    if (op.shapeCost && op.shapeCost->rows && op.footprint.empty())
      error(*shapeCost,
            "shape_cost of '" + pattern + "' has 'rows' but the entry has no footprint whose row it repeats");
  }
  opIndex_.emplace(op.pattern, m.ops.size());
  m.ops.push_back(std::move(op));
}

// "shape_cost": {"latency": "477 - 16384 / 61.2 + bytes / 61.2", "rows": "bytes / 61.2"}: each a
// formula (CostFormula.h), located at its first error within the string.
std::optional<ShapeCost> ModelReader::readShapeCost(const JsonValue &v, const std::string &op) {
  if (!checkObject(v, "shape_cost of '" + op + "'", {"latency", "rows"})) return std::nullopt;
  ShapeCost cost;
  bool ok = true;
  for (const char *key : {"latency", "rows"}) {
    const JsonValue *text = v.find(key);
    if (!text) continue;
    const std::string what = std::string("shape_cost ") + key + " of '" + op + "'";
    if (!text->is(JsonValue::Kind::String)) {
      error(*text, what + " must be a formula in a string, e.g. \"bytes / 61.2\"");
      ok = false;
      continue;
    }
    CostFormula::Error why;
    std::optional<CostFormula> f = CostFormula::parse(text->text, why);
    if (!f) {
      const size_t at = std::min(text->span.begin + 1 + why.offset, text->span.end - 1);
      error(JsonSpan{at, at + 1}, what + ": " + why.message);
      ok = false;
      continue;
    }
    (std::string_view(key) == "latency" ? cost.latency : cost.rows) = std::move(f);
  }
  if (ok && !cost.latency && !cost.rows) {
    error(v, "shape_cost of '" + op + "' must give 'latency', 'rows' or both");
    ok = false;
  }
  if (!ok) return std::nullopt;
  return cost;
}

// "machine": {"clock_mhz": 1980, "sm_count": 132, "smem_bytes": 232448, "tmem_bytes": 262144,
//             "mma_flops_per_cycle_per_sm": {"f16": 4096, ...}}
void ModelReader::readMachine(const JsonValue &v, MachineModel &machine) {
  if (!checkObject(v, "'machine'", {"clock_mhz", "sm_count", "smem_bytes", "tmem_bytes", "mma_flops_per_cycle_per_sm"}))
    return;
  machine.given = true;
  constexpr int kMaxBytes = 1 << 30;
  if (const JsonValue *c = v.find("clock_mhz")) machine.clockMhz = readInt(*c, "'clock_mhz'", 1, 100000).value_or(0);
  if (const JsonValue *c = v.find("sm_count")) machine.smCount = readInt(*c, "'sm_count'", 1, 100000).value_or(0);
  // INT_MAX is the lifted budget of TILE_AS_DEBUG_UNLIMITED_SMEM (facts §1.5.4), so a file may say it.
  if (const JsonValue *b = v.find("smem_bytes")) machine.smemBytes = readInt(*b, "'smem_bytes'", 0, INT_MAX);
  if (const JsonValue *b = v.find("tmem_bytes")) machine.tmemBytes = readInt(*b, "'tmem_bytes'", 0, kMaxBytes);
  if (const JsonValue *rates = v.find("mma_flops_per_cycle_per_sm")) {
    if (!rates->is(JsonValue::Kind::Object)) {
      error(*rates, "'mma_flops_per_cycle_per_sm' must be an object mapping element types to FLOP per cycle per SM");
      return;
    }
    for (const JsonMember &rate : rates->members)
      if (auto r = readInt(rate.value, "the MMA rate of '" + rate.key + "'", 1, kMaxBytes))
        machine.mmaFlopsPerCyclePerSm.emplace_back(rate.key, *r);
  }
}

std::optional<TargetModel> ModelReader::read() {
  for (const JsonDocument::Duplicate &dup : doc_.duplicates)
    error(dup.repeat, "duplicate key; every key may appear once per object");
  const JsonValue &root = doc_.root;
  TargetModel m;
  if (!checkObject(root, "target model",
                   {"name", "description", "default_latency", "machine", "performance", "slots", "pools", "ops"}))
    return std::nullopt;
  if (const JsonValue *name = require(root, "name", "target model")) {
    if (auto s = readString(*name, "'name'", true)) m.name = *s;
  }
  if (const JsonValue *description = root.find("description")) {
    if (auto d = readString(*description, "'description'", false)) m.description = *d;
  }
  if (const JsonValue *latency = root.find("default_latency")) {
    if (auto l = readInt(*latency, "'default_latency'", 0, kMaxLatency)) m.defaultLatency = *l;
  }
  if (const JsonValue *machine = root.find("machine")) readMachine(*machine, m.machine);
  if (const JsonValue *performance = root.find("performance")) {
    m.performance = readGpuPerformance(*performance, lines_, diags_);
    failed_ |= !m.performance;
  }
  readList("slots", m, &ModelReader::readSlot);
  readList("pools", m, &ModelReader::readPool);
  if (const JsonValue *ops = root.find("ops")) {
    if (!ops->is(JsonValue::Kind::Object))
      error(*ops, "'ops' must be an object mapping op names or patterns to entries");
    for (const JsonMember &entry : ops->members) readOp(entry, m);
    checkLoweredNames(m);
  }
  if (failed_) return std::nullopt;
  return m;
}

}  // namespace

std::optional<TargetModel> parseTargetModel(std::string_view json, DiagnosticEngine &diags) {
  // Size is checked before reading, nesting and member counts while reading (docs/decisions.md,
  // "Limits").
  if (json.size() > kMaxModelBytes) {
    diags.error(SourceRange::at({1, 1}), "the model is larger than " + std::to_string(kMaxModelBytes >> 20) + " MiB (" +
                                             std::to_string(kMaxModelBytes) + " bytes, the model size limit)");
    return std::nullopt;
  }
  const JsonDocument doc = readJson(json);
  const LineIndex lines(json);
  if (!doc.error.empty()) {
    diags.error(lines.range(doc.errorAt, doc.errorAt + 1), doc.error);
    return std::nullopt;
  }
  return ModelReader(doc, lines, diags).read();
}

}  // namespace tilesched
