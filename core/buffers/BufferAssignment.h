// Buffer assignment (seed 003's schedule-data map, facts §5): the buffers a scheduled loop needs,
// sized in bytes and checked against the target's SMEM and TMEM budgets. It runs after
// materialization and reads only what the earlier passes published: the ScheduleAnalysis, the
// Pipe_ values (their depth is the materializer's ring depth, never recomputed here), the block's
// types and the model. It never places an op.
//
//   allocations the loop uses + TMA tiles + tensor-memory values + Pipe_ payloads
//     -> bytes per slot (TileType) x slots -> live ranges in modulo cycles
//     -> sharing (facts §5 phase 4) -> bytes per space against the budgets
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contract/ScheduleAnalysis.h"
#include "graph/DependenceGraph.h"
#include "ir/TypeAliases.h"
#include "materialize/MaterializeSchedule.h"

namespace tilesched {

enum class BufferSpace { Smem, Tmem, Registers };
const char *bufferSpaceName(BufferSpace s);  // "smem", "tmem", "registers"

struct Buffer {
  // Why the loop needs it: an allocation it uses (inside or before the loop), the SMEM tile a TMA
  // op moves, or a value the schedule keeps (a Pipe_ payload, a tensor-memory value).
  enum class Kind { Allocation, TmaTile, Value };
  Kind kind = Kind::Value;
  std::string value;  // "%a_ring"; an op without a result by describeOp
  BufferSpace space = BufferSpace::Smem;
  std::string element;                  // element type, for sharing
  std::optional<int64_t> bytesPerSlot;  // nullopt: the type gives no size
  int slots = 1;
  std::optional<int64_t> bytes;  // bytesPerSlot x slots
  SourceRange range;             // the op that defines it
  int node = -1;                 // its node in the block; -1 for an allocation before the loop
  int pipe = -1;                 // the Pipe_ (index into the materialized pipes) whose depth gives the slots
  // A register tensor's reads (reader node, iterations after the definition), views of it
  // included: its slots are the copies they keep, not its Pipe_'s depth. A read by another node
  // keeps the materializer's ring depth, floor((cycle(C) + d*II - cycle(P)) / II) + 1 (a read II
  // cycles on meets the next definition); the defining node's own read of its value d iterations
  // back (an accumulator, a counter) updates it in place and keeps d.
  std::vector<std::pair<int, int>> reads;
  bool wholeLoop = false;  // live through every iteration (an allocation before the loop)
  int64_t liveBegin = 0;   // cycles of one iteration, [begin, end)
  int64_t liveEnd = 0;
  int region = -1;         // buffers with one region share its bytes (never live at the same time)
  bool storeTile = false;  // the SMEM tile a TMA store writes out
  // A tile tileiras' class rule puts in SMEM only because the GPU has no tensor memory (facts §5:
  // no tmem feature -> SMEM), e.g. a Hopper WGMMA accumulator the pipeline hands between stages.
  bool smemForNoTmem = false;
  // Triton's memory planner placed it (`buffer.id` on its allocation; docs/decisions.md, "Memory
  // as the compiler allocates it"): allocations of one id are one backing buffer, `buffer.copy`
  // its slots, `buffer.offset` its place in the CTA's SMEM.
  std::optional<int64_t> plannerId, plannerOffset;
  bool inPlanned = false;  // a tile in one of the planner's allocations: not counted again
};

struct MemoryUse {
  int64_t smemBytes = 0;  // regions of known size
  int64_t tmemBytes = 0;
  int64_t registerBytes = 0;
  std::optional<int> smemBudget;  // the model's; INT_MAX when lifted (TILE_AS_DEBUG_UNLIMITED_SMEM)
  std::optional<int> tmemBudget;
  int unknownBuffers = 0;  // buffers whose size the types do not give (not in the sums)
  bool smemFits() const { return !smemBudget || smemBytes <= *smemBudget; }
  bool tmemFits() const { return !tmemBudget || tmemBytes <= *tmemBudget; }
  bool fits() const { return smemFits() && tmemFits(); }
  bool checked() const { return smemBudget || tmemBudget; }
};

struct BufferPlan {
  std::vector<Buffer> buffers;  // allocations before the loop first (program order), then by node
  MemoryUse memory;
};

struct BufferInput {
  const ScheduledBlock *block = nullptr;
  const TypeAliases *aliases = nullptr;
  const TargetModel *model = nullptr;
  const std::vector<OpResources> *resources = nullptr;  // per node: traits and footprint
  const ScheduleAnalysis *analysis = nullptr;
  const MaterializedSchedule *materialized = nullptr;
  bool unlimitedSmem = false;  // --unlimited-smem
};

BufferPlan assignBuffers(const BufferInput &in);

// The edges that keep buffer `b` within `slots` slots, cycle(C) + d*II - cycle(P) < slots*II for
// each read, i.e. an edge C -> P of latency 1 and distance slots - d (EdgeKind::Lifetime): for a
// register tensor each of its reads (its defining node's own read needs none while d <= slots),
// for another buffer each hand-off of its Pipe_ (producer P, consumer C reading it d iterations
// later). Empty when the buffer has neither or a read needs more than `slots` iterations.
std::vector<DepEdge> slotLimitEdges(const BufferInput &in, const Buffer &b, int slots);

// The edges that hold every register tensor the block defines and reads, a Pipe_ carrying it or
// not, within the copies its reads keep in this schedule (slotLimitEdges at its current slots):
// a schedule meeting them cannot move a reader or a producer so that a tensor keeps more copies.
std::vector<DepEdge> registerHoldEdges(const BufferInput &in);

// The least bytes any schedule could give `space`: the allocations before the loop (fixed) plus
// the largest one slot of another buffer. Over the budget, no schedule fits.
int64_t leastBytes(const BufferPlan &plan, BufferSpace space);

}  // namespace tilesched
