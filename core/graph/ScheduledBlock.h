// Which blocks get scheduled (SPEC §2): the body of every scf.for, innermost loops first;
// a function body with no loop is one acyclic block.
#pragma once

#include <string>
#include <vector>

#include "ir/IR.h"

namespace tilesched {

struct ScheduledBlock {
  std::string name;         // "loop@12" style: kind and source line of the owner
  Operation *owner = nullptr;  // the scf.for, func.func or module that owns the block
  Block *body = nullptr;
  bool isLoop = false;      // scf.for body: iteration-carried edges exist
  std::vector<Operation *> ops;  // scheduled ops in program order (terminator excluded)
  Operation *terminator = nullptr;  // scf.yield / return, if any
  SourceRange range;
};

std::vector<ScheduledBlock> collectScheduledBlocks(Module &m);

// A short name for an op in messages: its first result ("%a"), its sched.label ("@st0"), or
// "op-name@LINE".
std::string describeOp(const Operation &op);

}  // namespace tilesched
