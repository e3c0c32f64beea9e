// Applies a verified plan to the IR: the block in (stage, order) with the Pipe_/Mutex_ ops
// spliced in, per-op nv_tile.aws.stage/order/cycle, and on the owner the II, the stage count
// and the prologue/kernel/epilogue a peeling pass would produce (facts §7.3).
#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "ir/Lexer.h"
#include "materialize/MaterializeSchedule.h"

namespace tilesched {

namespace {

Attribute i32(int v) { return Attribute::integer(v, "i32"); }

Attribute denseI32(std::vector<Attribute> values) {
  Attribute a;
  a.kind = Attribute::Kind::DenseArray;
  a.type = "i32";
  a.elements = std::move(values);
  return a;
}

Attribute nameList(const std::vector<int> &nodes, const std::vector<std::string> &names) {
  std::vector<Attribute> out;
  for (int n : nodes) out.push_back(Attribute::string(names[n]));
  return Attribute::array(std::move(out));
}

void addAttr(Operation &op, const std::string &key, Attribute value) {
  NamedAttribute na;
  na.name = key;
  na.value = std::move(value);
  op.attributes.push_back(std::move(na));
}

// Peeling S stages (facts §7.3): S-1 prologue steps (step k runs stages 0..k of the first
// iterations), the kernel running stages 0..S-1 N-(S-1) times, S-1 epilogue steps (step k drains
// stages k..S-1). Only the counts are written, since the steps follow from them: listing every
// stage of every step printed 151 MB for 5 000 stages, and even one range per step grows with
// S, which a 2-op loop with a 1 000 000-cycle dependence at II 1 makes 10^6.
Attribute pipelineShape(int stageCount) {
  const int s = std::max(1, stageCount);
  Attribute d;
  d.kind = Attribute::Kind::Dict;
  d.entries.push_back({"prologue_steps", i32(s - 1), {}});
  d.entries.push_back({"kernel_trip_count", Attribute::string(s == 1 ? "N" : "N-" + std::to_string(s - 1)), {}});
  d.entries.push_back({"epilogue_steps", i32(s - 1), {}});
  return d;
}

class Rewriter {
public:
  Rewriter(Module &module, const ScheduledBlock &block, const MaterializedSchedule &plan)
      : module_(module), block_(block), plan_(plan), names_(plan.names) {}

  void run() {
    renameRegionShadows();
    std::vector<std::unique_ptr<Operation>> &ops = block_.body ? block_.body->operations : module_.operations;
    std::vector<std::unique_ptr<Operation>> old = std::move(ops);
    ops.clear();
    std::unordered_map<const Operation *, size_t> position;
    for (size_t i = 0; i < old.size(); ++i) position[old[i].get()] = i;
    const std::unordered_set<const Operation *> scheduled(block_.ops.begin(), block_.ops.end());

    // Ops of the container that are not scheduled (the functions around a bare snippet) keep
    // their place ahead of the block; the terminator stays last; stale Pipe_/Mutex_ go.
    for (auto &op : old)
      if (op && op.get() != block_.terminator && !isMaterializedOp(*op) && !scheduled.count(op.get()))
        ops.push_back(std::move(op));
    const std::vector<Agent> &agents = plan_.agentSwitch.agents;
    std::vector<std::vector<Attribute>> agentsOf(block_.ops.size());
    for (size_t a = 0; a < agents.size(); ++a)
      for (int v : agents[a].ops) agentsOf[v].push_back(Attribute::integer(static_cast<int64_t>(a), ""));
    if (!agents.empty()) ops.push_back(makeAgentSwitch());
    for (const RegionItem &item : plan_.sequence) {
      switch (item.kind) {
      case RegionItem::Kind::Op: {
        Operation *op = block_.ops[item.index];
        stamp(*op, plan_.ops[item.index]);
        if (!agents.empty()) op->setDiscardableAttr(kAttrAwsAgent, denseI32(agentsOf[item.index]));
        ops.push_back(std::move(old[position.at(op)]));
        break;
      }
      case RegionItem::Kind::Pipe: ops.push_back(makePipe(plan_.pipes[item.index])); break;
      case RegionItem::Kind::Mutex: ops.push_back(makeMutex(plan_.mutexes[item.index])); break;
      }
    }
    if (block_.terminator) ops.push_back(std::move(old[position.at(block_.terminator)]));
    stampOwner();
  }

private:
  // A name defined in a region of a block op and again by a later op of the block is legal MLIR:
  // SSA names are scoped to their region, which has closed. Once the schedule moves the later
  // definition ahead, the region would see it and the print would redefine it, so the region's
  // value takes a name nothing in the module has (`%a` -> `%a_1`); its uses are inside the region.
  void renameRegionShadows() {
    auto base = [](const std::string &n) { return n.substr(0, n.find('#')); };  // %r#1 -> %r
    std::unordered_set<std::string> blockNames;
    for (const Operation *op : block_.ops)
      for (const Value *r : op->results) blockNames.insert(base(r->name));
    std::vector<std::vector<Value *>> shadows;  // groups named by one base: an op's results, or one argument
    std::vector<Operation *> regionOps;
    auto visitBlocks = [&](Operation &o) {
      for (auto &region : o.regions)
        for (auto &b : region->blocks)
          for (Value *arg : b->arguments)
            if (blockNames.count(base(arg->name))) shadows.push_back({arg});
    };
    for (Operation *op : block_.ops) {
      visitBlocks(*op);
      for (auto &region : op->regions)
        for (auto &b : region->blocks)
          walkBlockOps(*b, [&](Operation &inner) {
            regionOps.push_back(&inner);
            std::vector<Value *> group;
            for (Value *r : inner.results)
              if (blockNames.count(base(r->name))) group.push_back(r);
            if (!group.empty()) shadows.push_back(std::move(group));
            visitBlocks(inner);
          });
    }
    if (shadows.empty()) return;
    std::unordered_set<std::string> taken;
    for (const Value &v : module_.values) taken.insert(base(v.name));
    for (const PipeValue &p : plan_.pipes) taken.insert("%" + p.name);
    for (const MutexValue &m : plan_.mutexes) taken.insert("%" + m.name);
    std::vector<std::pair<const Value *, size_t>> renamed;   // a renamed value, its group
    std::vector<std::pair<std::string, std::string>> names;  // a group's (old, fresh) base name
    for (std::vector<Value *> &group : shadows) {
      const std::string old = base(group.front()->name);
      std::string fresh;
      for (int k = 1; fresh.empty() || taken.count(fresh); ++k) fresh = old + "_" + std::to_string(k);
      taken.insert(fresh);
      for (Value *v : group) v->name = fresh + v->name.substr(old.size()), renamed.push_back({v, names.size()});
      names.push_back({old, fresh});
    }
    // An unknown custom op prints its operands as written: its uses of a renamed value follow.
    for (Operation *inner : regionOps)
      for (const auto &[v, group] : renamed)
        if (std::find(inner->operands.begin(), inner->operands.end(), v) != inner->operands.end()) {
          renameToken(inner->operandText, names[group].first, names[group].second);
          for (std::string &text : inner->trailingText) renameToken(text, names[group].first, names[group].second);
        }
  }

  // `%a` -> `%a_1` wherever `%a` stands as a whole name in `text` (`%a#1` too, not `%ab`).
  static void renameToken(std::string &text, const std::string &old, const std::string &fresh) {
    for (size_t at = text.find(old); at != std::string::npos; at = text.find(old, at)) {
      const size_t end = at + old.size();
      if (end < text.size() && isNameChar(text[end])) {
        at = end;
        continue;
      }
      text.replace(at, old.size(), fresh);
      at += fresh.size();
    }
  }

  void stamp(Operation &op, const OpSchedule &s) {
    op.setDiscardableAttr(kAttrAwsStage, i32(s.stage));
    op.setDiscardableAttr(kAttrAwsOrder, i32(s.order));
    op.setDiscardableAttr(kAttrAwsCycle, i32(s.cycle));
    if (!block_.scheduleHolder()) op.setDiscardableAttr(kAttrAwsII, i32(plan_.ii));  // no owner of its own to carry it
  }

  void stampOwner() {
    Operation *holder = block_.scheduleHolder();
    if (!holder) return;
    holder->setDiscardableAttr(kAttrAwsII, i32(plan_.ii));
    holder->setDiscardableAttr(kAttrAwsStageCount, i32(plan_.stageCount));
    if (block_.isLoop) holder->setDiscardableAttr(kAttrAwsPipeline, pipelineShape(plan_.stageCount));
  }

  std::unique_ptr<Operation> newOp(const char *name, const std::string &result, const std::string &type) {
    auto op = std::make_unique<Operation>();
    op->name = name;
    op->syntax = OpSyntax::Generic;
    op->parentBlock = block_.body;
    Value *v = module_.newValue();
    v->name = "%" + result;
    v->type = type;
    v->definingOp = op.get();
    op->results.push_back(v);
    return op;
  }

  std::unique_ptr<Operation> makePipe(const PipeValue &p) {
    const std::string payload = p.payloadType.empty() ? "none" : p.payloadType;
    auto op = newOp(kPipeOpName, p.name, "!nv_tileas.pipe<" + payload + ">");
    std::string operandTypes;
    for (const Value *v : p.operands) {
      // The plan holds read-only views of values that this module owns and this rewrite edits.
      op->operands.push_back(const_cast<Value *>(v));
      operandTypes += (operandTypes.empty() ? "" : ", ") + (v->type.empty() ? std::string("none") : v->type);
    }
    op->typeText = "(" + operandTypes + ") -> " + op->results[0]->type;
    addAttr(*op, "depth", i32(p.depth));
    addAttr(*op, "stages_crossed", i32(p.stagesCrossed));
    addAttr(*op, "flavour", Attribute::string(p.tile ? "tile" : "scalar"));
    addAttr(*op, "raw", Attribute::string(p.raw->name));
    addAttr(*op, "producers", nameList(p.producers, names_));
    addAttr(*op, "consumers", nameList(p.consumers, names_));
    if (p.trivialFallback) addAttr(*op, "trivial_fallback", Attribute::unit());
    addAttr(*op, kAttrAwsStage, i32(p.stage));
    addAttr(*op, kAttrAwsOrder, i32(p.order));
    return op;
  }

  // Facts §6.3 entry 14's attributes, and per agent its role, warps and ops; no regions: the
  // agents' code is this block, each op stamped with its agents (docs/decisions.md, "Agents and
  // agent_switch").
  std::unique_ptr<Operation> makeAgentSwitch() {
    const AgentSwitchPlan &p = plan_.agentSwitch;
    auto op = std::make_unique<Operation>();
    op->name = kAgentSwitchOpName;
    op->syntax = OpSyntax::Generic;
    op->parentBlock = block_.body;
    op->typeText = "() -> ()";
    std::vector<Attribute> regs, warps, roles, members;
    for (const Agent &a : p.agents) {
      regs.push_back(Attribute::integer(a.maxRegs, ""));
      warps.push_back(Attribute::integer(a.warps, ""));
      roles.push_back(Attribute::string(a.role == Agent::Role::Producer ? "producer" : "compute"));
      members.push_back(nameList(a.ops, names_));
    }
    addAttr(*op, "num_agents_per_group", i32(p.numAgentsPerGroup));
    addAttr(*op, "max_regs", denseI32(std::move(regs)));
    Attribute isolated;
    isolated.kind = Attribute::Kind::Bool;
    addAttr(*op, "isolated", isolated);
    addAttr(*op, "num_warps", denseI32(std::move(warps)));
    addAttr(*op, "roles", Attribute::array(std::move(roles)));
    addAttr(*op, "agents", Attribute::array(std::move(members)));
    if (p.dualSimt) addAttr(*op, "dual_simt", Attribute::unit());
    return op;
  }

  std::unique_ptr<Operation> makeMutex(const MutexValue &m) {
    auto op = newOp(kMutexOpName, m.name, "!nv_tileas.mutex");
    op->typeText = "() -> !nv_tileas.mutex";
    addAttr(*op, "barrier", i32(m.barrier));
    addAttr(*op, "protects", nameList(m.protects, names_));
    std::vector<Attribute> reasons;
    for (const std::string &r : m.reasons) reasons.push_back(Attribute::string(r));
    addAttr(*op, "reasons", Attribute::array(std::move(reasons)));
    addAttr(*op, kAttrAwsStage, i32(m.stage));
    addAttr(*op, kAttrAwsOrder, i32(m.order));
    return op;
  }

  Module &module_;
  const ScheduledBlock &block_;
  const MaterializedSchedule &plan_;
  const std::vector<std::string> &names_;
};

}  // namespace

void rewriteScheduledRegion(Module &module, const ScheduledBlock &block, const MaterializedSchedule &plan) {
  if (!plan.valid) return;
  Rewriter(module, block, plan).run();
}

}  // namespace tilesched
