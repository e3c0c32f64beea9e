// What every phase knows about an operation from its name alone (the name as normalized by the
// parser: `cuda_tile.addi` for an `addi` written inside a `cuda_tile.module`): which ops are
// modules, functions, loops and block terminators, and which dialect the prefix-less op names in
// an op's regions belong to. One table, so the parser, the graph and the materializer agree
// (docs/decisions.md, "Dialects the front end reads").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/IR.h"

namespace tilesched {

// builtin.module / module / cuda_tile.module: `NAME [@sym] [attributes {...}] { ... }`.
bool isModuleOpName(std::string_view name);
// func.func, tt.func, cuda_tile.entry, ...: `NAME [visibility] @sym(%a: T, ...) [-> R] { ... }`.
bool isFunctionOpName(std::string_view name);
// Ops that end their block (scf.yield, tt.return, cuda_tile.continue, ...).
bool isTerminatorOpName(std::string_view name);
// tt.call / func.call: ops that run a function of the module.
bool isCallOpName(std::string_view name);
// The symbol a call names (`@f`, from `callee = @f` or the custom form's `@f(...)`); empty for an
// op that is not a call or names none.
std::string calleeOf(const Operation &call);
// The function `symbol` names among the module's top-level ops and the ops of its module ops
// (MLIR's symbol table: functions live directly in a module); nullptr when none is.
const Operation *findFunction(const Module &module, std::string_view symbol);
// The dialect that a prefix-less op name in this op's regions belongs to (MLIR's
// OpAsmOpInterface::getDefaultDialect): "cuda_tile" inside cuda_tile ops; empty when the regions
// inherit the enclosing default. (`return` with no default dialect is read as it stands.)
std::string_view defaultDialectOf(std::string_view opName);

// Where a custom form's type text gives its results' types: its assembly format, so a type that
// belongs to an operand is not taken for a result (tt.load's is the pointer's, ttg.local_store's
// `-> T` the destination's). Triton's dialects default to `Arrow`, everything else to `Written`
// (docs/decisions.md, "Result types of custom forms").
enum class ResultTypeRule : uint8_t {
  Written,          // the types after a top-level `->`, else `: T` / `: A, B` as written
  Arrow,            // only the types after a top-level `->`; unknown without one
  Pointee,          // tt.load: the pointer operand's type with `!tt.ptr<T>` read as T
  Predicate,        // arith.cmpi / cmpf: i1, with the operand type's shape and encoding
  AfterTo,          // casts: `T to U` gives U
  First,            // tt.addptr: `: result-type, offset-type`
  Last,             // arith.select: `: i1, T` gives T
  Tokens,           // every result is an async token (`!ttg.async.token`)
  ArrowThenTokens,  // the types after `->`, the remaining results async tokens (ttng.tmem_load)
};
ResultTypeRule resultTypeRuleOf(std::string_view name);
// The async token an op's results are, spelled in the op's own dialect generation: Triton's 2024
// ops (`triton_gpu.*`, `triton_nvidia_gpu.*`) give `!triton_gpu.async.token`, the rest
// `!ttg.async.token`, so a loop carrying the token has one type on both sides of its yield.
std::string_view tritonAsyncTokenOf(std::string_view opName);

// The custom form the parser reads an op with, by its name: the structural forms whose grammar
// tilesched knows, else `Unknown` (operand text, regions, attributes and type text in the order
// written; SPEC §2).
enum class CustomForm : uint8_t {
  Unknown,
  Module,      // isModuleOpName
  Function,    // isFunctionOpName
  ScfFor,      // scf.for %iv = %lb to %ub step %s [iter_args(...)]
  TileFor,     // cuda_tile.for %iv in (%lb to %ub, step %s) [iter_values(...)]
  TileLoop,    // cuda_tile.loop [iter_values(...)]
  Terminator,  // isTerminatorOpName, except scf.condition
  Constant,    // arith.constant
};
CustomForm customFormOf(std::string_view name);

// A loop the scheduler pipelines. Its body is the entry block of its first region; the body's
// first `inductionVars` arguments are induction variables, the others carry values from one
// iteration to the next: carried argument k of iteration i+1 is operand k of the body's
// terminator (named `latch`) in iteration i, and operand `firstInit + k` of the loop op in the
// first iteration.
struct LoopKind {
  int inductionVars;
  int firstInit;
  std::string_view latch;
  std::string_view carriedKeyword;  // what the syntax calls the carried values, for messages
};
// nullptr when `name` is not a loop (scf.for, cuda_tile.for and cuda_tile.loop are).
const LoopKind *loopKindOf(std::string_view name);

// Which loops an op's regions are searched for: those the scheduler pipelines (a LoopKind), or
// every op that repeats its regions (scf.while too: its trip count is unknown, so it is costed as
// one op and never pipelined).
enum class LoopSet { Pipelined, Any };
bool isLoopOp(const Operation &op, LoopSet which);
// Whether an op nested at any depth in `op`'s regions is a loop of `which` (`op` itself is not
// counted). A function holding a pipelined loop is not one acyclic block (graph/ScheduledBlock);
// a loop holding any loop is an outer loop Triton does not pipeline (frontend/triton).
bool holdsLoop(const Operation &op, LoopSet which);

// What Triton's pipeliner asks of an op (lib/Dialect/TritonGPU/Transforms/Pipeliner/), by name in
// both generations of Triton's dialect names: `Dot` for DotOpInterface (an MMA; its accumulator is
// operand 2), `TmemDot` for the Blackwell MMAs that accumulate in tensor memory, `Load` for the
// loads AssignLatencies considers for pipelining.
enum class TritonOpRole : uint8_t { None, Dot, TmemDot, Load };
TritonOpRole tritonOpRoleOf(std::string_view name);
inline bool isTritonDot(std::string_view name) {
  const TritonOpRole role = tritonOpRoleOf(name);
  return role == TritonOpRole::Dot || role == TritonOpRole::TmemDot;
}

// What a register tensor an op makes costs in registers, as Triton lowers it: its own elements
// (Own); its operand's registers, each element a copy of one of them (View: tt.broadcast,
// tt.expand_dims); one value in every element (Uniform: tt.splat, one register per thread, as a
// scalar). The estimate's register count and buffer assignment's register buffers read this.
enum class RegisterForm : uint8_t { Own, View, Uniform };
RegisterForm registerFormOf(std::string_view name);

// The parts of a loop op that the phases read. Valid only when `op` is non-null.
struct LoopView {
  Operation *op = nullptr;
  const LoopKind *kind = nullptr;
  Block *body = nullptr;
  Operation *latch = nullptr;  // the body's terminator, if it is the loop's `continue`

  // For a carried argument of the body, the value the previous iteration passes to it (the
  // latch's operand); nullptr for anything else.
  Value *nextIterationValue(const Value *arg) const;
};
LoopView viewLoop(Operation &op);

// The iterations of a loop whose lower bound, upper bound and step (operands 0-2 of scf.for and
// cuda_tile.for) are integer constants: ceil((ub - lb) / step), 0 when ub <= lb. nullopt for any
// other bound, a step below 1, or a loop without bounds (cuda_tile.loop).
std::optional<int64_t> constantTripCount(const LoopView &loop);

}  // namespace tilesched
