// parseTargetModel: the JSON model format of docs/target-model.md. nlohmann parses without
// exceptions; syntax errors are located from the byte offset its SAX error callback reports,
// schema errors through JsonLocator.
#include <initializer_list>
#include <functional>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "target/FootprintCheck.h"
#include "target/JsonLocator.h"
#include "target/TargetModel.h"

namespace tilesched {
namespace {

using ojson = nlohmann::ordered_json;

// Records where nlohmann's parser gave up and why; every other event is accepted.
struct SyntaxErrorProbe : nlohmann::json_sax<ojson> {
  size_t position = 0;
  std::string message;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t &) override { return true; }
  bool string(string_t &) override { return true; }
  bool binary(binary_t &) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t &) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t pos, const std::string &, const nlohmann::detail::exception &ex) override {
    position = pos;
    message = ex.what();
    return false;
  }
};

// "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." keeps
// only the part after the position, which the diagnostic already carries.
std::string syntaxMessage(const std::string &what) {
  size_t at = what.find("parse error");
  size_t colon = at == std::string::npos ? std::string::npos : what.find(": ", at);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

// nlohmann keeps the last of two equal keys silently; this parse callback notices them, so the
// locator (which names each duplicate) is consulted only for a document that has one.
class DuplicateKeyWatch {
public:
  bool operator()(int, nlohmann::detail::parse_event_t event, ojson &parsed) {
    using Event = nlohmann::detail::parse_event_t;
    if (event == Event::object_start) keys_.emplace_back();
    else if (event == Event::object_end && !keys_.empty()) keys_.pop_back();
    else if (event == Event::key && !keys_.empty() && parsed.is_string() &&
             !keys_.back().insert(parsed.get_ref<const std::string &>()).second)
      found_ = true;
    return true;
  }
  bool found() const { return found_; }

private:
  std::vector<std::set<std::string>> keys_;
  bool found_ = false;
};

class ModelReader {
public:
  ModelReader(std::string_view text, const ojson &doc, bool duplicateKeys, DiagnosticEngine &diags)
      : doc_(doc), loc_(text), duplicateKeys_(duplicateKeys), diags_(diags) {}

  std::optional<TargetModel> read();

private:
  void error(const std::string &pointer, const std::string &message) {
    diags_.error(loc_.value(pointer), message);
    failed_ = true;
  }
  void errorAtKey(const std::string &pointer, const std::string &message) {
    diags_.error(loc_.key(pointer), message);
    failed_ = true;
  }
  // Reports keys of `obj` outside `allowed`; false when `obj` is not an object.
  bool checkObject(const ojson &obj, const std::string &pointer, const std::string &what,
                   std::initializer_list<const char *> allowed);
  bool require(const ojson &obj, const std::string &pointer, const char *key, const std::string &what);
  std::optional<int> readInt(const ojson &v, const std::string &pointer, const std::string &what, int lo, int hi);
  std::optional<std::string> readString(const ojson &v, const std::string &pointer, const std::string &what,
                                        bool nonEmpty);
  using ElementReader = void (ModelReader::*)(const ojson &, const std::string &, TargetModel &);
  void readList(const char *section, TargetModel &m, ElementReader readElement);
  void readSlot(const ojson &v, const std::string &pointer, TargetModel &m);
  void readPool(const ojson &v, const std::string &pointer, TargetModel &m);
  void addResource(Resource r, const std::string &namePointer, TargetModel &m);
  void readOp(const std::string &pattern, const ojson &v, const std::string &pointer, TargetModel &m);
  OpEffects readEffects(const ojson &v, const std::string &pointer, const std::string &op);
  Footprint readFootprint(const ojson &v, const std::string &pointer, const std::string &op, const TargetModel &m);

  const ojson &doc_;
  JsonLocator loc_;
  bool duplicateKeys_;
  DiagnosticEngine &diags_;
  std::map<std::string, std::string> resourcePointers_;  // name → pointer of its first definition
  std::map<int, std::string> slotIdPointers_;
  std::map<std::string, size_t> opIndex_;  // pattern → its entry in ops, for 'like' without a scan
  bool failed_ = false;
};

bool ModelReader::checkObject(const ojson &obj, const std::string &pointer, const std::string &what,
                              std::initializer_list<const char *> allowed) {
  if (!obj.is_object()) {
    error(pointer, what + " must be a JSON object");
    return false;
  }
  std::string expected;
  for (const char *k : allowed) expected += std::string(expected.empty() ? "" : ", ") + k;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char *k : allowed) known |= it.key() == k;
    if (!known)
      errorAtKey(JsonLocator::child(pointer, it.key()),
                 "unknown key '" + it.key() + "' in " + what + " (expected " + expected + ")");
  }
  return true;
}

bool ModelReader::require(const ojson &obj, const std::string &pointer, const char *key, const std::string &what) {
  if (obj.contains(key)) return true;
  error(pointer, what + " has no '" + key + "'");
  return false;
}

std::optional<int> ModelReader::readInt(const ojson &v, const std::string &pointer, const std::string &what, int lo,
                                        int hi) {
  bool inRange = false;
  if (v.is_number_unsigned()) inRange = v.get<uint64_t>() >= uint64_t(lo) && v.get<uint64_t>() <= uint64_t(hi);
  else if (v.is_number_integer()) inRange = v.get<int64_t>() >= lo && v.get<int64_t>() <= hi;
  if (!inRange) {
    error(pointer, what + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                       v.dump(-1, ' ', false, ojson::error_handler_t::replace));
    return std::nullopt;
  }
  return static_cast<int>(v.get<int64_t>());
}

std::optional<std::string> ModelReader::readString(const ojson &v, const std::string &pointer, const std::string &what,
                                                   bool nonEmpty) {
  if (!v.is_string() || (nonEmpty && v.get<std::string>().empty())) {
    error(pointer, what + (nonEmpty ? " must be a non-empty string" : " must be a string"));
    return std::nullopt;
  }
  return v.get<std::string>();
}

void ModelReader::addResource(Resource r, const std::string &namePointer, TargetModel &m) {
  auto [it, inserted] = resourcePointers_.emplace(r.name, namePointer);
  if (!inserted) {
    error(namePointer, "duplicate slot or pool name '" + r.name + "' (first defined at line " +
                           std::to_string(loc_.value(it->second).begin.line) + ")");
    return;
  }
  m.resources.push_back(std::move(r));
}

void ModelReader::readList(const char *section, TargetModel &m, ElementReader readElement) {
  if (!doc_.contains(section)) return;
  const ojson &list = doc_[section];
  std::string pointer = std::string("/") + section;
  if (!list.is_array()) {
    error(pointer, std::string("'") + section + "' must be an array");
    return;
  }
  for (size_t i = 0; i < list.size(); ++i) (this->*readElement)(list[i], JsonLocator::child(pointer, i), m);
}

void ModelReader::readSlot(const ojson &v, const std::string &pointer, TargetModel &m) {
  if (!checkObject(v, pointer, "slot", {"id", "name", "kind"})) return;
  // Each require() reports its own missing key, so all three run before deciding.
  bool hasId = require(v, pointer, "id", "slot");
  bool hasName = require(v, pointer, "name", "slot");
  bool hasKind = require(v, pointer, "kind", "slot");
  if (!hasId || !hasName || !hasKind) return;
  auto id = readInt(v["id"], pointer + "/id", "slot 'id'", 1, kMaxSlotId);
  auto name = readString(v["name"], pointer + "/name", "slot 'name'", true);
  auto kind = readString(v["kind"], pointer + "/kind", "slot 'kind'", true);
  if (kind && *kind != "coarse" && *kind != "fine" && *kind != "test") {
    error(pointer + "/kind", "slot 'kind' must be \"coarse\", \"fine\" or \"test\", got \"" + *kind + "\"");
    kind.reset();
  }
  if (!id || !name || !kind) return;
  auto [it, inserted] = slotIdPointers_.emplace(*id, pointer + "/id");
  if (!inserted) {
    error(pointer + "/id", "duplicate slot id " + std::to_string(*id) + " (first used at line " +
                               std::to_string(loc_.value(it->second).begin.line) + ")");
    return;
  }
  addResource({*name, 1, true, *id, *kind}, pointer + "/name", m);
}

void ModelReader::readPool(const ojson &v, const std::string &pointer, TargetModel &m) {
  if (!checkObject(v, pointer, "pool", {"name", "capacity", "role"})) return;
  bool hasName = require(v, pointer, "name", "pool");
  bool hasCapacity = require(v, pointer, "capacity", "pool");
  if (!hasName || !hasCapacity) return;
  auto name = readString(v["name"], pointer + "/name", "pool 'name'", true);
  auto capacity = readInt(v["capacity"], pointer + "/capacity", "pool 'capacity'", 1, kMaxCapacity);
  std::optional<std::string> role = std::string();
  if (v.contains("role")) role = readString(v["role"], pointer + "/role", "pool 'role'", false);
  if (!name || !capacity || !role) return;
  addResource({*name, *capacity, false, 0, *role}, pointer + "/name", m);
}

Footprint ModelReader::readFootprint(const ojson &v, const std::string &pointer, const std::string &op,
                                     const TargetModel &m) {
  Footprint fp;
  if (!v.is_array() || v.size() > size_t(kMaxFootprintRows)) {
    error(pointer, "footprint of '" + op + "' must be an array of at most " + std::to_string(kMaxFootprintRows) +
                       " rows, each an array of slot/pool names");
    return fp;
  }
  for (size_t k = 0; k < v.size(); ++k) {
    std::string rowPointer = JsonLocator::child(pointer, k);
    if (!v[k].is_array()) {
      error(rowPointer, "footprint row " + std::to_string(k) + " of '" + op + "' must be an array of slot/pool names");
      continue;
    }
    FootprintRow row;
    bool rowOk = true;
    for (size_t e = 0; e < v[k].size(); ++e) {
      std::string namePointer = JsonLocator::child(rowPointer, e);
      auto name = readString(v[k][e], namePointer, "footprint entry", true);
      if (!name) {
        rowOk = false;
        continue;
      }
      int index = m.resourceIndex(*name);
      if (index < 0) {
        error(namePointer, "unknown slot or pool '" + *name + "' in the footprint of '" + op + "'");
        rowOk = false;
        continue;
      }
      row.push_back(index);
    }
    size_t bad = 0;
    std::string why = rowOk ? checkFootprintRow(m, row, bad) : "";
    if (!why.empty())
      error(JsonLocator::child(rowPointer, bad), "footprint of '" + op + "', row " + std::to_string(k) + ": " + why);
    fp.push_back(std::move(row));
  }
  return fp;
}

// One of `names` (a kMem*Names / kViewNames table; index 0 is "none" and never matches), or -1.
template <size_t N>
int nameIndex(const ojson &v, const char *const (&names)[N]) {
  for (size_t i = 1; v.is_string() && i < N; ++i)
    if (v.get<std::string>() == names[i]) return int(i);
  return -1;
}

// "effects": {"global": "read", "shared": "write", "barrier": "wait", ...}
OpEffects ModelReader::readEffects(const ojson &v, const std::string &pointer, const std::string &op) {
  OpEffects effects;
  if (!checkObject(v, pointer, "effects of '" + op + "'", {"global", "shared", "tensor", "barrier"})) return effects;
  for (int s = 0; s < kNumMemSpaces; ++s) {
    if (!v.contains(kMemSpaceNames[s])) continue;
    std::string p = JsonLocator::child(pointer, kMemSpaceNames[s]);
    int access = nameIndex(v[kMemSpaceNames[s]], kMemAccessNames);
    auto a = MemAccess(access < 0 ? 0 : access);
    const bool barrierOnly = a == MemAccess::Wait || a == MemAccess::Arrive;
    const bool spaceOk = (!barrierOnly || MemSpace(s) == MemSpace::Barrier) &&
                         (a != MemAccess::Alloc || MemSpace(s) == MemSpace::Shared || MemSpace(s) == MemSpace::Tensor);
    if (access < 0)
      error(p, std::string("effect on ") + kMemSpaceNames[s] + " memory of '" + op +
                   "' must be \"read\", \"write\", \"readwrite\", \"all\", \"alloc\", \"wait\" or \"arrive\"");
    else if (!spaceOk)
      error(p, std::string("effect \"") + kMemAccessNames[access] + "\" of '" + op + "' is not allowed on " +
                   kMemSpaceNames[s] +
                   " memory (\"alloc\": shared or tensor only; \"wait\", \"arrive\": barrier only)");
    else effects.access[size_t(s)] = a;
  }
  return effects;
}

void ModelReader::readOp(const std::string &pattern, const ojson &v, const std::string &pointer, TargetModel &m) {
  size_t star = pattern.find('*');
  if (pattern.empty() || (star != std::string::npos && star + 1 != pattern.size())) {
    errorAtKey(pointer, "op pattern '" + pattern + "' must be an op name or a prefix ending in a single trailing '*'");
    return;
  }
  if (!checkObject(v, pointer, "op '" + pattern + "'",
                   {"like", "latency", "footprint", "traits", "effects", "view", "unsupported"}))
    return;
  OpModel op;
  op.latency = m.defaultLatency;
  if (v.contains("like")) {
    // An entry written `like` an earlier one starts as a copy of it; its own keys override.
    auto like = readString(v["like"], pointer + "/like", "'like' of '" + pattern + "'", true);
    auto earlier = like ? opIndex_.find(*like) : opIndex_.end();
    const OpModel *base = earlier == opIndex_.end() ? nullptr : &m.ops[earlier->second];
    if (like && !base)
      error(pointer + "/like",
            "'like' of '" + pattern + "' names '" + *like + "', which is not an earlier entry of 'ops'");
    if (base) op = *base;
    op.like = like.value_or("");
    op.given = 0;
  }
  op.pattern = pattern;
  if (v.contains("latency")) {
    op.given |= KeyLatency;
    auto latency = readInt(v["latency"], pointer + "/latency", "latency of '" + pattern + "'", 0, kMaxLatency);
    if (latency) op.latency = *latency;
  }
  if (v.contains("footprint")) {
    op.given |= KeyFootprint;
    op.footprint = readFootprint(v["footprint"], pointer + "/footprint", pattern, m);
  }
  if (v.contains("traits")) {
    op.given |= KeyTraits;
    op.traits = TraitNone;
    const ojson &traits = v["traits"];
    if (!traits.is_array()) error(pointer + "/traits", "traits of '" + pattern + "' must be an array of strings");
    for (size_t i = 0; traits.is_array() && i < traits.size(); ++i) {
      std::string tp = JsonLocator::child(pointer + "/traits", i);
      unsigned bit = TraitNone;
      for (const TraitName &t : kTraitNames)
        if (traits[i].is_string() && traits[i].get<std::string>() == t.name) bit = t.trait;
      if (bit == TraitNone) {
        error(tp, "unknown trait " + traits[i].dump(-1, ' ', false, ojson::error_handler_t::replace) +
                      " (expected \"tma\", \"wgmma\" or \"async_pipeline\")");
      } else if (op.traits & bit) {
        error(tp, "trait " + traits[i].get<std::string>() + " is listed twice");
      }
      op.traits |= bit;
    }
  }
  if (v.contains("effects")) {
    op.given |= KeyEffects;
    op.effects = readEffects(v["effects"], pointer + "/effects", pattern);
  }
  if (v.contains("view")) {
    op.given |= KeyView;
    int view = nameIndex(v["view"], kViewNames);
    if (view < 0) error(pointer + "/view", "view of '" + pattern + "' must be \"alias\" or \"index\"");
    op.view = ViewKind(view < 0 ? 0 : view);
  }
  if (v.contains("unsupported")) {
    op.given |= KeyUnsupported;
    if (auto why = readString(v["unsupported"], pointer + "/unsupported", "'unsupported' of '" + pattern + "'", true))
      op.unsupported = *why;
  }
  opIndex_.emplace(op.pattern, m.ops.size());
  m.ops.push_back(std::move(op));
}

std::optional<TargetModel> ModelReader::read() {
  if (duplicateKeys_) {
    for (const JsonLocator::Member &dup : loc_.duplicates())
      diags_.error(dup.key, "duplicate key; every key may appear once per object");
    failed_ = true;
  }
  TargetModel m;
  if (!checkObject(doc_, "", "target model", {"name", "description", "default_latency", "slots", "pools", "ops"}))
    return std::nullopt;
  if (require(doc_, "", "name", "target model")) {
    if (auto name = readString(doc_["name"], "/name", "'name'", true)) m.name = *name;
  }
  if (doc_.contains("description")) {
    if (auto d = readString(doc_["description"], "/description", "'description'", false)) m.description = *d;
  }
  if (doc_.contains("default_latency")) {
    if (auto l = readInt(doc_["default_latency"], "/default_latency", "'default_latency'", 0, kMaxLatency))
      m.defaultLatency = *l;
  }
  readList("slots", m, &ModelReader::readSlot);
  readList("pools", m, &ModelReader::readPool);
  if (doc_.contains("ops")) {
    const ojson &ops = doc_["ops"];
    if (!ops.is_object()) error("/ops", "'ops' must be an object mapping op names or patterns to entries");
    for (auto it = ops.begin(); ops.is_object() && it != ops.end(); ++it)
      readOp(it.key(), it.value(), JsonLocator::child("/ops", it.key()), m);
  }
  if (failed_) return std::nullopt;
  return m;
}

}  // namespace

std::optional<TargetModel> parseTargetModel(std::string_view json, DiagnosticEngine &diags) {
  // Size and shape are checked before parsing (docs/decisions.md, "Limits").
  if (json.size() > kMaxModelBytes) {
    diags.error(SourceRange::at({1, 1}), "the model is larger than " + std::to_string(kMaxModelBytes >> 20) + " MiB (" +
                                             std::to_string(kMaxModelBytes) + " bytes, the model size limit)");
    return std::nullopt;
  }
  LineIndex lines(json);
  const JsonShapeProblem shape = checkJsonShape(json);
  if (shape.offset != std::string_view::npos) {
    diags.error(lines.range(shape.offset, shape.offset + 1), shape.message);
    return std::nullopt;
  }
  DuplicateKeyWatch watch;
  ojson doc = ojson::parse(json, std::ref(watch), false);
  if (doc.is_discarded()) {
    SyntaxErrorProbe probe;
    ojson::sax_parse(json, &probe);
    size_t at = std::min(probe.position > 0 ? probe.position - 1 : 0, json.size());
    diags.error(lines.range(at, at + 1), "invalid JSON: " + syntaxMessage(probe.message));
    return std::nullopt;
  }
  return ModelReader(json, doc, watch.found(), diags).read();
}

}  // namespace tilesched
