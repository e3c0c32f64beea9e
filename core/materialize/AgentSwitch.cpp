#include "materialize/AgentSwitch.h"

#include <algorithm>
#include <map>

#include "graph/Agents.h"
#include "ir/OpKinds.h"
#include "materialize/MaterializeSchedule.h"
#include "support/Sort.h"

namespace tilesched {

namespace {

// One SM's register file and thread limit (the launch budget seed 003's verifier checks).
constexpr int kRegistersPerSm = 65536;
constexpr int kThreadsPerCta = 1024;
constexpr int kThreadsPerWarp = 32;
// setmaxnreg's range (PTX ISA): 24 to 256 registers per thread.
constexpr int kMinRegs = 24, kMaxRegs = 256;
// A producer issues copies and needs few registers: CUTLASS's warp-specialized kernels give the
// load warp group 40 (LoadRegisterRequirement); the seeds give no figure.
constexpr int kProducerRequest = 40;

// One agent in plain words: "a producer, partition 2, with 5 ops on 4 warps and at most 48
// registers per thread".
std::string agentWords(const Agent &a) {
  return std::string(a.role == Agent::Role::Producer ? "a producer" : "a compute agent") +
         (a.partition >= 0 ? ", partition " + std::to_string(a.partition) + "," : "") + " with " +
         std::to_string(a.ops.size()) + (a.ops.size() == 1 ? " op on " : " ops on ") + std::to_string(a.warps) +
         (a.warps == 1 ? " warp" : " warps") + " and at most " + std::to_string(a.maxRegs) + " registers per thread";
}

// Triton's partitions (graph/blockAgents), with the warps the IR gives each: the copies an agent
// issues without running an MMA make it the producer.
std::vector<Agent> agentsFromPartitions(const MaterializeInput &in) {
  std::vector<Agent> agents;
  for (const BlockAgent &b : blockAgents(*in.block)) {
    Agent a;
    a.partition = b.partition;
    a.warps = b.warps;
    a.ops = b.ops;
    const bool copies = std::any_of(a.ops.begin(), a.ops.end(), [&](int v) { return in.tma[v]; });
    const bool computes = std::any_of(a.ops.begin(), a.ops.end(), [&](int v) { return in.mma[v]; });
    a.role = copies && !computes ? Agent::Role::Producer : Agent::Role::Compute;
    agents.push_back(std::move(a));
  }
  std::stable_partition(agents.begin(), agents.end(), [](const Agent &a) { return a.role == Agent::Role::Producer; });
  return agents;
}

// The seed's rule for a loop the IR does not partition: the TMA copies, the pipeline's producer
// side (acquire, write, commit: facts §6.1) and the ops that only feed them are the producer; the
// rest computes.
std::vector<Agent> agentsFromCopies(const MaterializeInput &in, std::string &why) {
  const int n = static_cast<int>(in.block->ops.size());
  std::vector<bool> producer(in.tma.begin(), in.tma.end());
  for (int v = 0; v < n; ++v)
    if (in.block->ops[v]->name.rfind("nv_tileas.async.pipeline.producer_", 0) == 0) producer[v] = true;
  std::vector<std::vector<int>> users(n);
  for (const DepEdge &e : in.graph->edges)
    if (e.distance == 0 && e.kind == EdgeKind::Data) users[e.src].push_back(e.dst);
  for (int v = n - 1; v >= 0; --v)  // users come later in program order
    if (!producer[v] && !users[v].empty() &&
        std::all_of(users[v].begin(), users[v].end(), [&](int u) { return static_cast<bool>(producer[u]); }))
      producer[v] = true;
  Agent copy, compute;
  copy.role = Agent::Role::Producer;
  for (int v = 0; v < n; ++v) (producer[v] ? copy : compute).ops.push_back(v);
  if (copy.ops.empty()) why = "no op of the loop issues a TMA copy or a pipeline's producer side";
  else if (compute.ops.empty()) why = "every op of the loop is a copy or feeds one, so there is no compute agent";
  if (!why.empty()) return {};
  return {copy, compute};
}

// Registers per thread: the producer's fixed request, the compute agents share the rest equally;
// every value is stored quantised, and the verifier checks the total.
void assignRegisters(std::vector<Agent> &agents) {
  int fixed = 0, shared = 0;
  for (Agent &a : agents)
    if (a.role == Agent::Role::Producer) {
      a.maxRegs = quantiseMaxRegs(kProducerRequest);
      fixed += a.maxRegs * a.warps * kThreadsPerWarp;
    } else {
      shared += a.warps * kThreadsPerWarp;
    }
  if (shared == 0) return;
  // The largest multiple of 8 the compute threads can each have; a request 7 below it quantises to it.
  const int each = std::min(kMaxRegs, (kRegistersPerSm - fixed) / shared / 8 * 8);
  for (Agent &a : agents)
    if (a.role == Agent::Role::Compute) a.maxRegs = quantiseMaxRegs(each - 7);
}

// Seed 003's verifier: all agents agree (each has a role, warps and registers) and the total is
// within the launch budget. Returns why not, or "".
std::string verifyAgents(const std::vector<Agent> &agents, int numOps) {
  long long registers = 0, threads = 0;
  std::vector<bool> covered(numOps, false);
  for (const Agent &a : agents) {
    if (a.warps < 1 || a.maxRegs < kMinRegs || a.maxRegs > kMaxRegs || a.maxRegs % 8 != 0)
      return "an agent would get " + std::to_string(a.maxRegs) + " registers per thread, outside the " +
             std::to_string(kMinRegs) + " to " + std::to_string(kMaxRegs) + " a warp can be given";
    registers += static_cast<long long>(a.maxRegs) * a.warps * kThreadsPerWarp;
    threads += static_cast<long long>(a.warps) * kThreadsPerWarp;
    for (int v : a.ops) covered[v] = true;
  }
  if (threads > kThreadsPerCta)
    return std::to_string(threads) + " threads, over the " + std::to_string(kThreadsPerCta) + " of a CTA";
  if (registers > kRegistersPerSm)
    return std::to_string(registers) + " registers, over the " + std::to_string(kRegistersPerSm) + " of an SM";
  if (std::find(covered.begin(), covered.end(), false) != covered.end()) return "an op belongs to no agent";
  return "";
}

}  // namespace

int quantiseMaxRegs(int request) { return 8 * ((request + 7 + 7) / 8); }

bool useDualSimt(int stageCount, long long totalWork, long long iters) {
  return static_cast<double>(stageCount) > static_cast<double>(totalWork / std::max(iters, 1LL)) * 0.6;
}

AgentSwitchPlan partitionAgents(const MaterializeInput &in, int stageCount) {
  AgentSwitchPlan plan;
  const ScheduledBlock &block = *in.block;
  // The partitions of one loop; a loop that is one ttg.warp_specialize region is already one agent.
  const bool partitioned =
      std::any_of(block.ops.begin(), block.ops.end(), [](const Operation *op) { return !partitionIdsOf(*op).empty(); });
  const bool tileas = std::any_of(block.ops.begin(), block.ops.end(),
                                  [](const Operation *op) { return op->name.rfind("nv_tileas.", 0) == 0; });
  // Warp specialization overlaps iterations: a loop the IR partitions, or a pipelined nv_tileas loop.
  if (!block.isLoop || in.tma.size() != block.ops.size() || (!partitioned && (!tileas || stageCount < 2))) return plan;
  std::string why, dual;
  std::vector<Agent> agents = partitioned ? agentsFromPartitions(in) : agentsFromCopies(in, why);
  if (!partitioned && !agents.empty()) {
    // total_work: one iteration's op latencies times the iterations; iters: the trip count (1 unknown).
    long long work = 0;
    for (int l : in.latency) work += l;
    const std::optional<int64_t> trips = constantTripCount(block.loop);
    const long long iters = trips ? *trips : 1;
    plan.dualSimt = useDualSimt(stageCount, work * std::max(iters, 1LL), iters);
    if (plan.dualSimt) agents.push_back(agents.back());  // two 4-warp SIMT agents, each half the tile
    dual = std::string(plan.dualSimt ? "; two compute agents because " : "; one compute agent because ") +
           std::to_string(stageCount) + (plan.dualSimt ? " stages exceed" : " stages do not exceed") + " 60 % of the " +
           std::to_string(work) + " cycles of work per iteration (the dual-SIMT rule)";
  }
  if (why.empty() && agents.size() < 2) why = "the IR names one partition";
  if (why.empty()) {
    assignRegisters(agents);
    why = verifyAgents(agents, static_cast<int>(block.ops.size()));
  }
  if (!why.empty()) {
    plan.summary =
        "not warp-specialized: no split into agents works for this loop (" + why + "), so all its warps run every op";
    return plan;
  }
  plan.agents = std::move(agents);
  // Listed in (stage, order), the order the block is printed in, so a re-read lists them alike.
  const std::vector<OpSchedule> &at = in.analysis->ops;
  for (Agent &a : plan.agents)
    stableSortIndices(a.ops, [&](int x, int y) {
      return at[x].stage != at[y].stage ? at[x].stage < at[y].stage : at[x].order < at[y].order;
    });
  for (const Agent &a : plan.agents) plan.numAgentsPerGroup += a.role == Agent::Role::Compute;
  plan.summary = "warp-specialized into " + std::to_string(plan.agents.size()) + " agents" +
                 (partitioned ? " (the IR's partitions)" : "") + ": ";
  for (size_t i = 0; i < plan.agents.size(); ++i) plan.summary += (i == 0 ? "" : "; ") + agentWords(plan.agents[i]);
  plan.summary += dual;
  return plan;
}

}  // namespace tilesched
