#include "driver/Emitters.h"
#include "ir/Printer.h"

namespace tilesched {

std::string emitScheduledIR(Module &module, const DriverRun &run) {
  for (const BlockResult &r : run.blocks) {
    if (r.status == BlockStatus::Failed) continue;
    for (size_t i = 0; i < r.block.ops.size(); ++i) {
      // Per-op i32 attributes: the Pipe/Mutex page's shape (facts §4.3, docs/decisions.md).
      r.block.ops[i]->setDiscardableAttr("nv_tile.aws.stage", Attribute::integer(r.analysis.ops[i].stage));
      r.block.ops[i]->setDiscardableAttr("nv_tile.aws.order", Attribute::integer(r.analysis.ops[i].order));
      r.block.ops[i]->setDiscardableAttr("nv_tile.aws.cycle", Attribute::integer(r.analysis.ops[i].cycle));
    }
    if (r.block.owner && r.block.owner->name == "scf.for") {
      r.block.owner->setDiscardableAttr("nv_tile.aws.ii", Attribute::integer(r.analysis.ii));
      r.block.owner->setDiscardableAttr("nv_tile.aws.stage_count", Attribute::integer(r.analysis.stageCount));
    }
  }
  return printModule(module);
}

}  // namespace tilesched
