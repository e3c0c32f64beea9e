// The block's agents side by side, as the report shows them (the JSON document's `agents`, the
// table's agent lines): the agent_switch's agents when the loop is warp-specialized by
// materialization, else the agents the IR names (graph/blockAgents) as one schedule holds them.
#pragma once

#include <string>
#include <vector>

#include "driver/BlockResult.h"

namespace tilesched {

struct AgentRow {
  std::string name;                   // "partition 1", "default", "producer", "compute", "compute 2"
  std::string role;                   // producer | compute | unassigned (no agent_switch gave it one)
  int partition = -1;                 // Triton's partition id, -1 when none
  int warps = 4;                      // the warps that run it
  bool warpsStated = false;           // the IR states them
  int maxRegs = 0;                    // registers per thread the agent_switch gives it; 0: none
  std::vector<int> ops;               // its nodes, in program order
  int firstStage = 0, lastStage = 0;  // of its ops in the block's schedule (0 when not placed)
  std::vector<std::string> units;     // the slots and pools its ops hold, in model order
};

std::vector<AgentRow> agentRows(const BlockResult &r, const TargetModel &model);

}  // namespace tilesched
