#include "driver/AgentReport.h"

#include <algorithm>

namespace tilesched {

namespace {

// Its ops' stages and the units their footprints hold for it (an op it shares with other agents
// also holds theirs).
void fillSchedule(AgentRow &row, const BlockResult &r, const TargetModel &model) {
  size_t agent = 0;  // its index in the IR's agents, whose copies its units are
  while (agent < r.agents.size() && r.agents[agent].partition != row.partition) ++agent;
  std::sort(row.ops.begin(), row.ops.end());
  std::vector<bool> held(model.resources.size(), false);
  bool first = true;
  for (int v : row.ops) {
    for (const FootprintRow &fr : r.resources[size_t(v)].footprint)
      for (int u : fr)
        if (u >= 0 && u < static_cast<int>(held.size()) && (agent == r.agents.size() || r.share.heldBy(agent, u)))
          held[size_t(u)] = true;
    if (r.status == BlockStatus::Failed || size_t(v) >= r.analysis.ops.size()) continue;
    const int stage = r.analysis.ops[size_t(v)].stage;
    row.firstStage = first ? stage : std::min(row.firstStage, stage);
    row.lastStage = first ? stage : std::max(row.lastStage, stage);
    first = false;
  }
  for (size_t u = 0; u < held.size(); ++u)
    if (held[u]) row.units.push_back(model.resources[u].name);
}

}  // namespace

std::vector<AgentRow> agentRows(const BlockResult &r, const TargetModel &model) {
  std::vector<AgentRow> rows;
  const std::vector<Agent> &planned = r.materialized.valid ? r.materialized.agentSwitch.agents : std::vector<Agent>{};
  int computes = 0;
  for (const Agent &a : planned) {
    AgentRow row;
    const bool producer = a.role == Agent::Role::Producer;
    row.role = producer ? "producer" : "compute";
    computes += !producer;
    row.partition = a.partition;
    row.name = a.partition >= 0 ? "partition " + std::to_string(a.partition)
               : producer       ? "producer"
                                : "compute" + (computes > 1 ? " " + std::to_string(computes) : std::string());
    row.warps = a.warps;
    for (const BlockAgent &b : r.agents)
      if (a.partition >= 0 && b.partition == a.partition) row.warpsStated = b.warpsGiven;
    row.maxRegs = a.maxRegs;
    row.ops = a.ops;
    rows.push_back(std::move(row));
  }
  if (planned.empty())
    for (const BlockAgent &b : r.agents) {
      AgentRow row;
      row.name = b.name();
      row.role = "unassigned";
      row.partition = b.partition;
      row.warps = b.warps;
      row.warpsStated = b.warpsGiven;
      row.ops = b.ops;
      rows.push_back(std::move(row));
    }
  for (AgentRow &row : rows) fillSchedule(row, r, model);
  return rows;
}

}  // namespace tilesched
