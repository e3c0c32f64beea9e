// A schedule as the checker reads it (stage, order and cycle per op) and what a check finds: the
// contract between the producers of a schedule (the generators, the pinned-schedule reader) and
// the independent checker (SPEC §4.8), so neither needs the other's code.
#pragma once

#include <string>

namespace tilesched {

struct CheckedOp {
  int stage = 0;
  int order = 0;
  int cycle = 0;
};

struct Violation {
  // Shape: the inputs disagree with each other (op count, edge endpoints, resource indices);
  // a caller bug, reported instead of indexing out of range.
  enum class Kind {
    Dependence,
    Resource,
    StageMismatch,
    DuplicateStageOrder,
    OrderMismatch,
    BadII,
    Shape,
    MaxDepth,
    SameDepth,
    Leader,
    ForceSerial,
    MemoryOrder,   // a memory edge of the effect table (docs/decisions.md "Memory and synchronisation edges")
    BarrierOrder,  // a barrier edge: mbarrier conflicts, a wait's acquire or an arrive's release
  };
  Kind kind = Kind::Dependence;
  int node = -1;         // the op the violation is reported at
  int otherNode = -1;    // the other end of the edge / the other op
  int edge = -1;         // index into DependenceGraph::edges for dependence violations
  int row = -1;          // modulo row for resource violations
  std::string resource;  // slot or pool name for resource violations
  std::string message;   // a sentence with the numbers
};

// The kind's name in JSON and diagnostics ("dependence", "max-depth", ...).
inline const char *violationKindName(Violation::Kind k) {
  switch (k) {
  case Violation::Kind::Dependence: return "dependence";
  case Violation::Kind::Resource: return "resource";
  case Violation::Kind::StageMismatch: return "stage-mismatch";
  case Violation::Kind::DuplicateStageOrder: return "duplicate-stage-order";
  case Violation::Kind::OrderMismatch: return "order-mismatch";
  case Violation::Kind::BadII: return "bad-ii";
  case Violation::Kind::Shape: return "shape";
  case Violation::Kind::MaxDepth: return "max-depth";
  case Violation::Kind::SameDepth: return "same-depth";
  case Violation::Kind::Leader: return "leader";
  case Violation::Kind::ForceSerial: return "force-serial";
  case Violation::Kind::MemoryOrder: return "memory-order";
  case Violation::Kind::BarrierOrder: return "barrier-order";
  }
  return "unknown";
}

}  // namespace tilesched
