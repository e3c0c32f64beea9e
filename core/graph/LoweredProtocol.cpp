#include "graph/LoweredProtocol.h"

namespace tilesched {

LoweredProtocol findLoweredProtocol(const ScheduledBlock &block, const TargetModel &model) {
  LoweredProtocol p;
  if (!block.isLoop) return p;
  for (const Operation *op : block.ops)
    if (op->lookupAttr("loop.stage")) return {};
  for (const Operation *op : block.ops) {
    const OpModel *m = model.lookup(op->name);
    const MemAccess barrier = m ? m->effects.of(MemSpace::Barrier) : MemAccess::None;
    if (barrier == MemAccess::Wait && !p.wait) p.wait = op;
    if (barrier == MemAccess::Arrive && p.wait && !p.arrive) p.arrive = op;
  }
  return p.arrive ? p : LoweredProtocol{};
}

}  // namespace tilesched
