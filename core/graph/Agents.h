// The warp-specialized agents a block's ops run in, as Triton's IR names them, and the block's
// share of the SM they are scheduled on (docs/decisions.md, "Each agent on its own share of the
// SM"). A loop whose ops carry `ttg.partition` holds several agents; a loop inside a region of
// `ttg.warp_specialize` is one agent, the region's warps. Each agent issues on its own warps'
// schedulers, so the issue units are the agent's own, scaled by its warps; the TMA engine, the
// tensor cores, tensor memory and the SMEM and global-memory transports are the SM's, shared by
// every agent. (The loops of an nvws.warp_group's partitions are agents alike.)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/ScheduledBlock.h"
#include "target/TargetModel.h"

namespace tilesched {

struct BlockAgent {
  int partition = -1;        // Triton's partition id; -1: a ttg.warp_specialize's default region
  int warps = 4;             // the warps that run it
  bool warpsGiven = false;   // the IR states this agent's (else the module's ttg.num-warps, else 4)
  std::vector<int> ops;      // the block's nodes it runs, in program order
  std::string name() const;  // "partition 1", "default"
};

// The ids of an op's `ttg.partition` (an integer or an array of them); empty when it has none.
std::vector<int> partitionIdsOf(const Operation &op);

// The block's agents: one per partition id its ops carry (an op without one runs in each, as
// Triton's partitioner copies it into every partition that uses it), in id order; else the one
// agent of the ttg.warp_specialize region the loop is in; else none. Warps: the loop's
// `ttg.partition_num_warps` (by id) or the region's `num_warps(N)` / `partitionNumWarps`, the
// default region and unstated partitions the module's `ttg.num-warps`, else 4.
std::vector<BlockAgent> blockAgents(const ScheduledBlock &block);

// The warps of the CTA the block runs in: a partitioned loop's agents' together; for a loop in a
// region of ttg.warp_specialize or nvws.warp_group, every region's (the default region on the
// module's warps); else the module's ttg.num-warps, else 4. At most a CTA's 32 (kMaxAgents).
int ctaWarps(const ScheduledBlock &block, const std::vector<BlockAgent> &agents);

// Whether an agent issues to the resource on its own warps' schedulers (issue, the ALU and FMA
// issue widths, the special-function units, register-bank pairing), rather than sharing it with
// the whole SM.
bool issuedPerAgent(const Resource &r);

// The block's share of the SM: the model with each agent's own copy of the per-agent resources
// (pools, so any number of agents fit one RRT row), their widths scaled by the agent's warps out
// of one warp group's four. `remap[a][r]`: the resource agent `a` charges for model resource `r`.
// A CTA's 1 024 threads are 32 warps: more agents than that cannot each have one, and their
// copies would only grow the table (shareOfSm leaves such a block on the whole SM).
inline constexpr size_t kMaxAgents = 32;

struct AgentShare {
  std::shared_ptr<const TargetModel> model;  // null: the blocks' agents use the model as it is
  std::vector<std::vector<int>> remap;
  std::vector<int> origin;   // per resource of `model`: the model resource it copies (itself if none)
  std::vector<int> agentOf;  // per resource of `model`: the agent whose copy it is (-1 if none)
  // Whether agent `a` holds unit `r` of `model` when an op charges it: not another agent's copy.
  bool heldBy(size_t a, int r) const { return !model || agentOf[size_t(r)] < 0 || agentOf[size_t(r)] == int(a); }
};
AgentShare shareOfSm(const TargetModel &model, const std::vector<BlockAgent> &agents);

// An op's footprint on the share: each per-agent unit charged once to each agent that runs the op.
Footprint agentFootprint(const Footprint &fp, const AgentShare &share, const std::vector<int> &agentsOfOp);
// An inner loop's footprint on the share of the loop around it, where it is one op: a copy of an
// inner agent's unit goes to the outer agent of the same partition, else back to the unit it copies.
struct AgentsOf {
  const AgentShare &share;
  const std::vector<BlockAgent> &agents;
};
Footprint outerFootprint(const Footprint &fp, AgentsOf inner, AgentsOf outer);

// Widens each unit the share narrowed (an agent's copy, or a lone agent's own units) to the
// largest demand one op makes of it in one cycle: an op that issues more at once than its
// agent's share (an inner loop whose own agents' units all fall to one agent of the loop around
// it) still has a seat, as valid IR must. Returns the widened units, by their share names.
std::vector<std::string> widenToDemand(AgentShare &share, const TargetModel &model,
                                       const std::vector<const Footprint *> &footprints);

}  // namespace tilesched
