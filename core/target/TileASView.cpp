#include "target/TileASView.h"

#include <unordered_map>

namespace tilesched {
namespace {

// The traits of the named ops (what one op lowers to); unsupported entries add none.
unsigned traitsOf(const std::vector<std::string> &names, const TargetModel &model) {
  unsigned traits = TraitNone;
  for (const std::string &name : names)
    if (const OpModel *m = model.lookup(name); m && m->unsupported.empty()) traits |= m->traits;
  return traits;
}

// What the ops in the regions of a region op (scf.if's branches) add to its traits once lowered,
// as they add to its cost (OpResources.cpp).
unsigned nestedTraits(const Operation &op, const TargetModel &model) {
  unsigned traits = TraitNone;
  for (const auto &region : op.regions)
    for (const auto &block : region->blocks)
      for (const auto &inner : block->operations) {
        const OpModel *m = model.lookup(inner->name);
        if (m && m->unsupported.empty()) traits |= m->lowersTo ? traitsOf(*m->lowersTo, model) : m->traits;
        traits |= nestedTraits(*inner, model);
      }
  return traits;
}

class View {
public:
  View(const std::vector<Operation *> &ops, const TargetModel &model, const LoweringDecisions &decided)
      : ops_(ops), model_(model), decided_(decided) {
    std::unordered_map<const Value *, std::vector<size_t>> users;  // value -> ops using it
    for (size_t i = 0; i < ops.size(); ++i) {
      entries_.push_back(model.lookup(ops[i]->name));
      if (entries_.back() && !entries_.back()->unsupported.empty()) entries_.back() = nullptr;
      walkOps(*ops[i], [&](Operation &o) {
        for (const Value *v : o.operands) users[v].push_back(i);
      });
    }
    // A value is used only by later ops of the block (a loop passes it on through the latch, as
    // another value), so one pass from the last op back settles whether each op feeds an MMA.
    feedsMma_.assign(ops.size(), false);
    for (size_t i = ops.size(); i-- > 0;)
      for (const Value *result : ops[i]->results) {
        auto it = users.find(result);
        if (it == users.end()) continue;
        for (size_t u : it->second) {
          const OpModel *m = entries_[u];
          if (u <= i || !m) continue;
          const bool forwards = m->forwardsToMma || m->view != ViewKind::None;
          if ((m->traits & TraitWgmma) || (forwards && feedsMma_[u])) feedsMma_[i] = true;
        }
      }
  }

  TileASView build() const {
    TileASView view;
    view.pipelined.assign(ops_.size(), false);
    for (size_t i = 0; i < ops_.size(); ++i) {
      const OpModel *m = entries_[i];
      const std::optional<std::vector<std::string>> *lowered = m ? &m->lowersTo : nullptr;
      if (i < decided_.outsideLoop.size() && decided_.outsideLoop[i]) continue;
      const int triton = i < decided_.tritonPipelined.size() ? decided_.tritonPipelined[i] : -1;
      if (m && m->lowersToPipelined && (triton >= 0 ? triton > 0 : feedsMma_[i])) {
        lowered = &m->lowersToPipelined;
        view.pipelined[i] = true;
      }
      if (lowered && lowered->has_value()) {
        view.opCount += static_cast<int>((*lowered)->size());
        view.traits |= traitsOf(**lowered, model_);
      } else {
        view.opCount += 1;
        view.traits |= m ? m->traits : TraitNone;
      }
      if (m && m->regionCost != RegionCost::None) view.traits |= nestedTraits(*ops_[i], model_);
    }
    return view;
  }

private:
  const std::vector<Operation *> &ops_;
  const TargetModel &model_;
  const LoweringDecisions &decided_;
  std::vector<const OpModel *> entries_;  // null: unknown or unsupported
  // Whether a result of the op reaches an MMA (an op with the wgmma trait) of the block directly
  // or through ops that forward it (`forwards_to_mma`, and views): the loads Triton's pipeliner
  // and tileiras' MaterializeAsync turn into async copies.
  std::vector<bool> feedsMma_;
};

}  // namespace

TileASView tileASView(const std::vector<Operation *> &ops, const TargetModel &model, const LoweringDecisions &decided) {
  return View(ops, model, decided).build();
}

}  // namespace tilesched
