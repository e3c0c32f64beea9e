// Which slot of a ring buffer an index names in each iteration (docs/decisions.md, "Ring
// buffers"). Triton's pipeliner multi-buffers a loop's shared memory and mbarriers: each is an
// allocation of N slots along its leading dimension, indexed by a slot that advances by one per
// iteration and wraps at N (`ttg.memdesc_index %ring[%slot]`). The effect edges need that slot as
// a function of the iteration to give two accesses of one slot the distance at which it comes
// round again. Part of the dependence-graph phase (EffectEdges asks it).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "graph/ScheduledBlock.h"

namespace tilesched {

// An index that rotates: in iteration i it names slot (base(clock) + i + offset) mod period.
// Clock 0 counts iterations from the loop's first (base 0); another clock is a counter whose start
// the IR does not show (a function argument): its base is unknown but fixed, so slots of one
// clock compare exactly and slots of different clocks not at all.
struct RingSlot {
  int clock = 0;
  int period = 1;
  int offset = 0;
  bool sameRotation(const RingSlot &o) const { return clock == o.clock && period == o.period; }
};

// A rotating slot, or in plain words why the index is not one.
struct SlotOrReason {
  std::optional<RingSlot> slot;
  std::string reason;
};

// Rings of more slots are not followed (their accesses keep one-location edges): each slot costs
// the edge builder one more pass over the body.
inline constexpr int kMaxRingSlots = 32;

// Evaluates the integer arithmetic (arith.* on constants, the induction variable and carried
// counters) that computes an index inside one loop body. Memoised per index; safe on any input.
class SlotAnalysis {
public:
  explicit SlotAnalysis(const ScheduledBlock &block);
  ~SlotAnalysis();
  SlotAnalysis(const SlotAnalysis &) = delete;
  SlotAnalysis &operator=(const SlotAnalysis &) = delete;

  SlotOrReason slotOf(const Value *index);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The leading dimension of a `memdesc<NxMx...>` type (aliases resolved by the caller); nullopt
// when the type shows none.
std::optional<int> leadingDimension(const std::string &type);
// The number of dimensions of a `memdesc<...>` type; nullopt when the type shows none.
std::optional<int> memdescRank(const std::string &type);

// An NVWS aref (`%a = nvws.aref.create %buf, ...`): a FIFO of N slots over its buffers, N their
// leading dimension. The k-th put.enter and the k-th get.enter of an aref take slot k mod N
// (Triton's NVWS AssignStagePhase numbers them so, per partition: each consumer partition gets
// every slot), so a loop body whose partitions each put and get at most once per iteration,
// unconditionally, uses slot i mod N in iteration i: one rotation of the aref's own clock for the
// aref and its buffers. The enter ops' stage operands are not read.
struct Aref {
  int buffers = 0;  // N; 0 when the buffers' types disagree or show none
  SlotOrReason slot;
};

// The arefs a loop's nvws.aref.* ops use, keyed by the aref value; none outside a loop.
// `leading` gives a value's leading dimension (its type's aliases resolved). Aref k's clock is
// -1 - k: it compares with no index's.
std::unordered_map<const Value *, Aref> loopArefs(const ScheduledBlock &block,
                                                  const std::function<std::optional<int>(const Value &)> &leading);

// The aref `v` is a buffer of (a result of put.enter / get.enter / aref.buffer, or the aref
// itself), and the buffer it is a slot of (the create's operand at v's index; the aref itself).
struct ArefBuffer {
  const Value *aref = nullptr;    // null: `v` is no aref's
  const Value *buffer = nullptr;  // the value whose slot `v` is
};
ArefBuffer arefBufferOf(const Value &v);

// arith.cmpi's predicate (0 eq, 1 ne, 2 slt, ... 9 uge): the keyword of the custom form or the
// generic form's integer; nullopt when neither is readable.
std::optional<int> cmpiPredicate(const Operation &op);

}  // namespace tilesched
