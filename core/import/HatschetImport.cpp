// HatScheT graph + resource model -> a self-contained tilesched snippet (SPEC §3.1):
//   * every limited resource that occupies slots becomes a pool `hls_<name>` of capacity
//     `limit` (module attribute sched.pools); its ops list it in `blockingTime` footprint rows;
//   * every node becomes one `"hls.<resource>"() : () -> ()` op labelled `n<id>`;
//   * every edge i->j becomes `sched.deps` on op j with its own latency
//     latency(resource(i)) + delay and iteration distance, so the scheduler's
//     cycle(j) >= cycle(i) + latency - II * distance is HatScheT's
//     S[j] + distance * II >= S[i] + latency(resource(i)) + delay.
#include "import/HatschetImport.h"

#include <algorithm>
#include <map>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "import/HatschetReader.h"
#include "support/Limits.h"

namespace tilesched {

namespace {

// MLIR bare identifiers: [A-Za-z_][A-Za-z0-9_]*; anything else becomes '_'.
std::string sanitize(std::string_view s) {
  std::string out;
  for (char c : s)
    out += ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') ? c : '_';
  if (out.empty()) out.push_back('_');
  return out;
}

// Distinct sanitized names, first come first served, in a deterministic order. Each base
// remembers the next suffix to try, so n names that sanitize alike cost O(n), not O(n^2)
// probes (30 000 such GraphML ids once took a minute).
class NameTable {
public:
  std::string unique(const std::string &base) {
    int &next = nextSuffix_[base];
    std::string name = base;
    if (next == 0) next = 2;
    else name = base + "_" + std::to_string(next++);
    while (!used_.insert(name).second) name = base + "_" + std::to_string(next++);
    return name;
  }

private:
  std::unordered_set<std::string> used_;
  std::unordered_map<std::string, int> nextSuffix_;
};

std::string escapeString(std::string_view s) {
  static const char *hex = "0123456789ABCDEF";
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += (char)c;
    } else if (c < 0x20 || c == 0x7f) {
      out += '\\';
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += (char)c;
    }
  }
  return out + "\"";
}

// For `//` comments: one line, whatever the name holds.
std::string printable(std::string_view s) {
  std::string out;
  for (unsigned char c : s) out += (c < 0x20 || c == 0x7f) ? '?' : (char)c;
  return out;
}

std::string fileName(const std::string &path) { return path.substr(path.find_last_of("/\\") + 1); }

std::string baseName(const std::string &path) {
  std::string name = fileName(path);
  const size_t dot = name.find('.');
  if (dot != std::string::npos && dot > 0) name.resize(dot);
  std::string id = sanitize(name);
  if (id[0] >= '0' && id[0] <= '9') id.insert(id.begin(), 'g');
  return id;
}

struct Dep {
  int src = 0;
  int latency = 0;
  int distance = 0;
};

class SnippetWriter {
public:
  SnippetWriter(const std::vector<HatschetResource> &resources, const HatschetGraph &graph,
                const std::string &graphName, const std::string &modelName)
      : resources_(resources), graph_(graph), graphName_(graphName), modelName_(modelName) {}

  std::string write() {
    nameResources();
    nameNodes();
    collectDeps();
    std::string out;
    out += "// Imported from HatScheT " + printable(fileName(graphName_)) + " + " + printable(fileName(modelName_)) +
           " by `tilesched import-hatschet`.\n";
    out +=
        "// Edge i->j: S[j] + distance*II >= S[i] + latency(resource(i)) + delay, written on\n"
        "// op j as sched.deps [\"@n<i>\", latency(resource(i)) + delay, distance].\n";
    if (mergedEdges_ > 0)
      out += "// " + std::to_string(mergedEdges_) +
             " parallel edge(s) with the same ends and distance were merged into the one with "
             "the largest latency.\n";
    out += "// Resources (HatScheT name: limit, latency, blockingTime -> tilesched):\n";
    for (size_t r = 0; r < resources_.size(); ++r) {
      const HatschetResource &res = resources_[r];
      out += "//   \"" + printable(res.name) + "\": " + std::to_string(res.limit) + ", " + std::to_string(res.latency) +
             ", " + std::to_string(res.blockingTime) + " -> op " + opName_[r];
      if (!used_[r]) out += ", unused";
      else if (res.occupies()) out += ", pool " + poolName_[r];
      else out += ", no occupancy";
      out += "\n";
    }
    out += "module attributes {sched.pools = {";
    bool first = true;
    for (size_t r = 0; r < resources_.size(); ++r) {
      if (!used_[r] || !resources_[r].occupies()) continue;
      out += (first ? "" : ", ") + poolName_[r] + " = " + std::to_string(resources_[r].limit) + " : i32";
      first = false;
    }
    out += "}} {\n";
    out += "  func.func @" + baseName(graphName_) + "(%n: index) {\n";
    out += "    %c0 = arith.constant 0 : index\n";
    out += "    %c1 = arith.constant 1 : index\n";
    out += "    scf.for %i = %c0 to %n step %c1 {\n";
    for (int node : programOrder()) writeOp(node, out);
    out += "      scf.yield\n    }\n    return\n  }\n}\n";
    return out;
  }

private:
  void nameResources() {
    NameTable names;
    used_.assign(resources_.size(), false);
    for (const HatschetNode &n : graph_.nodes) used_[n.resource] = true;
    for (const HatschetResource &r : resources_) {
      const std::string base = names.unique(sanitize(r.name));
      opName_.push_back("hls." + base);
      poolName_.push_back("hls_" + base);
    }
  }

  void nameNodes() {
    NameTable names;
    for (const HatschetNode &n : graph_.nodes) {
      std::string base(1, 'n');
      base += sanitize(n.id);
      label_.push_back(names.unique(base));
    }
  }

  // One dependence per (src, dst, distance), as the dependence graph keeps them (SPEC §4.1);
  // parallel HatScheT edges keep the tightest, i.e. largest, latency.
  void collectDeps() {
    deps_.assign(graph_.nodes.size(), {});
    std::map<std::tuple<int, int, int>, int> seen;  // (src, dst, distance) -> index in deps_[dst]
    for (const HatschetEdge &e : graph_.edges) {
      const int latency = resources_[graph_.nodes[e.src].resource].latency + e.delay;
      auto key = std::make_tuple(e.src, e.dst, e.distance);
      auto it = seen.find(key);
      if (it != seen.end()) {
        Dep &d = deps_[e.dst][it->second];
        d.latency = std::max(d.latency, latency);
        ++mergedEdges_;
        continue;
      }
      seen.emplace(key, (int)deps_[e.dst].size());
      deps_[e.dst].push_back({e.src, latency, e.distance});
    }
  }

  // Topological over distance-0 edges, lowest document index first, so every same-iteration
  // dependence points backwards in program order; ops on a distance-0 cycle (which no schedule
  // satisfies) follow in document order and the scheduler names the cycle.
  std::vector<int> programOrder() const {
    const int n = (int)graph_.nodes.size();
    std::vector<int> indegree(n, 0);
    std::vector<std::vector<int>> succ(n);
    for (int dst = 0; dst < n; ++dst)
      for (const Dep &d : deps_[dst])
        if (d.distance == 0 && d.src != dst) {
          succ[d.src].push_back(dst);
          ++indegree[dst];
        }
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    for (int v = 0; v < n; ++v)
      if (indegree[v] == 0) ready.push(v);
    std::vector<int> order;
    std::vector<bool> placed(n, false);
    while (!ready.empty()) {
      const int v = ready.top();
      ready.pop();
      order.push_back(v);
      placed[v] = true;
      for (int w : succ[v])
        if (--indegree[w] == 0) ready.push(w);
    }
    for (int v = 0; v < n; ++v)
      if (!placed[v]) order.push_back(v);
    return order;
  }

  void writeOp(int v, std::string &out) const {
    const HatschetNode &node = graph_.nodes[v];
    const HatschetResource &res = resources_[node.resource];
    out += "      \"" + opName_[node.resource] + "\"() {sched.label = \"" + label_[v] +
           "\", sched.latency = " + std::to_string(res.latency) + " : i32, sched.footprint = [";
    if (res.occupies())
      for (int k = 0; k < res.blockingTime; ++k)
        out += (k ? ", " : "") + std::string("[\"") + poolName_[node.resource] + "\"]";
    out += "]";
    if (!deps_[v].empty()) {
      out += ", sched.deps = [";
      for (size_t i = 0; i < deps_[v].size(); ++i) {
        const Dep &d = deps_[v][i];
        out += (i ? ", " : "") + std::string("[\"@") + label_[d.src] + "\", " + std::to_string(d.latency) + ", " +
               std::to_string(d.distance) + "]";
      }
      out += "]";
    }
    out += ", hls.id = " + escapeString(node.id) + ", hls.name = " + escapeString(node.name) + "} : () -> ()\n";
  }

  const std::vector<HatschetResource> &resources_;
  const HatschetGraph &graph_;
  const std::string &graphName_;
  const std::string &modelName_;
  std::vector<bool> used_;
  std::vector<std::string> opName_, poolName_;  // per resource
  std::vector<std::string> label_;              // per node
  std::vector<std::vector<Dep>> deps_;          // per destination node, edge document order
  int mergedEdges_ = 0;
};

// The scheduler refuses a cycle of distance-0 dependences (no schedule satisfies it), so the
// import does too, at the edge that closes it: Kahn's walk over the distance-0 edges leaves the
// nodes on or behind a cycle, and walking back along their remaining edges finds one.
bool refuseDistanceZeroCycle(const HatschetGraph &graph, DiagnosticEngine &diags) {
  const int n = static_cast<int>(graph.nodes.size());
  std::vector<int> indegree(n, 0);
  std::vector<std::vector<int>> succ(n), pred(n);  // edge indices
  for (int e = 0; e < static_cast<int>(graph.edges.size()); ++e)
    if (graph.edges[e].distance == 0) {
      succ[graph.edges[e].src].push_back(e);
      pred[graph.edges[e].dst].push_back(e);
      ++indegree[graph.edges[e].dst];
    }
  std::vector<int> ready;
  for (int v = 0; v < n; ++v)
    if (indegree[v] == 0) ready.push_back(v);
  std::vector<bool> placed(n, false);
  while (!ready.empty()) {
    const int v = ready.back();
    ready.pop_back();
    placed[v] = true;
    for (int e : succ[v])
      if (--indegree[graph.edges[e].dst] == 0) ready.push_back(graph.edges[e].dst);
  }
  int v = 0;
  while (v < n && placed[v]) ++v;
  if (v == n) return false;
  // Every unplaced node has an edge from an unplaced node: walk them back until one repeats.
  std::vector<int> seenAt(n, -1), path;  // path of edges, newest last
  while (seenAt[v] < 0) {
    seenAt[v] = static_cast<int>(path.size());
    const int e = *std::find_if(pred[v].begin(), pred[v].end(), [&](int x) { return !placed[graph.edges[x].src]; });
    path.push_back(e);
    v = graph.edges[e].src;
  }
  std::string cycle = graph.nodes[v].id;
  for (size_t i = path.size(); i-- > static_cast<size_t>(seenAt[v]);)
    cycle += " -> " + graph.nodes[graph.edges[path[i]].dst].id;
  diags.error(graph.edges[path[seenAt[v]]].range, "this edge closes a dependence cycle with iteration distance 0 (" +
                                                      cycle + "); no schedule can satisfy it");
  return true;
}

}  // namespace

std::optional<std::string> importHatschet(std::string_view graphml, std::string_view resourceXml,
                                          const std::string &graphName, const std::string &modelName,
                                          DiagnosticEngine &graphDiags, DiagnosticEngine &modelDiags) {
  auto resources = readHatschetResources(resourceXml, modelDiags);
  auto graph = readHatschetGraph(graphml, resources ? &*resources : nullptr, graphDiags);
  if (!resources || !graph) return std::nullopt;
  if (graph->nodes.empty()) {
    graphDiags.error(SourceRange::at({1, 1}), "the graph has no nodes: there is no loop body");
    return std::nullopt;
  }
  if (refuseDistanceZeroCycle(*graph, graphDiags)) return std::nullopt;
  if (graph->nodes.size() > kMaxOperations) {
    graphDiags.error(graph->nodes[kMaxOperations].range, "the graph has " + std::to_string(graph->nodes.size()) +
                                                             " nodes; the scheduler reads at most " +
                                                             std::to_string(kMaxOperations) + " operations per input");
    return std::nullopt;
  }
  return SnippetWriter(*resources, *graph, graphName, modelName).write();
}

}  // namespace tilesched
