#include "import/HatschetReader.h"

#include <charconv>
#include <unordered_map>

#include "import/XmlDocument.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

// Keeps sums like latency + delay and II * distance far from int overflow.
constexpr long long kMaxMagnitude = 1000000;
// The snippet writes one footprint row per blocked cycle; HatScheT's models block for 0 or 1.
constexpr int kMaxBlockingTime = 1024;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// HatScheT drops every space from names it reads from GraphML (GraphMLGraphReader); line
// breaks go too, since XML whitespace normalisation turns them into spaces.
std::string withoutSpaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out += c;
  return out;
}

std::optional<int> parseInt(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  if (v > kMaxMagnitude || v < -kMaxMagnitude) return std::nullopt;
  return (int)v;
}

std::string quoted(std::string_view s) {
  std::string out(1, '\'');
  out += s;
  out += '\'';
  return out;
}

// --- resource model -------------------------------------------------------------------------

class ModelReader {
public:
  ModelReader(const XmlDocument &doc, DiagnosticEngine &diags) : doc_(doc), diags_(diags) {}

  std::optional<std::vector<HatschetResource>> read() {
    const std::vector<XmlElement> &roots = doc_.root().children;
    if (roots.empty()) {
      diags_.error(SourceRange::at({1, 1}), "the resource model has no root element");
      return std::nullopt;
    }
    for (const XmlElement &element : roots) walk(element.name, element);
    if (!diags_.hasErrors() && resources_.empty())
      diags_.error(doc_.elementRange(roots.front()),
                   "the resource model lists no <Resource name=... limit=... latency=... "
                   "blockingTime=...> elements");
    if (diags_.hasErrors()) return std::nullopt;
    return std::move(resources_);
  }

private:
  void walk(const std::string &tag, const XmlElement &element) {
    if (tag == "Resource" || tag == "resource") {
      readResource(element);
      return;  // <Cost> children carry FPGA area, not scheduling data
    }
    if (tag == "rt" || tag == "ReservationTable") {
      diags_.error(doc_.elementRange(element), "reservation tables (<" + tag +
                                                   ">) are not supported; describe each "
                                                   "resource with limit, latency and blockingTime instead");
      return;
    }
    for (const XmlElement &child : element.children) walk(child.name, child);
  }

  std::optional<int> intAttribute(const XmlElement &element, const std::string &resource, const char *attr) {
    auto value = XmlDocument::attribute(element, attr);
    if (!value) {
      diags_.error(doc_.elementRange(element), "resource " + quoted(resource) + " has no " + attr + " attribute");
      return std::nullopt;
    }
    if (std::string(attr) == "limit" && trim(*value) == "inf") return -1;  // HatScheT spelling
    auto v = parseInt(*value);
    if (!v)
      diags_.error(doc_.attributeRange(element, attr),
                   "resource " + quoted(resource) + ": " + attr + " must be an integer, got " + quoted(*value));
    return v;
  }

  void readResource(const XmlElement &element) {
    auto name = XmlDocument::attribute(element, "name");
    if (!name || trim(*name).empty()) {
      diags_.error(doc_.elementRange(element), "a <Resource> has no name attribute");
      return;
    }
    HatschetResource r;
    // Names are compared without whitespace on both sides: HatScheT strips spaces from the
    // GraphML side, and XML may wrap a name (`&#xA;` in an attribute, a line break in text).
    r.name = withoutSpaces(*name);
    r.range = doc_.elementRange(element);
    auto limit = intAttribute(element, r.name, "limit");
    auto latency = intAttribute(element, r.name, "latency");
    auto blocking = intAttribute(element, r.name, "blockingTime");
    if (!limit || !latency || !blocking) return;
    if (*limit == 0 || *limit < -1) {
      diags_.error(doc_.attributeRange(element, "limit"), "resource " + quoted(r.name) +
                                                              ": limit must be -1 (unlimited) or at least 1, "
                                                              "got " +
                                                              std::to_string(*limit));
      return;
    }
    if (*latency < 0 || *blocking < 0) {
      const char *attr = *latency < 0 ? "latency" : "blockingTime";
      diags_.error(doc_.attributeRange(element, attr),
                   "resource " + quoted(r.name) + ": " + attr + " must not be negative");
      return;
    }
    // What the snippet's sched.latency and sched.pools accept (support/Limits.h).
    if (*latency > kMaxLatency || *limit > kMaxCapacity) {
      const bool lat = *latency > kMaxLatency;
      diags_.error(doc_.attributeRange(element, lat ? "latency" : "limit"),
                   "resource " + quoted(r.name) + ": " + (lat ? "latency " : "limit ") +
                       std::to_string(lat ? *latency : *limit) + " exceeds " +
                       std::to_string(lat ? kMaxLatency : kMaxCapacity) + ", the scheduler's limit");
      return;
    }
    if (*blocking > kMaxBlockingTime) {
      diags_.error(doc_.attributeRange(element, "blockingTime"),
                   "resource " + quoted(r.name) + ": blockingTime " + std::to_string(*blocking) + " exceeds " +
                       std::to_string(kMaxBlockingTime) + " (one footprint row is written per blocked cycle)");
      return;
    }
    r.limit = *limit;
    r.latency = *latency;
    r.blockingTime = *blocking;
    auto [it, inserted] = byName_.emplace(r.name, (int)resources_.size());
    if (!inserted) {
      diags_.error(r.range, "resource " + quoted(r.name) + " is defined twice");
      diags_.note(resources_[it->second].range, "first definition of " + quoted(r.name));
      return;
    }
    resources_.push_back(std::move(r));
  }

  const XmlDocument &doc_;
  DiagnosticEngine &diags_;
  std::vector<HatschetResource> resources_;
  std::unordered_map<std::string, int> byName_;
};

// --- GraphML --------------------------------------------------------------------------------

struct KeyDecl {
  std::string name;    // attr.name, or the id when absent
  std::string domain;  // the `for` attribute: node | edge | all | ...
  std::optional<std::string> defaultValue;
};

struct DataField {
  std::string name;
  std::string value;
  const XmlElement *element = nullptr;
};

class GraphReader {
public:
  GraphReader(const XmlDocument &doc, const std::vector<HatschetResource> *resources, DiagnosticEngine &diags)
      : doc_(doc), resources_(resources), diags_(diags) {
    if (resources_)
      for (size_t r = 0; r < resources_->size(); ++r) resourceIndex_.emplace((*resources_)[r].name, (int)r);
  }

  std::optional<HatschetGraph> read() {
    const std::vector<XmlElement> &roots = doc_.root().children;
    if (roots.empty() || roots.front().name != "graphml") {
      diags_.error(roots.empty() ? SourceRange::at({1, 1}) : doc_.elementRange(roots.front()),
                   roots.empty() ? std::string("the GraphML file has no root element")
                                 : "expected a <graphml> root element, found <" + roots.front().name + ">");
      return std::nullopt;
    }
    std::vector<const XmlElement *> graphs;
    for (const XmlElement &element : roots.front().children) {
      if (element.name == "key") readKey(element);
      else if (element.name == "graph") graphs.push_back(&element);
    }
    if (graphs.empty()) {
      diags_.error(doc_.elementRange(roots.front()), "the GraphML file has no <graph>");
      return std::nullopt;
    }
    if (graphs.size() > 1)
      diags_.error(doc_.elementRange(*graphs[1]), "only one <graph> per GraphML file is supported (one loop per file)");
    readGraph(*graphs.front());
    if (diags_.hasErrors()) return std::nullopt;
    return std::move(graph_);
  }

private:
  void readKey(const XmlElement &element) {
    auto id = XmlDocument::attribute(element, "id");
    if (!id) {
      diags_.error(doc_.elementRange(element), "a GraphML <key> has no id attribute");
      return;
    }
    KeyDecl key;
    key.name = XmlDocument::attribute(element, "attr.name").value_or(*id);
    key.domain = XmlDocument::attribute(element, "for").value_or("all");
    for (const XmlElement &child : element.children)
      if (child.name == "default") key.defaultValue = child.text;
    auto [it, inserted] = keyIndex_.emplace(*id, (int)keys_.size());
    if (!inserted) {
      diags_.error(doc_.attributeRange(element, "id"), "GraphML key " + quoted(*id) + " is declared twice");
      return;
    }
    keysByName_[key.name].push_back((int)keys_.size());
    keys_.push_back(std::move(key));
  }

  // `<data key="d3">` names the declared attr.name; undeclared keys are the name itself, as in
  // HatScheT's own files.
  std::vector<DataField> fields(const XmlElement &element) {
    std::vector<DataField> out;
    for (const XmlElement &child : element.children) {
      if (child.name != "data") continue;
      auto key = XmlDocument::attribute(child, "key");
      if (!key) {
        diags_.error(doc_.elementRange(child), "a <data> element has no key attribute");
        continue;
      }
      auto decl = keyIndex_.find(*key);
      out.push_back({decl == keyIndex_.end() ? *key : keys_[decl->second].name, child.text, &child});
    }
    return out;
  }

  // The value of the first of `names` present on the element, else a declared default.
  // Two spellings with different values, or one given twice, are ambiguous.
  std::optional<DataField> field(const std::vector<DataField> &fs, std::initializer_list<const char *> names,
                                 const std::string &domain, const std::string &what) {
    std::optional<DataField> found;
    for (const DataField &f : fs)
      for (const char *n : names)
        if (f.name == n) {
          if (found && trim(found->value) != trim(f.value)) {
            diags_.error(doc_.elementRange(*f.element), what + " gives " + found->name + " = " +
                                                            quoted(trim(found->value)) + " and " + f.name + " = " +
                                                            quoted(trim(f.value)));
            return found;
          }
          if (!found) found = f;
        }
    if (found) return found;
    for (const char *n : names) {
      auto declared = keysByName_.find(n);
      if (declared == keysByName_.end()) continue;
      for (int k : declared->second) {
        const KeyDecl &decl = keys_[k];
        if (decl.defaultValue && (decl.domain == domain || decl.domain == "all"))
          return DataField{decl.name, *decl.defaultValue, nullptr};
      }
    }
    return std::nullopt;
  }

  SourceRange rangeOf(const DataField &f, const XmlElement &owner) const {
    return doc_.elementRange(f.element ? *f.element : owner);
  }

  void readGraph(const XmlElement &graph) {
    if (XmlDocument::attribute(graph, "edgedefault").value_or("directed") == "undirected")
      diags_.error(doc_.attributeRange(graph, "edgedefault"),
                   "undirected graphs are not supported: dependence edges need a direction");
    // Nodes first, whatever the document order, so edges may precede the nodes they join.
    for (const XmlElement &element : graph.children) {
      if (element.name == "node") readNode(element);
      else if (element.name == "hyperedge")
        diags_.error(doc_.elementRange(element), "GraphML hyperedges are not supported");
    }
    for (const XmlElement &element : graph.children)
      if (element.name == "edge") readEdge(element);
  }

  void readNode(const XmlElement &element) {
    auto id = XmlDocument::attribute(element, "id");
    if (!id) {
      diags_.error(doc_.elementRange(element), "a <node> has no id attribute");
      return;
    }
    if (*id == "modsched_info") return;  // HatScheT's schedule annotation, not an operation
    HatschetNode node;
    node.id = *id;
    node.range = doc_.elementRange(element);
    const std::string what = "node " + quoted(node.id);
    for (const XmlElement &child : element.children)
      if (child.name == "graph")
        diags_.error(doc_.elementRange(child), what + " holds a nested <graph>; hierarchical graphs are not supported");
    auto fs = fields(element);
    auto name = field(fs, {"name"}, "node", what);
    node.name = name ? withoutSpaces(name->value) : node.id;
    auto resource = field(fs, {"uses_resource"}, "node", what);
    if (!resource) {
      diags_.error(node.range, what + " has no uses_resource data");
    } else if (resources_) {
      const std::string resName = withoutSpaces(resource->value);
      auto it = resourceIndex_.find(resName);
      if (it != resourceIndex_.end()) node.resource = it->second;
      else
        diags_.error(rangeOf(*resource, element),
                     what + " uses resource " + quoted(resName) + ", which the resource model does not define");
    }
    auto [it, inserted] = nodeIndex_.emplace(node.id, (int)graph_.nodes.size());
    if (!inserted) {
      diags_.error(node.range, "node id " + quoted(node.id) + " is used twice");
      diags_.note(graph_.nodes[it->second].range, "first node with id " + quoted(node.id));
      return;
    }
    graph_.nodes.push_back(std::move(node));
  }

  std::optional<int> endpoint(const XmlElement &element, const char *attr, const std::string &what) {
    auto id = XmlDocument::attribute(element, attr);
    if (!id) {
      diags_.error(doc_.elementRange(element), what + " has no " + attr + " attribute");
      return std::nullopt;
    }
    auto it = nodeIndex_.find(*id);
    if (it == nodeIndex_.end()) {
      diags_.error(doc_.attributeRange(element, attr),
                   what + " " + attr + " " + quoted(*id) + " is not a node of the graph");
      return std::nullopt;
    }
    return it->second;
  }

  std::optional<int> intField(const XmlElement &element, const std::vector<DataField> &fs,
                              std::initializer_list<const char *> names, const std::string &what, bool boolAllowed) {
    auto f = field(fs, names, "edge", what);
    if (!f) {
      std::string spelled;
      for (const char *n : names) spelled += (spelled.empty() ? "" : " or ") + std::string(n);
      diags_.error(doc_.elementRange(element), what + " has no " + spelled + " data");
      return std::nullopt;
    }
    const std::string_view text = trim(f->value);
    if (boolAllowed && (text == "true" || text == "false")) return text == "true" ? 1 : 0;
    auto v = parseInt(text);
    if (!v) diags_.error(rangeOf(*f, element), what + ": " + f->name + " must be an integer, got " + quoted(text));
    return v;
  }

  void readEdge(const XmlElement &element) {
    auto edgeId = XmlDocument::attribute(element, "id");
    const std::string what =
        "edge " + quoted(edgeId.value_or(XmlDocument::attribute(element, "source").value_or("?") + "->" +
                                         XmlDocument::attribute(element, "target").value_or("?")));
    if (XmlDocument::attribute(element, "directed").value_or("true") == "false")
      diags_.error(doc_.attributeRange(element, "directed"),
                   what + " is undirected; dependence edges need a direction");
    auto src = endpoint(element, "source", what);
    auto dst = endpoint(element, "target", what);
    auto fs = fields(element);
    // HatScheT accepts both spellings of each (GraphMLGraphReader; benchmarks README).
    auto delay = intField(element, fs, {"delay", "latency"}, what, false);
    auto distance = intField(element, fs, {"distance", "backward"}, what, true);
    if (!src || !dst || !delay || !distance) return;
    if (*distance < 0) {
      diags_.error(doc_.elementRange(element),
                   what + " has distance " + std::to_string(*distance) + "; iteration distances cannot be negative");
      return;
    }
    // The snippet writes latency(resource(src)) + delay as a sched.deps latency, which the
    // scheduler takes in [0, kMaxDepValue]: refuse here, pointing at the delay, what it would
    // refuse there.
    const int srcResource = graph_.nodes[*src].resource;
    if (resources_ && srcResource >= 0) {
      const long long latency = (long long)(*resources_)[srcResource].latency + *delay;
      if (latency < 0 || latency > kMaxDepValue || *distance > kMaxDepValue) {
        auto delayField = field(fs, {"delay", "latency"}, "edge", what);
        const bool badDistance = latency >= 0 && latency <= kMaxDepValue;
        diags_.error(badDistance ? doc_.elementRange(element) : rangeOf(*delayField, element),
                     badDistance ? what + " has distance " + std::to_string(*distance) +
                                       "; the scheduler takes at most " + std::to_string(kMaxDepValue)
                                 : what + ": latency " + std::to_string((*resources_)[srcResource].latency) +
                                       " of resource " + quoted((*resources_)[srcResource].name) + " + delay " +
                                       std::to_string(*delay) + " = " + std::to_string(latency) +
                                       "; a dependence latency must be in [0, " + std::to_string(kMaxDepValue) + "]");
        return;
      }
    }
    graph_.edges.push_back({*src, *dst, *delay, *distance, doc_.elementRange(element)});
  }

  const XmlDocument &doc_;
  const std::vector<HatschetResource> *resources_;
  DiagnosticEngine &diags_;
  std::vector<KeyDecl> keys_;                                     // declaration order
  std::unordered_map<std::string, int> keyIndex_;                 // key id -> keys_ index
  std::unordered_map<std::string, std::vector<int>> keysByName_;  // attr.name -> keys_ indices
  std::unordered_map<std::string, int> resourceIndex_;
  std::unordered_map<std::string, int> nodeIndex_;
  HatschetGraph graph_;
};

}  // namespace

std::optional<std::vector<HatschetResource>> readHatschetResources(std::string_view xml, DiagnosticEngine &diags) {
  auto doc = XmlDocument::parse(xml, diags);
  if (!doc) return std::nullopt;
  return ModelReader(*doc, diags).read();
}

std::optional<HatschetGraph> readHatschetGraph(std::string_view graphml, const std::vector<HatschetResource> *resources,
                                               DiagnosticEngine &diags) {
  auto doc = XmlDocument::parse(graphml, diags);
  if (!doc) return std::nullopt;
  return GraphReader(*doc, resources, diags).read();
}

}  // namespace tilesched
