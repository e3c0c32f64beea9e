#include "graph/Agents.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>

namespace tilesched {

namespace {

// One warp group: the model's issue widths are what four warps, one per warp scheduler, issue.
constexpr int kWarpGroup = 4;

std::optional<int64_t> enclosingInt(const Operation *op, const char *key) {
  for (; op; op = op->parentOp())
    if (const Attribute *a = op->lookupAttr(key))
      if (std::optional<int64_t> v = a->asInt()) return v;
  return std::nullopt;
}

// Element `i` of an integer array attribute (`array<i32: ...>` or `[...]`).
std::optional<int64_t> intElement(const Attribute *a, size_t i) {
  if (!a || i >= a->elements.size()) return std::nullopt;
  return a->elements[i].asInt();
}

// `num_warps(N)` in a region's header, as ttg.warp_specialize prints its partitions.
std::optional<int64_t> headerWarps(const std::string &keyword) {
  const size_t at = keyword.find("num_warps(");
  if (at == std::string::npos) return std::nullopt;
  int64_t n = 0;
  size_t i = at + 10;
  for (; i < keyword.size() && keyword[i] >= '0' && keyword[i] <= '9' && n < 1 << 20; ++i)
    n = n * 10 + (keyword[i] - '0');
  if (i == at + 10 || n < 1) return std::nullopt;
  return n;
}

// The op whose regions are the warp-specialized regions a loop is in, and the index of its
// region. ttg.warp_specialize's custom form holds the default region then the partitions; the
// generic form holds the partitions as the regions of a nested ttg.warp_specialize.partitions;
// nvws.warp_group (Triton's partition-loops) holds partitions only.
struct RegionPlace {
  const Operation *holder = nullptr;  // null: the loop is in no such region
  size_t index = 0;
  bool nested() const { return holder->name == "ttg.warp_specialize.partitions" || holder->name == "nvws.warp_group"; }
};

RegionPlace placeOf(const Operation *loop) {
  for (const Operation *op = loop; op; op = op->parentOp()) {
    const Region *region = op->parentBlock ? op->parentBlock->parentRegion : nullptr;
    const Operation *holder = region ? region->parentOp : nullptr;
    if (!holder || (holder->name != "ttg.warp_specialize" && holder->name != "ttg.warp_specialize.partitions" &&
                    holder->name != "nvws.warp_group"))
      continue;
    size_t index = 0;
    while (index < holder->regions.size() && holder->regions[index].get() != region) ++index;
    return {holder, index};
  }
  return {};
}

// The agent of region `p.index` of `p.holder`: the default region runs on the module's warps.
BlockAgent regionAgent(const RegionPlace &p, int moduleWarps, bool moduleGiven) {
  BlockAgent agent;
  agent.warps = moduleWarps;
  agent.warpsGiven = moduleGiven;
  if (!p.nested() && p.index == 0) return agent;  // the default region: the module's warps
  agent.warpsGiven = false;
  agent.partition = static_cast<int>(p.nested() ? p.index : p.index - 1);
  const Operation *ws = p.holder->name == "ttg.warp_specialize.partitions" ? p.holder->parentOp() : p.holder;
  std::optional<int64_t> warps = headerWarps(p.holder->regions[p.index]->keyword);
  if (!warps && p.index == 0) warps = headerWarps(p.holder->operandText);  // the first header reads as operands
  if (!warps && ws) warps = intElement(ws->lookupAttr("partitionNumWarps"), size_t(agent.partition));
  if (warps && *warps >= 1 && *warps <= 1024) {
    agent.warps = static_cast<int>(*warps);
    agent.warpsGiven = true;
  }
  return agent;
}

struct ModuleWarps {
  int warps = kWarpGroup;
  bool given = false;
};

ModuleWarps moduleWarps(const ScheduledBlock &block) {
  const std::optional<int64_t> declared = enclosingInt(block.owner, "ttg.num-warps");
  if (!declared || *declared < 1 || *declared > 1024) return {};
  return {static_cast<int>(*declared), true};
}

}  // namespace

std::string BlockAgent::name() const { return partition < 0 ? "default" : "partition " + std::to_string(partition); }

std::vector<int> partitionIdsOf(const Operation &op) {
  std::vector<int> ids;
  const Attribute *p = op.lookupAttr("ttg.partition");
  if (!p) return ids;
  // Ids are indices into the partitions: a negative one names none.
  if (p->isInteger() && p->intValue >= 0 && p->intValue <= INT32_MAX) ids.push_back(static_cast<int>(p->intValue));
  for (const Attribute &e : p->elements)
    if (e.isInteger() && e.intValue >= 0 && e.intValue <= INT32_MAX) ids.push_back(static_cast<int>(e.intValue));
  return ids;
}

std::vector<BlockAgent> blockAgents(const ScheduledBlock &block) {
  const auto [warps, given] = moduleWarps(block);
  std::map<int, BlockAgent> byId;
  std::vector<int> everywhere;
  for (int v = 0; v < static_cast<int>(block.ops.size()); ++v) {
    const std::vector<int> ids = partitionIdsOf(*block.ops[v]);
    if (ids.empty()) everywhere.push_back(v);
    for (int id : ids) {
      BlockAgent &a = byId[id];
      a.partition = id;
      if (a.ops.empty() || a.ops.back() != v) a.ops.push_back(v);
    }
  }
  std::vector<BlockAgent> agents;
  if (byId.empty()) {
    if (!block.isLoop) return agents;
    const RegionPlace place = placeOf(block.owner);
    if (!place.holder) return agents;
    BlockAgent one = regionAgent(place, warps, given);
    for (int v = 0; v < static_cast<int>(block.ops.size()); ++v) one.ops.push_back(v);
    agents.push_back(std::move(one));
    return agents;
  }
  const Attribute *numWarps = block.owner ? block.owner->lookupAttr("ttg.partition_num_warps") : nullptr;
  for (auto &[id, a] : byId) {
    a.ops.insert(a.ops.end(), everywhere.begin(), everywhere.end());
    std::sort(a.ops.begin(), a.ops.end());
    const std::optional<int64_t> w = id >= 0 ? intElement(numWarps, size_t(id)) : std::nullopt;
    a.warpsGiven = w && *w >= 1 && *w <= 1024;
    a.warps = a.warpsGiven ? static_cast<int>(*w) : warps;
    agents.push_back(std::move(a));
  }
  return agents;
}

int ctaWarps(const ScheduledBlock &block, const std::vector<BlockAgent> &agents) {
  const auto [module, given] = moduleWarps(block);
  const bool partitioned =
      std::any_of(block.ops.begin(), block.ops.end(), [](const Operation *op) { return !partitionIdsOf(*op).empty(); });
  const RegionPlace place = partitioned || agents.empty() ? RegionPlace{} : placeOf(block.owner);
  int total = 0;
  if (partitioned)
    for (const BlockAgent &a : agents) total += a.warps;
  else if (place.holder)  // every region of the warp_specialize runs beside this loop's
    for (size_t k = 0; k < place.holder->regions.size(); ++k)
      total += regionAgent({place.holder, k}, module, given).warps;
  if (place.holder && place.holder->name == "ttg.warp_specialize.partitions") total += module;  // the default region
  return std::min(total > 0 ? total : module, static_cast<int>(kMaxAgents));
}

bool issuedPerAgent(const Resource &r) {
  static const char *const kIssueUnits[] = {
      "issue",           "xu",       "xu64",      "fp32x2_fp16ultra", "alu",
      "alu_or_fmaheavy", "dual_alu", "fma_issue", "alu_issue",        "reg_bank_pairs"};
  return std::any_of(std::begin(kIssueUnits), std::end(kIssueUnits), [&](const char *n) { return r.name == n; });
}

AgentShare shareOfSm(const TargetModel &model, const std::vector<BlockAgent> &agents) {
  AgentShare share;
  const int n = static_cast<int>(model.resources.size());
  auto width = [](const Resource &r, int warps) {
    const int units = r.isSlot ? 1 : r.capacity;
    return std::max(1, (units * std::min(warps, kWarpGroup) + kWarpGroup - 1) / kWarpGroup);
  };
  std::vector<int> identity(n);
  for (int r = 0; r < n; ++r) identity[r] = r;
  share.remap.assign(agents.size(), identity);
  const bool narrow = agents.size() == 1 && agents.front().warps < kWarpGroup;
  if ((agents.size() < 2 && !narrow) || agents.size() > kMaxAgents) return share;
  auto m = std::make_shared<TargetModel>(model);
  share.origin = identity;
  share.agentOf.assign(size_t(n), -1);
  for (int r = 0; r < n; ++r) {
    const Resource &res = model.resources[r];
    if (!issuedPerAgent(res)) continue;
    if (narrow) {  // one agent: its own units, narrowed to its warps
      if (!res.isSlot) m->resources[r].capacity = width(res, agents.front().warps);
      continue;
    }
    for (size_t a = 0; a < agents.size(); ++a) {
      share.remap[a][r] = static_cast<int>(m->resources.size());
      share.origin.push_back(r);
      share.agentOf.push_back(static_cast<int>(a));
      m->resources.push_back({res.name + " (" + agents[a].name() + ")", width(res, agents[a].warps), false, 0,
                              "the " + res.name + " of " + agents[a].name() + "'s warps"});
    }
  }
  share.model = std::move(m);
  return share;
}

namespace {

// `fp` with each row's units replaced by `units(r, row)`, run by run.
template <typename F>
Footprint mapUnits(const Footprint &fp, F &&units) {
  Footprint out;
  size_t begin = 0;
  for (const Footprint::Run &run : fp.runs()) {
    FootprintRow row;
    for (int r : run.row) units(r, row);
    out.append(std::move(row), run.end - begin);
    begin = run.end;
  }
  return out;
}

}  // namespace

Footprint agentFootprint(const Footprint &fp, const AgentShare &share, const std::vector<int> &agentsOfOp) {
  if (!share.model || agentsOfOp.empty()) return fp;
  return mapUnits(fp, [&](int r, FootprintRow &row) {
    // A unit past the model's own is already an agent's copy (an inner loop's: outerFootprint).
    if (size_t(r) >= share.remap.front().size() || share.remap[size_t(agentsOfOp.front())][size_t(r)] == r)
      row.push_back(r);
    else
      for (int a : agentsOfOp) row.push_back(share.remap[size_t(a)][size_t(r)]);
  });
}

Footprint outerFootprint(const Footprint &fp, AgentsOf inner, AgentsOf outer) {
  if (!inner.share.model) return fp;
  return mapUnits(fp, [&](int r, FootprintRow &row) {
    const int base = inner.share.origin[size_t(r)], k = inner.share.agentOf[size_t(r)];
    if (k >= 0 && outer.share.model)
      for (size_t a = 0; a < outer.agents.size(); ++a)
        if (outer.agents[a].partition == inner.agents[size_t(k)].partition) {
          row.push_back(outer.share.remap[a][size_t(base)]);
          return;
        }
    // Copies that fall back to the SM's unit hold it at most as wide as it is: the inner agents
    // issued to it side by side, each on its share of the same SM's unit.
    const Resource &unit = inner.share.model->resources[size_t(base)];
    if (std::count(row.begin(), row.end(), base) < (unit.isSlot ? 1 : unit.capacity)) row.push_back(base);
  });
}

std::vector<std::string> widenToDemand(AgentShare &share, const TargetModel &model,
                                       const std::vector<const Footprint *> &footprints) {
  std::vector<std::string> widened;
  if (!share.model) return widened;
  const size_t n = share.model->resources.size();
  std::vector<int> demand(n, 0), count(n, 0);
  for (const Footprint *fp : footprints)
    for (const Footprint::Run &run : fp->runs()) {
      for (int r : run.row) ++count[size_t(r)];
      for (int r : run.row) demand[size_t(r)] = std::max(demand[size_t(r)], count[size_t(r)]);
      for (int r : run.row) count[size_t(r)] = 0;
    }
  std::shared_ptr<TargetModel> m;
  for (size_t r = 0; r < n; ++r) {
    const Resource &res = share.model->resources[r];
    const Resource &whole = model.resources[size_t(share.origin[r])];
    const bool narrowed = share.agentOf[r] >= 0 || (!whole.isSlot && res.capacity < whole.capacity);
    if (res.isSlot || !narrowed || demand[r] <= res.capacity) continue;
    if (!m) m = std::make_shared<TargetModel>(*share.model);
    m->resources[r].capacity = demand[r];
    widened.push_back(res.name);
  }
  if (m) share.model = std::move(m);
  return widened;
}

}  // namespace tilesched
