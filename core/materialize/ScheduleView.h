// The Schedule view the materializer reconstructs from the analysis (seed 003, "recover
// scheduled depths"): op -> (stage, order, cycle), op -> owning node, and the two maps of the
// internal Schedule (facts §7.2): origMap (value -> raw value / async handle, producer side)
// and the consumer-side use lists. Nothing here looks at generation internals.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "ir/TypeAliases.h"
#include "materialize/MaterializeSchedule.h"

namespace tilesched {

// Where a used value comes from: the node that defines it and the iteration distance (each
// iter_arg hop adds one), or no producer in the block (live-in, or an iter_arg chain that
// yields no op's result).
struct UseSource {
  int producer = -1;
  int distance = 0;
  const Value *value = nullptr;  // the value as the producer defines it (the live-in otherwise)
};

// A use as Schedule::solve reads it, traced once: its origin, where it comes from, and whether
// the value is a result of the producer's own op (not of an op nested in it) with that origin.
struct TracedUse {
  const Value *value = nullptr;
  const Value *origin = nullptr;
  UseSource src;
  bool producerResult = false;
};

class ScheduleView {
public:
  explicit ScheduleView(const MaterializeInput &in);

  int numNodes() const { return static_cast<int>(info_.size()); }
  int ii() const { return ii_; }
  const OpSchedule &info(int node) const { return info_[node]; }
  const Operation &op(int node) const { return *block_.ops[node]; }
  const ScheduledBlock &block() const { return block_; }
  bool outsideLoop(int node) const {
    return node >= 0 && static_cast<size_t>(node) < outsideLoop_.size() && outsideLoop_[node];
  }

  // Lexicographic (stage, order); the node id breaks ties so the comparison is total.
  bool before(int a, int b) const;
  // Nodes sorted by (stage, order): the rebuilt block order.
  const std::vector<int> &stageOrder() const { return stageOrder_; }

  // A value's type with `!alias` definitions of the module expanded.
  std::string typeOf(const Value *v) const { return aliases_.resolve(v->type); }
  std::string resolveType(const std::string &type) const { return aliases_.resolve(type); }
  // Both types known and different once aliases are spelled out (a real Pipe_ type mismatch).
  bool typesDiffer(const Value *a, const Value *b) const {
    return !a->type.empty() && !b->type.empty() && !aliases_.sameType(a->type, b->type);
  }

  // Owner map: the node of the block that is, or contains, `op`; -1 outside the block.
  int nodeOf(const Operation *op) const;
  // origMap: the raw value a value belongs to. Token-typed results of an op that takes a token
  // operand of the same type forward that operand's handle; iter_args take their yielded
  // value's origin; everything else is its own origin (docs/decisions.md).
  const Value *origin(const Value *v) const;
  UseSource trace(const Value *v) const;
  // Values a node reads (its operands and those of its nested ops) that are defined outside
  // it, first use first.
  const std::vector<const Value *> &uses(int node) const { return uses_[node]; }
  // uses(node), each traced: the solves walk them once per consumer whose group they reach.
  const std::vector<TracedUse> &tracedUses(int node) const { return tracedUses_[node]; }
  // Nodes with a result whose origin is `raw`, in (stage, order).
  const std::vector<int> &producersOf(const Value *raw) const;
  // Whether a result of `node` has origin `raw` (`node` is then in producersOf(raw)).
  bool produces(int node, const Value *raw) const;

  // Kernel iterations a value written by `producer` survives until `consumer` reads it
  // `distance` iterations later: stage(C) + d - stage(P) (at least 0).
  int stagesCrossed(int producer, int consumer, int distance) const;
  // Ring slots that hand-off needs: the producer of iteration i + depth must not overwrite the
  // slot before the consumer has read it, so depth = floor(lifetime / II) + 1 with lifetime =
  // cycle(C) + d*II - cycle(P) (at least 0).
  int ringDepth(int producer, int consumer, int distance) const;

private:
  const Value *computeOrigin(const Value *v, std::vector<const Value *> &path);
  const Value *forwardedFrom(const Value *v) const;
  bool isIterArg(const Value *v) const;

  const ScheduledBlock &block_;
  int ii_ = 1;
  std::vector<OpSchedule> info_;
  std::vector<int> stageOrder_;
  const TypeAliases &aliases_;  // the caller's (one per module), or none
  std::vector<bool> outsideLoop_;
  std::unordered_map<const Operation *, int> nodeOf_;
  std::unordered_map<const Value *, const Value *> origin_;
  std::unordered_map<const Value *, std::vector<int>> producersOf_;
  std::vector<std::vector<const Value *>> uses_;
  std::vector<std::vector<TracedUse>> tracedUses_;
};

}  // namespace tilesched
