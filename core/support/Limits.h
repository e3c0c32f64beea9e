// The bounds on what an input can make tilesched spend or write (docs/decisions.md, "Limits"),
// shared by every phase that checks one, so that, e.g., the HatScheT import refuses what the
// scheduler would refuse instead of writing a snippet it rejects.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tilesched {

// Bytes of one MLIR input, GraphML graph or HatScheT resource model; files are read up to one
// byte more, so a larger file (or /dev/zero) is named, never read whole.
inline constexpr size_t kMaxInputBytes = size_t{8} << 20;
// Operations of one input (the parser's count; the HatScheT import refuses larger graphs).
inline constexpr size_t kMaxOperations = 200000;
// Bytes of one target-model JSON (the built-in models are 4 KB).
inline constexpr size_t kMaxModelBytes = size_t{1} << 20;
// Cycles, IIs and schedule lengths: every cycle a generator computes is 64-bit and checked
// against this, so no sum saturates or wraps; a block that needs more fails with a diagnostic.
inline constexpr int64_t kMaxCycle = int64_t{1} << 30;
// Op latencies (model, sched.latency), pool capacities, footprint rows (target model).
inline constexpr int kMaxLatency = 100000;
inline constexpr int kMaxCapacity = 1 << 20;
inline constexpr int kMaxFootprintRows = 1024;
// Slot and pool units held by all the ops of one input, footprint rows times entries: every
// phase stores, folds and prints them per op, so a 1 024-row model footprint used by 200 000
// ops would otherwise be hundreds of millions.
inline constexpr size_t kMaxFootprintUnits = size_t{1} << 22;
// Cells one --trace entry lists as `cells` or `conflicts`; the rest are counted
// (`cells_dropped`, `conflicts_dropped`). A TMA store that holds its unit 1 730 cycles would
// otherwise list every cell at every bump: 20 000 entries of it were gigabytes of JSON.
inline constexpr size_t kMaxTraceCells = 32;
// Units the kept --trace entries of one run list in all (commits list their op's every unit,
// for the replay); the entries after the first that would pass it are counted, not kept. About
// 18 MB of JSON, so that a traced run stays within 256 MB of wasm memory: the gallery's
// persistent TMA matmul under hopper-measured listed 9 million.
inline constexpr size_t kMaxTraceUnits = 200000;
// sched.deps latency and iteration distance.
inline constexpr int kMaxDepValue = 1000000;

}  // namespace tilesched
