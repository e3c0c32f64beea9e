// Which blocks get scheduled (SPEC §2): the body of every loop (scf.for, cuda_tile.for,
// cuda_tile.loop: ir/OpKinds), innermost loops first; a function body with no loop is one
// acyclic block per basic block.
#pragma once

#include <string>
#include <vector>

#include "ir/IR.h"
#include "ir/OpKinds.h"
#include "support/Diagnostics.h"

namespace tilesched {

struct ScheduledBlock {
  std::string name;            // "loop@12" style: kind and source line of the owner
  Operation *owner = nullptr;  // the loop, function or module that owns the block
  Block *body = nullptr;
  bool isLoop = false;              // a loop body: iteration-carried edges exist
  LoopView loop;                    // isLoop: the loop's carried values
  std::vector<Operation *> ops;     // scheduled ops in program order (terminator excluded)
  Operation *terminator = nullptr;  // scf.yield / cuda_tile.continue / return, if any
  SourceRange range;
  bool sharesOwner = false;  // one basic block of several in a loop-free function

  // The op that carries the block's nv_tile.aws.ii and stage_count: its owner, unless there is
  // none (a bare snippet) or the owner holds several scheduled blocks; then each op carries the II.
  Operation *scheduleHolder() const { return sharesOwner ? nullptr : owner; }
};

std::vector<ScheduledBlock> collectScheduledBlocks(Module &m);

// A short name for an op in messages: its first result ("%a"), its sched.label ("@st0"), or
// "op-name@LINE"; past 64 bytes cut, with "..." (docs/decisions.md, "Limits").
std::string describeOp(const Operation &op);
// An op describeOp names by its line: no result and no sched.label.
bool namedByLine(const Operation &op);

}  // namespace tilesched
