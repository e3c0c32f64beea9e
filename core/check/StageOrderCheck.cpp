// Stages and orders: stage == floor(cycle / II), (stage, order) unique, order a rank by cycle
// inside each stage (SPEC §5.1, docs/decisions.md "Independent checker").
#include <algorithm>
#include <tuple>

#include "check/Checks.h"
#include "support/Sort.h"

namespace tilesched::check {

// stage == floor(cycle / II); cycles start at 0 (SPEC §5.1).
void checkStages(CheckContext &c) {
  for (int i = 0; i < c.numNodes(); ++i) {
    const CheckedOp &op = c.ops[i];
    if (op.cycle < 0) {
      c.add(
          Violation::Kind::StageMismatch, i, -1,
          c.name(i) + " starts at cycle " + std::to_string(op.cycle) + ", but cycles start at 0, so no stage holds it");
      continue;
    }
    const int expected = op.cycle / c.ii;
    if (op.stage != expected)
      c.add(Violation::Kind::StageMismatch, i, -1,
            c.name(i) + " has stage " + std::to_string(op.stage) + ", but cycle " + std::to_string(op.cycle) +
                " at II " + std::to_string(c.ii) + " is stage " + std::to_string(op.cycle) + " / " +
                std::to_string(c.ii) + " = " + std::to_string(expected));
  }
}

// (stage, order) is unique per block, and inside a stage `order` ranks ops by cycle (equal
// cycles in any order): no op may start before an op of a lower order in its stage.
void checkStageOrder(CheckContext &c) {
  const std::vector<CheckedOp> &ops = c.ops;
  const std::vector<int> byOrder = stableOrder(c.numNodes(), [&](int a, int b) {
    return std::tie(ops[a].stage, ops[a].order) < std::tie(ops[b].stage, ops[b].order);
  });
  size_t begin = 0;
  while (begin < byOrder.size()) {
    const int stage = ops[byOrder[begin]].stage;
    int latest = -1;  // op of a lower order in this stage with the largest cycle
    size_t group = begin;
    while (group < byOrder.size() && ops[byOrder[group]].stage == stage) {
      size_t groupEnd = group;
      const int order = ops[byOrder[group]].order;
      while (groupEnd < byOrder.size() && ops[byOrder[groupEnd]].stage == stage &&
             ops[byOrder[groupEnd]].order == order)
        ++groupEnd;
      for (size_t j = group + 1; j < groupEnd; ++j)
        c.add(Violation::Kind::DuplicateStageOrder, byOrder[j], byOrder[group],
              c.name(byOrder[group]) + " and " + c.name(byOrder[j]) + " share (stage " + std::to_string(stage) +
                  ", order " + std::to_string(order) + ")");
      for (size_t j = group; j < groupEnd && latest >= 0; ++j) {
        const int op = byOrder[j];
        if (ops[op].cycle < ops[latest].cycle)
          c.add(Violation::Kind::OrderMismatch, op, latest,
                "in stage " + std::to_string(stage) + ", " + c.name(latest) + " (order " +
                    std::to_string(ops[latest].order) + ", cycle " + std::to_string(ops[latest].cycle) +
                    ") is ordered before " + c.name(op) + " (order " + std::to_string(order) + ", cycle " +
                    std::to_string(ops[op].cycle) + "), which starts earlier");
      }
      for (size_t j = group; j < groupEnd; ++j)
        if (latest < 0 || ops[byOrder[j]].cycle > ops[latest].cycle) latest = byOrder[j];
      group = groupEnd;
    }
    begin = group;
  }
}

}  // namespace tilesched::check
