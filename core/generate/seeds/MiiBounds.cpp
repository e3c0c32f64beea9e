#include "generate/seeds/MiiBounds.h"

#include <algorithm>
#include <utility>

#include "generate/GraphAlgorithms.h"
#include "support/Limits.h"
#include "support/Sort.h"
#include "target/ModuloOccupancy.h"

namespace tilesched {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

bool hasInternalEdge(const ModuloProblem &p, int comp) {
  for (int v : p.sccMembers[comp])
    for (int ei : p.succ[v])
      if (p.scc[p.edges[ei].dst] == comp) return true;
  return false;
}

}  // namespace

bool footprintSelfConflicts(const ModuloProblem &p, int v, int ii) {
  return firstOverfilled(p.footprint[v], ii, p.capacity).found();
}

int resourceMii(const ModuloProblem &p, std::string *binding) {
  std::vector<int64_t> total(p.capacity.size(), 0);
  for (const Footprint &f : p.footprint)
    for (const FootprintRow &row : f)
      for (int r : row) ++total[r];
  int best = 1;
  int bestResource = -1;
  int64_t bestRatioNum = 0, bestRatioDen = 1;  // occupancy / capacity, for naming the binding one
  for (size_t r = 0; r < total.size(); ++r) {
    if (total[r] == 0 || p.capacity[r] <= 0) continue;
    best = std::max<int>(best, static_cast<int>(ceilDiv(total[r], p.capacity[r])));
    if (bestResource < 0 || total[r] * bestRatioDen > bestRatioNum * p.capacity[r]) {
      bestResource = static_cast<int>(r);
      bestRatioNum = total[r];
      bestRatioDen = p.capacity[r];
    }
  }
  if (binding) *binding = bestResource >= 0 ? p.resourceNames[bestResource] : "";
  return best;
}

std::vector<MIIBounds::Share> resourceShares(const ModuloProblem &p, const std::string &resource) {
  std::vector<MIIBounds::Share> shares;
  const auto it = std::find(p.resourceNames.begin(), p.resourceNames.end(), resource);
  if (it == p.resourceNames.end()) return shares;
  const int r = static_cast<int>(it - p.resourceNames.begin());
  for (int v = 0; v < p.numNodes; ++v) {
    int units = 0;
    for (const FootprintRow &row : p.footprint[v]) units += static_cast<int>(std::count(row.begin(), row.end(), r));
    if (units > 0) shares.push_back({v, units});
  }
  return shares;
}

int recurrenceMii(const ModuloProblem &p, std::vector<int> *criticalCycle, std::vector<int> *criticalEdges) {
  int best = 1;
  if (criticalCycle) criticalCycle->clear();
  if (criticalEdges) criticalEdges->clear();
  for (int c = 0; c < static_cast<int>(p.sccMembers.size()); ++c) {
    if (!hasInternalEdge(p, c)) continue;
    int64_t hi = 1;
    for (int v : p.sccMembers[c])
      for (int ei : p.succ[v])
        if (p.scc[p.edges[ei].dst] == c) hi += std::max(0, p.edges[ei].latency);
    // Searched up to one past the cycle limit: lo = kMaxCycle + 1 means "beyond the limit".
    int lo = 1;
    int top = static_cast<int>(std::min<int64_t>(hi, kMaxCycle + 1));
    while (lo < top) {  // positive cycles only disappear as II grows (distance >= 0)
      const int mid = lo + (top - lo) / 2;
      if (findPositiveCycle(p, c, mid, false).empty()) top = mid;
      else lo = mid + 1;
    }
    if (lo > best) {
      best = lo;
      if (criticalCycle) *criticalCycle = findPositiveCycle(p, c, lo - 1, false, criticalEdges);
    }
  }
  return best;
}

int fineDensityMii(const ModuloProblem &p) {
  int longest = 0;
  for (int v = 0; v < p.numNodes; ++v) longest = std::max(longest, p.duration(v));
  for (int ii = 1; ii < longest; ++ii) {
    bool fits = true;
    for (int v = 0; v < p.numNodes && fits; ++v) fits = !footprintSelfConflicts(p, v, ii);
    if (fits) return ii;
  }
  return std::max(1, longest);
}

std::vector<LiftedConstraint> depthConstraintBounds(const ModuloProblem &p) {
  std::vector<LiftedConstraint> out;
  auto clamp = [](int64_t b) { return static_cast<int>(std::clamp<int64_t>(b, 1, kMaxCycle + 1)); };
  // max_depth = k: the op must start in the first k stages, after its distance-0 ancestors.
  const std::vector<int64_t> asap = asapDistanceZero(p);
  for (int v = 0; v < p.numNodes; ++v)
    if (p.maxDepth[v] > 0)
      out.push_back({LiftedConstraint::Kind::MaxDepth,
                     {v},
                     static_cast<uint32_t>(p.maxDepth[v]),
                     clamp(ceilDiv(asap[v] + 1, p.maxDepth[v]))});
  // Same depth: a distance-0 path between two group members must fit inside one stage.
  std::vector<std::vector<int>> members(p.groupGid.size());
  for (int v = 0; v < p.numNodes; ++v)
    if (p.group[v] >= 0) members[p.group[v]].push_back(v);
  for (size_t g = 0; g < members.size(); ++g) {
    const std::vector<int> &m = members[g];
    if (m.empty()) continue;
    int64_t bound = 1;
    if (m.size() > 1)
      for (int u : m) {
        const std::vector<int64_t> d = longestDistanceZeroFrom(p, u);
        for (int v : m)
          if (v != u && d[v] != kNoPath64) bound = std::max(bound, d[v] + 1);
      }
    out.push_back({LiftedConstraint::Kind::SameDepth, m, p.groupGid[g], clamp(bound)});
  }
  stableSortBy(out,
               [](const LiftedConstraint &x, const LiftedConstraint &y) { return x.nodes.front() < y.nodes.front(); });
  return out;
}

int dependencyMii(const ModuloProblem &p) {
  int best = 1;
  for (const LiftedConstraint &c : depthConstraintBounds(p)) best = std::max(best, c.bound);
  return best;
}

MiiAnalysis computeMiiBounds(const ModuloProblem &p) {
  MiiAnalysis a;
  for (int v = 0; v < p.numNodes && !a.infeasible; ++v) {
    const OverfilledCell over = firstOverfilled(p.footprint[v], 0, p.capacity);
    if (!over.found()) continue;
    const int r = over.resource;
    a.infeasible = true;
    a.infeasibleNode = v;
    a.infeasibleReason = p.nodeNames[v] + " needs " + std::to_string(over.units) + " units of '" + p.resourceNames[r] +
                         "' in cycle " + std::to_string(over.row) + " of its footprint, but '" + p.resourceNames[r] +
                         "' has capacity " + std::to_string(p.capacity[r]) + "; no II can seat it";
  }
  for (int c = 0; c < static_cast<int>(p.sccMembers.size()) && !a.infeasible; ++c) {
    std::vector<int> cycle = findPositiveCycle(p, c, 0, true);
    if (cycle.empty()) continue;
    std::string names;
    for (int v : cycle) names += p.nodeNames[v] + " -> ";
    a.infeasible = true;
    a.infeasibleNode = cycle.front();
    a.infeasibleReason = "dependence cycle inside one iteration (" + names + p.nodeNames[cycle.front()] +
                         ") has positive latency; no II can satisfy it";
  }
  if (a.infeasible) return a;
  a.bounds.resource = resourceMii(p, &a.bounds.resourceBinding);
  a.bounds.bindingShares = resourceShares(p, a.bounds.resourceBinding);
  for (size_t r = 0; r < p.resourceNames.size(); ++r)
    if (p.resourceNames[r] == a.bounds.resourceBinding) a.bounds.bindingCapacity = p.capacity[r];
  a.bounds.recurrence = recurrenceMii(p, &a.bounds.criticalCycle, &a.bounds.criticalEdges);
  if (a.bounds.recurrence > kMaxCycle) {
    std::string names;
    for (int v : a.bounds.criticalCycle) names += p.nodeNames[v] + " -> ";
    a.infeasible = true;
    a.infeasibleNode = a.bounds.criticalCycle.empty() ? -1 : a.bounds.criticalCycle.front();
    a.infeasibleReason = "the recurrence " +
                         (names.empty() ? std::string() : "(" + names + p.nodeNames[a.infeasibleNode] + ") ") +
                         "needs an II above " + std::to_string(kMaxCycle) + " cycles, the cycle limit";
    return a;
  }
  a.bounds.fineDensity = fineDensityMii(p);
  a.bounds.dependency = dependencyMii(p);
  return a;
}

}  // namespace tilesched
