// Seed 003's AWS materialization: the schedule's ops partitioned into agents along the
// warp-specialized boundaries, printed as one nv_tileas.async.pipeline.agent_switch (facts §6.3
// entry 14, §6.4 "Agents", §7.3). The agents come from the IR where it names them (Triton's
// ttg.partition), else from the seed's rule for a pipelined nv_tileas loop: a producer agent
// issuing the TMA copies and one or two compute agents (the dual-SIMT heuristic). When no
// partition passes the verifier the loop stays synchronous, as tileiras falls back, and a note
// says why (docs/decisions.md, "Agents and agent_switch").
#pragma once

#include <string>
#include <vector>

namespace tilesched {

struct MaterializeInput;

struct Agent {
  enum class Role { Producer, Compute } role = Role::Compute;
  int partition = -1;    // the IR's ttg.partition id; -1 for the seed's rule
  int warps = 4;         // one warp group
  int maxRegs = 0;       // quantised (quantiseMaxRegs)
  std::vector<int> ops;  // nodes, in program order
};

struct AgentSwitchPlan {
  std::vector<Agent> agents;  // producer first, then compute; empty: no agent_switch
  int numAgentsPerGroup = 0;  // compute agents
  bool dualSimt = false;
  std::string summary;  // the note: what was emitted, or why the loop stays synchronous
};

// Facts §6.4: a request of r registers per thread is quantised as 8 * ceil_div(r + 7, 8).
int quantiseMaxRegs(int request);

// Facts §7.3: useDual = (double)stage_count > (double)(total_work / max(iters, 1)) * 0.6, with
// the integer division inside.
bool useDualSimt(int stageCount, long long totalWork, long long iters);

// The agents of a scheduled block (stage count `stageCount`); `latency` and `tma` per node.
AgentSwitchPlan partitionAgents(const MaterializeInput &in, int stageCount);

}  // namespace tilesched
