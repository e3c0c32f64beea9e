#include "graph/DependenceGraph.h"

#include "graph/EffectEdges.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "support/Limits.h"
#include "support/Sort.h"

namespace tilesched {

const char *edgeKindName(EdgeKind k) {
  switch (k) {
  case EdgeKind::Data: return "data";
  case EdgeKind::Carried: return "carried";
  case EdgeKind::Token: return "token";
  case EdgeKind::Explicit: return "explicit";
  case EdgeKind::Memory: return "memory";
  case EdgeKind::Barrier: return "barrier";
  case EdgeKind::Nested: return "nested";
  case EdgeKind::Lifetime: return "lifetime";
  }
  return "data";
}

const char *depthSourceName(Ring::Depth d) {
  switch (d) {
  case Ring::Depth::LeadingDimension: return "leading_dimension";
  case Ring::Depth::Rotation: return "rotation";
  case Ring::Depth::Aref: return "aref";
  }
  return "leading_dimension";
}

namespace {

class GraphBuilder {
public:
  GraphBuilder(const ScheduledBlock &block, const std::vector<OpResources> &resources, DiagnosticEngine &diags,
               const TypeAliases &aliases, const TargetModel *model)
      : block_(block), resources_(resources), diags_(diags), aliases_(aliases), model_(model) {
    for (size_t i = 0; i < block.ops.size(); ++i) nodeOf_[block.ops[i]] = static_cast<int>(i);
  }

  DependenceGraph build() {
    collectLabels();
    for (size_t i = 0; i < block_.ops.size(); ++i) addSsaEdges(static_cast<int>(i));
    // A nested loop runs to completion before its next instance starts (docs/decisions.md,
    // "Nested loops"): the op follows itself at distance 1 by its whole latency.
    for (size_t i = 0; i < block_.ops.size() && block_.isLoop; ++i)
      if (resources_[i].oneAtATime) addEdge(int(i), int(i), latencyOf(int(i)), 1, EdgeKind::Nested);
    for (size_t i = 0; i < block_.ops.size(); ++i) addExplicitEdges(static_cast<int>(i));
    std::vector<Ring> rings;
    if (model_) {
      EffectOrder order = buildEffectEdges(block_, resources_, *model_, aliases_, diags_);
      for (const DepEdge &e : order.edges)
        ssa_.try_emplace(Key{e.src, e.dst, e.distance}, e);  // a value edge between the same ops keeps its kind
      rings = std::move(order.rings);
    }
    DependenceGraph g = finish();
    g.rings = std::move(rings);
    return g;
  }

private:
  using Key = std::tuple<int, int, int>;  // (src, dst, distance)

  int latencyOf(int node) const { return resources_[node].latency; }

  // The node of the scheduled block whose op is, or contains, `op`.
  int nodeContaining(const Operation *op) const {
    while (op) {
      if (auto it = nodeOf_.find(op); it != nodeOf_.end()) return it->second;
      op = op->parentOp();
    }
    return -1;
  }

  void addEdge(int src, int dst, int latency, int distance, EdgeKind kind) {
    auto [it, inserted] = ssa_.try_emplace(Key{src, dst, distance}, DepEdge{src, dst, latency, distance, kind});
    if (!inserted) it->second.latency = std::max(it->second.latency, latency);
  }

  // Uses by an op count for the op of the block that contains it (nested regions belong to
  // their parent op; seed 003: the scheduler sees the block's operations).
  void addSsaEdges(int node) {
    std::vector<Value *> uses;
    walkOps(*block_.ops[node], [&](Operation &op) {
      for (Value *v : op.operands) uses.push_back(v);
    });
    for (Value *v : uses) {
      if (v->definingOp) {
        int src = nodeContaining(v->definingOp);
        if (src < 0 || src == node) continue;  // defined outside the block, or inside this op
        const bool token = isTokenType(aliases_.resolve(v->type));
        addEdge(src, node, latencyOf(src), 0, token ? EdgeKind::Token : EdgeKind::Data);
      } else if (block_.loop.nextIterationValue(v)) {
        addCarriedEdges(v, node);
      }
    }
  }

  // Carried value k of iteration i+1 is operand k of the yield / continue of iteration i
  // (SPEC §2; ir/OpKinds). An operand that is itself a carried value passes the value through
  // one more iteration.
  void addCarriedEdges(Value *arg, int node) {
    int distance = 1;
    std::set<Value *> seen;
    Value *v = arg;
    while (v && seen.insert(v).second) {
      Value *y = block_.loop.nextIterationValue(v);
      if (!y) return;
      if (y->definingOp) {
        int src = nodeContaining(y->definingOp);
        if (src >= 0) addEdge(src, node, latencyOf(src), distance, EdgeKind::Carried);
        return;
      }
      v = y;
      ++distance;
    }
  }

  void collectLabels() {
    for (size_t i = 0; i < block_.ops.size(); ++i) {
      const Attribute *label = block_.ops[i]->lookupAttr("sched.label");
      if (!label) continue;
      if (label->kind != Attribute::Kind::String || label->text.empty()) {
        diags_.error(label->range, "'sched.label' must be a non-empty string, e.g. sched.label = \"st0\"");
        continue;
      }
      auto [it, inserted] = labels_.try_emplace(label->text, static_cast<int>(i));
      if (!inserted)
        diags_.error(label->range, "duplicate sched.label \"" + label->text + "\" (first on line " +
                                       std::to_string(block_.ops[it->second]->range.begin.line) + ")");
    }
  }

  // sched.deps = [["%x", latency, distance], ["@label", latency, distance]] (SPEC §2.1).
  void addExplicitEdges(int node) {
    const Attribute *deps = block_.ops[node]->lookupAttr("sched.deps");
    if (!deps) return;
    const char *shape = "'sched.deps' must be an array of [\"%value\" or \"@label\", latency, distance] triples";
    if (deps->kind != Attribute::Kind::Array) {
      diags_.error(deps->range, shape);
      return;
    }
    for (const Attribute &dep : deps->elements) {
      if (dep.kind != Attribute::Kind::Array || dep.elements.size() != 3 ||
          dep.elements[0].kind != Attribute::Kind::String || !dep.elements[1].asInt() || !dep.elements[2].asInt()) {
        diags_.error(dep.range, shape);
        continue;
      }
      const std::string &ref = dep.elements[0].text;
      int64_t latency = *dep.elements[1].asInt(), distance = *dep.elements[2].asInt();
      if (latency < 0 || latency > kMaxDepValue || distance < 0 || distance > kMaxDepValue) {
        diags_.error(dep.range, "sched.deps latency and distance must be in [0, " + std::to_string(kMaxDepValue) + "]");
        continue;
      }
      int src = resolveRef(ref, dep.elements[0].range);
      if (src < 0) continue;
      explicit_.push_back({src, node, static_cast<int>(latency), static_cast<int>(distance), EdgeKind::Explicit});
    }
  }

  int resolveRef(const std::string &ref, SourceRange where) {
    if (ref.size() > 1 && ref[0] == '@') {
      auto it = labels_.find(ref.substr(1));
      if (it != labels_.end()) return it->second;
      diags_.error(where, "no op in this block has sched.label \"" + ref.substr(1) + "\"");
      return -1;
    }
    if (ref.size() > 1 && ref[0] == '%') {
      for (size_t i = 0; i < block_.ops.size(); ++i)
        for (Value *r : block_.ops[i]->results)
          if (r->name == ref) return static_cast<int>(i);
      diags_.error(where, "'" + ref + "' is not a result of an op in this block");
      return -1;
    }
    diags_.error(where, "a sched.deps reference must start with '%' (a result) or '@' (a sched.label)");
    return -1;
  }

  DependenceGraph finish() {
    // An explicit edge replaces every SSA and effect edge between the same two ops (SPEC §2.1).
    std::set<std::pair<int, int>> replaced;
    for (const DepEdge &e : explicit_) replaced.insert({e.src, e.dst});
    std::map<Key, DepEdge> all;
    for (auto &[key, e] : ssa_)
      if (!replaced.count({e.src, e.dst})) all.emplace(key, e);
    for (const DepEdge &e : explicit_) {
      auto [it, inserted] = all.try_emplace(Key{e.src, e.dst, e.distance}, e);
      if (!inserted) it->second.latency = std::max(it->second.latency, e.latency);
    }

    DependenceGraph g;
    g.numNodes = static_cast<int>(block_.ops.size());
    g.succ.resize(g.numNodes);
    g.pred.resize(g.numNodes);
    for (auto &[key, e] : all) {
      g.succ[e.src].push_back(static_cast<int>(g.edges.size()));
      g.pred[e.dst].push_back(static_cast<int>(g.edges.size()));
      g.edges.push_back(e);
    }
    findZeroDistanceCycles(g);
    return g;
  }

  // Tarjan's SCC over distance-0 edges (iterative: no recursion depth limit on big blocks).
  void findZeroDistanceCycles(DependenceGraph &g) {
    int n = g.numNodes, counter = 0;
    std::vector<int> index(n, -1), low(n, 0), comp(n, -1);
    std::vector<bool> onStack(n, false);
    std::vector<int> stack;
    std::vector<std::vector<int>> cycles;
    for (int root = 0; root < n; ++root) {
      if (index[root] >= 0) continue;
      std::vector<std::pair<int, size_t>> work{{root, 0}};
      index[root] = low[root] = counter++;
      stack.push_back(root);
      onStack[root] = true;
      while (!work.empty()) {
        auto &[v, next] = work.back();
        if (next < g.succ[v].size()) {
          const DepEdge &e = g.edges[g.succ[v][next++]];
          if (e.distance != 0) continue;
          int w = e.dst;
          if (index[w] < 0) {
            index[w] = low[w] = counter++;
            stack.push_back(w);
            onStack[w] = true;
            work.push_back({w, 0});
          } else if (onStack[w]) {
            low[v] = std::min(low[v], index[w]);
          }
          continue;
        }
        if (low[v] == index[v]) {
          std::vector<int> members;
          int w;
          do {
            w = stack.back();
            stack.pop_back();
            onStack[w] = false;
            members.push_back(w);
          } while (w != v);
          bool selfLoop = false;
          for (int ei : g.succ[v]) selfLoop = selfLoop || (g.edges[ei].dst == v && g.edges[ei].distance == 0);
          if (members.size() > 1 || selfLoop) {
            std::sort(members.begin(), members.end());
            cycles.push_back(members);
          }
        }
        int finished = v;
        work.pop_back();
        if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[finished]);
      }
    }
    stableSortBy(cycles, std::less<>());
    g.zeroDistanceCycles = std::move(cycles);
  }

  const ScheduledBlock &block_;
  const std::vector<OpResources> &resources_;
  DiagnosticEngine &diags_;
  const TypeAliases &aliases_;
  const TargetModel *model_;
  std::unordered_map<const Operation *, int> nodeOf_;
  std::map<std::string, int> labels_;
  std::map<Key, DepEdge> ssa_;
  std::vector<DepEdge> explicit_;
};

}  // namespace

DependenceGraph buildDependenceGraph(const ScheduledBlock &block, const std::vector<OpResources> &resources,
                                     DiagnosticEngine &diags, const TypeAliases &aliases, const TargetModel *model) {
  return GraphBuilder(block, resources, diags, aliases, model).build();
}

void reportZeroDistanceCycles(const ScheduledBlock &block, const DependenceGraph &graph, DiagnosticEngine &diags) {
  for (const std::vector<int> &members : graph.zeroDistanceCycles) {
    std::string list;
    for (int m : members) {
      if (!list.empty()) list += ", ";
      list += describeOp(*block.ops[m]) + " (line " + std::to_string(block.ops[m]->range.begin.line) + ")";
    }
    diags.error(block.ops[members.front()]->nameRange,
                "dependence cycle with iteration distance 0 (no schedule can satisfy it): " + list);
  }
}

}  // namespace tilesched
