// Independent schedule checker (SPEC §4.8, issue 3 item 10). Everything here is recomputed from
// the dependence graph, the resolved footprints and the target model's capacities; nothing is
// taken from core/generate/, so a generator bug cannot hide behind shared code.
#include "check/ScheduleChecker.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "target/ModuloOccupancy.h"

namespace tilesched {

const char *violationKindName(Violation::Kind k) {
  switch (k) {
  case Violation::Kind::Dependence: return "dependence";
  case Violation::Kind::Resource: return "resource";
  case Violation::Kind::StageMismatch: return "stage-mismatch";
  case Violation::Kind::DuplicateStageOrder: return "duplicate-stage-order";
  case Violation::Kind::OrderMismatch: return "order-mismatch";
  case Violation::Kind::BadII: return "bad-ii";
  case Violation::Kind::Shape: return "shape";
  }
  return "unknown";
}

namespace {

// Occupants listed in a resource message; the count of the rest is still given.
constexpr size_t kMaxListedOccupants = 8;

class Checker {
public:
  Checker(const DependenceGraph &graph, const std::vector<OpResources> &resources,
          const TargetModel &model, int ii, const std::vector<CheckedOp> &ops,
          const std::vector<std::string> &nodeNames)
      : graph_(graph), resources_(resources), model_(model), ii_(ii), ops_(ops),
        nodeNames_(nodeNames) {}

  std::vector<Violation> run() {
    if (!checkShape()) return std::move(out_);
    if (ii_ < 1) {
      add(Violation::Kind::BadII, -1, -1,
          "II must be at least 1, but the schedule has II " + std::to_string(ii_));
      return std::move(out_);
    }
    checkDependences();
    checkResources();
    checkStages();
    checkStageOrder();
    return std::move(out_);
  }

private:
  std::string name(int node) const {
    if (node >= 0 && node < (int)nodeNames_.size() && !nodeNames_[node].empty())
      return nodeNames_[node];
    return "op#" + std::to_string(node);
  }

  Violation &add(Violation::Kind kind, int node, int other, std::string message) {
    Violation v;
    v.kind = kind;
    v.node = node;
    v.otherNode = other;
    v.message = std::move(message);
    out_.push_back(std::move(v));
    return out_.back();
  }

  // Op, edge and footprint indices must agree before anything is indexed by them.
  bool checkShape() {
    const int n = graph_.numNodes;
    if ((int)ops_.size() != n || (int)resources_.size() != n) {
      add(Violation::Kind::Shape, -1, -1,
          "the graph has " + std::to_string(n) + " ops, but the schedule gives " +
              std::to_string(ops_.size()) + " and the resource list " +
              std::to_string(resources_.size()));
      return false;
    }
    for (size_t e = 0; e < graph_.edges.size(); ++e) {
      const DepEdge &edge = graph_.edges[e];
      if (edge.src < 0 || edge.src >= n || edge.dst < 0 || edge.dst >= n)
        add(Violation::Kind::Shape, -1, -1,
            "edge " + std::to_string(e) + " (" + std::to_string(edge.src) + " -> " +
                std::to_string(edge.dst) + ") names an op outside 0.." + std::to_string(n - 1))
            .edge = (int)e;
    }
    const int numResources = (int)model_.resources.size();
    for (int i = 0; i < n; ++i)
      for (size_t k = 0; k < resources_[i].footprint.size(); ++k)
        for (int r : resources_[i].footprint[k])
          if (r < 0 || r >= numResources)
            add(Violation::Kind::Shape, i, -1,
                name(i) + " footprint row " + std::to_string(k) + " names resource index " +
                    std::to_string(r) + ", but the target model has " +
                    std::to_string(numResources) + " resources");
    return out_.empty();
  }

  // cycle(v) >= cycle(u) + latency - II * distance for every edge (SPEC §4.8).
  void checkDependences() {
    for (size_t e = 0; e < graph_.edges.size(); ++e) {
      const DepEdge &edge = graph_.edges[e];
      const int64_t src = ops_[edge.src].cycle, dst = ops_[edge.dst].cycle;
      const int64_t need = src + edge.latency - (int64_t)ii_ * edge.distance;
      if (dst >= need) continue;
      const std::string u = name(edge.src), v = name(edge.dst);
      Violation &viol = add(
          Violation::Kind::Dependence, edge.dst, edge.src,
          "edge " + u + " -> " + v + " (latency " + std::to_string(edge.latency) + ", distance " +
              std::to_string(edge.distance) + ") needs cycle(" + v + ") >= " +
              std::to_string(src) + " + " + std::to_string(edge.latency) + " - " +
              std::to_string(edge.distance) + "*" + std::to_string(ii_) + " = " +
              std::to_string(need) + ", but cycle(" + v + ") = " + std::to_string(dst));
      viol.edge = (int)e;
    }
  }

  // Units per (modulo row, resource) as target/ModuloOccupancy folds them (the rule, not a
  // generator's table). A slot admits one holder per row, a pool `capacity` units, one unit per
  // listing.
  void checkResources() {
    std::vector<int64_t> cycles;
    for (int i = 0; i < graph_.numNodes; ++i) cycles.push_back(ops_[i].cycle);
    const std::vector<OccupiedUnit> units = moduloOccupancy(cycles, resources_, ii_);
    for (size_t begin = 0; begin < units.size();) {
      size_t end = begin;
      while (end < units.size() && units[end].row == units[begin].row &&
             units[end].resource == units[begin].resource)
        ++end;
      const Resource &res = model_.resources[units[begin].resource];
      const int limit = res.isSlot ? 1 : res.capacity;
      const size_t held = end - begin;
      if ((int64_t)held > limit) {
        const OccupiedUnit &over = units[begin + std::max(limit, 0)];
        std::string msg = "modulo row " + std::to_string(units[begin].row) + " (II " +
                          std::to_string(ii_) + "): ";
        if (res.isSlot)
          msg += "slot " + res.name + " is held " + std::to_string(held) +
                 " times, at most once per row: ";
        else
          msg += "pool " + res.name + " holds " + std::to_string(held) + " units, capacity " +
                 std::to_string(res.capacity) + ": ";
        for (size_t j = begin; j < end && j - begin < kMaxListedOccupants; ++j) {
          if (j > begin) msg += ", ";
          msg += name(units[j].node) + " (cycle " + std::to_string(ops_[units[j].node].cycle) +
                 ", footprint row " + std::to_string(units[j].footprintRow) + ")";
        }
        if (held > kMaxListedOccupants)
          msg += " and " + std::to_string(held - kMaxListedOccupants) + " more";
        Violation &v = add(Violation::Kind::Resource, over.node, units[begin].node, msg);
        v.row = units[begin].row;
        v.resource = res.name;
      }
      begin = end;
    }
  }

  // stage == floor(cycle / II); cycles start at 0 (SPEC §5.1).
  void checkStages() {
    for (int i = 0; i < graph_.numNodes; ++i) {
      const CheckedOp &op = ops_[i];
      if (op.cycle < 0) {
        add(Violation::Kind::StageMismatch, i, -1,
            name(i) + " starts at cycle " + std::to_string(op.cycle) +
                ", but cycles start at 0, so no stage holds it");
        continue;
      }
      const int expected = op.cycle / ii_;
      if (op.stage != expected)
        add(Violation::Kind::StageMismatch, i, -1,
            name(i) + " has stage " + std::to_string(op.stage) + ", but cycle " +
                std::to_string(op.cycle) + " at II " + std::to_string(ii_) + " is stage " +
                std::to_string(op.cycle) + " / " + std::to_string(ii_) + " = " +
                std::to_string(expected));
    }
  }

  // (stage, order) is unique per block, and inside a stage `order` ranks ops by cycle (equal
  // cycles in any order): no op may start before an op of a lower order in its stage.
  void checkStageOrder() {
    std::vector<int> byOrder(graph_.numNodes);
    for (int i = 0; i < graph_.numNodes; ++i) byOrder[i] = i;
    std::stable_sort(byOrder.begin(), byOrder.end(), [&](int a, int b) {
      return std::tie(ops_[a].stage, ops_[a].order) < std::tie(ops_[b].stage, ops_[b].order);
    });
    size_t begin = 0;
    while (begin < byOrder.size()) {
      const int stage = ops_[byOrder[begin]].stage;
      int latest = -1;  // op of a lower order in this stage with the largest cycle
      size_t group = begin;
      while (group < byOrder.size() && ops_[byOrder[group]].stage == stage) {
        size_t groupEnd = group;
        const int order = ops_[byOrder[group]].order;
        while (groupEnd < byOrder.size() && ops_[byOrder[groupEnd]].stage == stage &&
               ops_[byOrder[groupEnd]].order == order)
          ++groupEnd;
        for (size_t j = group + 1; j < groupEnd; ++j)
          add(Violation::Kind::DuplicateStageOrder, byOrder[j], byOrder[group],
              name(byOrder[group]) + " and " + name(byOrder[j]) + " share (stage " +
                  std::to_string(stage) + ", order " + std::to_string(order) + ")");
        for (size_t j = group; j < groupEnd && latest >= 0; ++j) {
          const int op = byOrder[j];
          if (ops_[op].cycle < ops_[latest].cycle)
            add(Violation::Kind::OrderMismatch, op, latest,
                "in stage " + std::to_string(stage) + ", " + name(latest) + " (order " +
                    std::to_string(ops_[latest].order) + ", cycle " +
                    std::to_string(ops_[latest].cycle) + ") is ordered before " + name(op) +
                    " (order " + std::to_string(order) + ", cycle " +
                    std::to_string(ops_[op].cycle) + "), which starts earlier");
        }
        for (size_t j = group; j < groupEnd; ++j)
          if (latest < 0 || ops_[byOrder[j]].cycle > ops_[latest].cycle) latest = byOrder[j];
        group = groupEnd;
      }
      begin = group;
    }
  }

  const DependenceGraph &graph_;
  const std::vector<OpResources> &resources_;
  const TargetModel &model_;
  const int ii_;
  const std::vector<CheckedOp> &ops_;
  const std::vector<std::string> &nodeNames_;
  std::vector<Violation> out_;
};

}  // namespace

std::vector<Violation> checkSchedule(const DependenceGraph &graph,
                                     const std::vector<OpResources> &resources,
                                     const TargetModel &model, int ii,
                                     const std::vector<CheckedOp> &ops,
                                     const std::vector<std::string> &nodeNames) {
  return Checker(graph, resources, model, ii, ops, nodeNames).run();
}

}  // namespace tilesched
