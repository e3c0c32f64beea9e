// In-memory form of a textual nv_tileas snippet (SPEC §2): a tree of operations, regions and
// blocks with resolved SSA values. Types stay opaque text; attributes keep MLIR attribute
// structure so the constraint parser (seed 004) can read them.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/Diagnostics.h"

namespace tilesched {

struct Operation;
struct Block;
struct Region;

struct NamedAttribute;

struct Attribute {
  enum class Kind {
    Unit,        // a key with no value: `{foo}`
    Bool,        // true / false
    Integer,     // 42, -1, 0x10 with optional `: i32`
    Float,       // 1.5 : f32 (spelling kept in `text`)
    String,      // "..." (unescaped value in `text`)
    Array,       // [a, b, ...]
    DenseArray,  // array<i32: 1, 2> (element type in `type`, values in `elements`)
    Dict,        // {k = v, ...}
    Opaque,      // anything else kept verbatim: #alias, #dialect<...>, affine_map<...>, types
  };
  Kind kind = Kind::Unit;
  bool boolValue = false;
  int64_t intValue = 0;
  std::string text;  // string value, float spelling, or verbatim opaque text
  std::string type;  // `: i32` suffix type for Integer/Float; element type for DenseArray
  std::vector<Attribute> elements;
  std::vector<NamedAttribute> entries;
  SourceRange range;

  bool isInteger() const { return kind == Kind::Integer; }
  std::optional<int64_t> asInt() const;
  static Attribute unit();
  static Attribute integer(int64_t v, std::string type = "i32");
  static Attribute string(std::string s);
  static Attribute array(std::vector<Attribute> elems);
};

struct NamedAttribute {
  std::string name;
  Attribute value;
  SourceRange range;  // covers `name = value`
};

// Finds `name` in a dictionary; nullptr when absent.
const NamedAttribute *findAttr(const std::vector<NamedAttribute> &dict, const std::string &name);

struct Value {
  std::string name;                 // printed spelling: "%acc", "%r#1", "%arg0"
  std::string type;                 // opaque type text; may be empty when the syntax gave none
  Operation *definingOp = nullptr;  // null for block arguments and live-ins
  Block *ownerBlock = nullptr;      // for block arguments
  int index = 0;                    // result index or block-argument index
  bool liveIn = false;              // used but never defined in the snippet
  SourceRange range;                // where it is defined (or first used, for live-ins)
};

struct Block {
  std::string label;  // "^bb0" or empty for an implicit entry block
  std::vector<Value *> arguments;
  std::vector<std::unique_ptr<Operation>> operations;
  Region *parentRegion = nullptr;
  SourceRange range;
};

struct Region {
  std::vector<std::unique_ptr<Block>> blocks;
  Operation *parentOp = nullptr;
  SourceRange range;
  // Custom form: the text before this region's `{`, verbatim: a keyword (`else`, `do`,
  // `default`) and any header (`partition0(%a: T) num_warps(4)`), or empty.
  std::string keyword;
  // The entry block's arguments are declared in the text before the region (a `(%a: T, ...)`
  // group in `keyword`, or in the op's operand text), not by a `^bb0(...)` label.
  bool argsInHeader = false;
};

// How an operation was written, so the printer can reproduce it (print→parse→print is a fixed
// point) and users see their own spelling in the scheduled IR.
enum class OpSyntax {
  Generic,   // "dialect.op"(%a, %b) <{props}> ({regions}) {attrs} : (types) -> (types)
  Custom,    // dialect.op <operandText> {attrs} : <typeText>   (unknown custom ops)
  Module,    // module / cuda_tile.module [@name] [attributes {...}] { ... }
  Func,      // func.func / tt.func / cuda_tile.entry @name(%arg: type, ...) [-> types] [attributes {...}] { ... }
  For,       // scf.for %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (types)] { ... } [{attrs}]
  TileFor,   // cuda_tile.for [unsigned] %iv in (%lb to %ub, step %s) : type
             //   [iter_values(%a = %x, ...) -> (types)] { ... } [{attrs}]
  TileLoop,  // cuda_tile.loop [iter_values(%a = %x, ...)] [: types [-> types]] { ... } [{attrs}]
  Yield,     // scf.yield %a, %b : types
  Return,    // return / func.return / tt.return / cuda_tile.continue ... %a : types
  Constant,  // arith.constant <attr> : type
};

// The pieces of a custom form after the op name, in the order they were written (so the printer
// reproduces `ttg.warp_specialize(%a) attributes {...} default {...}` or an operand written after
// the attribute dictionary). Custom, Yield and Return syntax only.
enum class CustomPiece : uint8_t {
  Operands,           // operandText (Yield/Return: the operand list)
  Properties,         // <{...}>
  Attributes,         // {...}
  KeywordAttributes,  // attributes {...}
  Region,             // the next region, after its keyword text
  Text,               // the next entry of trailingText: operands or keywords after an earlier piece
  Type,               // `:` typeText
};

struct Operation {
  std::string name;      // "nv_tileas.async.tiled_tma_load"; "cuda_tile.addi" for an `addi`
                         // written where cuda_tile is the default dialect
  std::string spelling;  // the name as written, when it differs from `name` ("addi")
  OpSyntax syntax = OpSyntax::Generic;
  std::vector<Value *> results;
  std::vector<Value *> operands;           // SSA uses in textual order (all forms)
  std::vector<NamedAttribute> properties;  // inherent: `<{...}>`
  std::vector<NamedAttribute> attributes;  // discardable: `{...}`
  std::vector<std::unique_ptr<Region>> regions;

  // Form-specific text kept verbatim for printing.
  std::string symbol;                     // @name of module / func
  std::string operandText;                // Custom: text between the op name and the attr-dict / `:`;
                                          // Func: the visibility keyword; TileFor: `unsigned` or empty;
                                          // Generic: the successor list `[^a, ^b]`, or empty
  std::string typeText;                   // Custom/Yield/Return/Constant: text after `:`; For/TileFor: the
                                          // induction variable's type; TileLoop: the types after `:`;
                                          // Generic: the functional type "(a, b) -> (c)"
  std::string signatureText;              // Func: "(%arg0: i32) -> f32" and any `key=value` after it, verbatim
  Attribute constantValue;                // Constant: the value attribute
  std::string locText;                    // trailing `loc(...)` verbatim, or empty
  bool operandsGlued = false;             // Custom: operandText follows the name with no space (`op(%a)`)
  std::vector<CustomPiece> layout;        // Custom/Yield/Return: the written order; empty = canonical
  std::vector<std::string> trailingText;  // Custom: the text of each CustomPiece::Text, verbatim

  Block *parentBlock = nullptr;
  SourceRange range;  // whole op
  SourceRange nameRange;

  // Inherent first, then discardable (seed 004 lookup order).
  const Attribute *lookupAttr(const std::string &key) const;
  const Attribute *inherentAttr(const std::string &key) const;
  const Attribute *discardableAttr(const std::string &key) const;
  void setDiscardableAttr(const std::string &key, Attribute value);
  Operation *parentOp() const;
  bool isTerminator() const;  // scf.yield, return, tt.return, cuda_tile.continue, ... (ir/OpKinds)
  const std::string &spelledName() const { return spelling.empty() ? name : spelling; }
};

// A `#name = ...` or `!name = ...` definition at top level, kept verbatim, and where: after the
// first `opsBefore` top-level operations. The printer writes it there, not hoisted: an op the
// definition ended would otherwise run on into the next one (`s.` then `s.<>` is one op).
struct AliasDef {
  std::string text;
  SourceRange range;
  size_t opsBefore = 0;
};

struct Module {
  std::vector<AliasDef> aliases;
  // A trailing `{-# dialect_resources: ... #-}` block (MLIR's file metadata), verbatim.
  std::string fileMetadata;
  // Top-level operations in source order (a `module`, a `func.func`, or bare ops/loops).
  std::vector<std::unique_ptr<Operation>> operations;
  std::deque<Value> values;  // owns every Value; deque keeps pointers stable

  Value *newValue();
};

// Walks ops in MLIR's block-then-operation pre-order (Operation::walk order, seed 004).
template <typename F>
void walkOps(Operation &op, F &&f);
template <typename F>
void walkBlockOps(Block &b, F &&f) {
  for (auto &op : b.operations) walkOps(*op, f);
}
template <typename F>
void walkOps(Operation &op, F &&f) {
  f(op);
  for (auto &r : op.regions)
    for (auto &b : r->blocks) walkBlockOps(*b, f);
}
template <typename F>
void walkModule(Module &m, F &&f) {
  for (auto &op : m.operations) walkOps(*op, f);
}

}  // namespace tilesched
