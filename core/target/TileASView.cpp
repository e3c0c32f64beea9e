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
  View(const std::vector<Operation *> &ops, const TargetModel &model) : ops_(ops), model_(model) {
    for (size_t i = 0; i < ops.size(); ++i) {
      entries_.push_back(model.lookup(ops[i]->name));
      if (entries_.back() && !entries_.back()->unsupported.empty()) entries_.back() = nullptr;
      walkOps(*ops[i], [&](Operation &o) {
        for (const Value *v : o.operands) users_[v].push_back(i);
      });
    }
  }

  TileASView build() const {
    TileASView view;
    for (size_t i = 0; i < ops_.size(); ++i) {
      const OpModel *m = entries_[i];
      const std::optional<std::vector<std::string>> *lowered = m ? &m->lowersTo : nullptr;
      if (m && m->lowersToPipelined && feedsMma(i)) lowered = &m->lowersToPipelined;
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
  // Whether a result of op `i` reaches an MMA (an op with the wgmma trait) of the block directly
  // or through ops that forward it (`forwards_to_mma`, and views): the loads Triton's pipeliner
  // and tileiras' MaterializeAsync turn into async copies.
  bool feedsMma(size_t i) const {
    std::vector<size_t> work{i};
    std::vector<bool> seen(ops_.size(), false);
    seen[i] = true;
    while (!work.empty()) {
      const Operation &op = *ops_[work.back()];
      work.pop_back();
      for (const Value *result : op.results) {
        auto it = users_.find(result);
        if (it == users_.end()) continue;
        for (size_t u : it->second) {
          const OpModel *m = entries_[u];
          if (!m || seen[u]) continue;
          seen[u] = true;
          if (m->traits & TraitWgmma) return true;
          if (m->forwardsToMma || m->view != ViewKind::None) work.push_back(u);
        }
      }
    }
    return false;
  }

  const std::vector<Operation *> &ops_;
  const TargetModel &model_;
  std::vector<const OpModel *> entries_;                          // null: unknown or unsupported
  std::unordered_map<const Value *, std::vector<size_t>> users_;  // value -> ops using it, in order
};

}  // namespace

TileASView tileASView(const std::vector<Operation *> &ops, const TargetModel &model) {
  return View(ops, model).build();
}

}  // namespace tilesched
