// The structural custom forms of SPEC §2 (the op name is consumed already): modules, functions,
// scf.for, cuda_tile.for / loop, terminators and arith.constant.
#include "ir/ParserImpl.h"

#include "ir/OpKinds.h"

namespace tilesched {

// module / cuda_tile.module [@name] [attributes {...}] { ... }
bool Parser::parseModuleOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Module;
  if (!rejectResults(op, names)) return false;
  if (tok_.is(Tok::AtId)) {
    op.symbol = spelling();
    consume();
  }
  if (isKeyword("attributes")) {
    consume();
    if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the dictionary after 'attributes'");
    if (!parseAttrDict(op.attributes)) return false;
  }
  if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the body of '" + op.name + "'");
  static const std::vector<EntryArg> noArgs;
  op.regions.push_back(std::make_unique<Region>());
  return parseRegion(*op.regions.back(), &op, true, &noArgs);
}

// `%name: type [{attrs}] [loc(...)]`, or just `type [{attrs}]` in a declaration.
bool Parser::parseFuncArgument(std::vector<EntryArg> &args) {
  EntryArg a;
  if (tok_.is(Tok::PercentId)) {
    a.name = spelling();
    a.range = tok_.range();
    if (a.name.find('#') != std::string::npos) return error(a.range, "argument names cannot carry a '#N' suffix");
    consume();
    if (!tok_.is(Tok::Colon)) return errorHere("':' and the type of argument '" + a.name + "'");
    consume();
  } else {
    a.range = tok_.range();
  }
  if (!parseType(a.type)) return false;
  if (tok_.is(Tok::LBrace)) {
    std::vector<NamedAttribute> argAttrs;  // kept verbatim in the signature text
    if (!parseAttrDict(argAttrs)) return false;
  }
  std::string loc;
  if (!parseTrailingLoc(loc)) return false;
  args.push_back(std::move(a));
  return true;
}

// `(T, ...)` or `T` after `->`; the types go to `out`.
bool Parser::parseResultTypes(std::vector<std::string> &out, const std::string &what) {
  if (!tok_.is(Tok::LParen)) {
    out.emplace_back();
    return parseType(out.back());
  }
  SourceLoc open = tok_.begin();
  consume();
  if (!tok_.is(Tok::RParen)) {
    do {
      out.emplace_back();
      if (!parseType(out.back())) return false;
      std::vector<NamedAttribute> resultAttrs;  // func results may carry them; kept verbatim
      if (tok_.is(Tok::LBrace) && !parseAttrDict(resultAttrs)) return false;
    } while (consumeIf(Tok::Comma));
  }
  return expectClose(Tok::RParen, ("the result types of " + what).c_str(), open);
}

// NAME [private|public|nested|linkage words] @name(args) [-> results] [key=value...] [attributes {...}]
//   [{ body } [{attrs}]]
// for every function op of ir/OpKinds (func.func, tt.func, cuda_tile.entry, ...). `key=value`
// after the signature is cuda_tile.entry's `optimization_hints=<...>`; the attribute dictionary
// may also follow the body, as cuda_tile prints it.
bool Parser::parseFuncOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Func;
  if (!rejectResults(op, names)) return false;
  // The words before the name: visibility (`private`), and llvm.func's linkage, visibility and
  // calling convention (`internal`, `linkonce_odr hidden`, `spir_funccc`), kept as written.
  while (tok_.is(Tok::BareId) && (peek(1).is(Tok::BareId) || peek(1).is(Tok::AtId))) {
    op.operandText += (op.operandText.empty() ? "" : " ") + spelling();
    consume();
  }
  if (!tok_.is(Tok::AtId)) return errorHere("the function name, e.g. '@kernel'");
  op.symbol = spelling();
  consume();
  if (!tok_.is(Tok::LParen)) return errorHere("'(' to start the arguments of '" + op.symbol + "'");
  std::vector<EntryArg> args;
  {
    Capture cap(*this, op.signatureText);
    SourceLoc open = tok_.begin();
    consume();
    if (!tok_.is(Tok::RParen)) {
      do {
        if (!parseFuncArgument(args)) return false;
      } while (consumeIf(Tok::Comma));
    }
    if (!expectClose(Tok::RParen, ("the arguments of '" + op.symbol + "'").c_str(), open)) return false;
    std::vector<std::string> results;
    if (consumeIf(Tok::Arrow) && !parseResultTypes(results, "'" + op.symbol + "'")) return false;
    while (tok_.is(Tok::BareId) && !isKeyword("attributes") && peek(1).is(Tok::Equal)) {
      consume();
      consume();
      Attribute value;
      if (tok_.is(Tok::Less) ? !parseBalancedBody() : !parseAttribute(value)) return false;
    }
  }
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i].name.empty() != args[0].name.empty())
      return error(args[i].range,
                   "all arguments of '" + op.symbol + "' must be named ('%x: type') or none (a declaration)");
  if (isKeyword("attributes")) {
    consume();
    if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the dictionary after 'attributes'");
    if (!parseAttrDict(op.attributes)) return false;
  }
  op.regions.push_back(std::make_unique<Region>());
  if (!tok_.is(Tok::LBrace)) return true;  // a declaration
  if (!args.empty() && args[0].name.empty())
    return error(args[0].range, "'" + op.symbol + "' has a body, so its arguments need names ('%x: type')");
  if (!parseRegion(*op.regions.back(), &op, true, &args)) return false;
  return parseTrailingAttrDict(op);
}

// `{attrs}` after a body, on the line of its closing `}` (scf.for, cuda_tile loops and entries).
bool Parser::parseTrailingAttrDict(Operation &op) {
  if (!tok_.is(Tok::LBrace) || tok_.lineStart || !isAttrDictStart(false)) return true;
  if (!op.attributes.empty())
    return error(tok_.range(), "'" + op.name + "' already has an attribute dictionary; merge the two");
  return parseAttrDict(op.attributes);
}

// `NAME(%a = %x, ...)`: the loop-carried arguments and their initial values (operands of `op`).
bool Parser::parseIterArgs(Operation &op, std::vector<EntryArg> &args) {
  const std::string keyword = spelling();
  consume();
  if (!tok_.is(Tok::LParen)) return errorHere("'(' after '" + keyword + "'");
  return parseInitList(op, args, keyword);
}

// `(%a = %x, ...)`: entry arguments of the region that follows and their initial values; the
// arguments are typed later (by the loop's result types, or scf.while's function type).
bool Parser::parseInitList(Operation &op, std::vector<EntryArg> &args, const std::string &keyword) {
  SourceLoc open = tok_.begin();
  consume();
  if (!tok_.is(Tok::RParen)) {
    do {
      if (!tok_.is(Tok::PercentId)) return errorHere("an iteration argument such as '%acc = %init'");
      EntryArg a{spelling(), "", tok_.range()};
      if (a.name.find('#') != std::string::npos)
        return error(a.range, "iteration argument names cannot carry a '#N' suffix");
      consume();
      if (!tok_.is(Tok::Equal)) return errorHere("'=' and the initial value of '" + a.name + "'");
      consume();
      if (!parseOperandUse(op)) return false;
      args.push_back(std::move(a));
    } while (consumeIf(Tok::Comma));
  }
  return expectClose(Tok::RParen, ("the " + keyword + " of '" + op.spelledName() + "'").c_str(), open);
}

// Gives the carried arguments `args[first..]` the loop's result types (scf.for and cuda_tile.for
// declare one type per carried value after `->`), and untyped initial values the same types.
bool Parser::typeCarriedArgs(Operation &op, std::vector<EntryArg> &args, size_t first,
                             const std::vector<std::string> &types, SourceRange typesRange) {
  size_t carried = args.size() - first;
  const std::string counted = std::to_string(carried) + " " + std::string(loopKindOf(op.name)->carriedKeyword);
  if (types.size() != carried) {
    if (types.empty())
      return error(tok_.range(), "expected '->' and the types of the " + counted + " of '" + op.spelledName() +
                                     "', found " + describeCurrent());
    return error(typesRange, "'" + op.spelledName() + "' has " + counted + " but " + std::to_string(types.size()) +
                                 " result type(s)");
  }
  size_t firstInit = op.operands.size() - carried;
  for (size_t i = 0; i < carried; ++i) {
    args[first + i].type = types[i];
    if (op.operands[firstInit + i]->type.empty()) op.operands[firstInit + i]->type = types[i];
  }
  return true;
}

// The loop body `{ ... }` with its entry arguments, then the attribute dictionary, then results.
bool Parser::parseLoopBody(Operation &op, const ResultNames &names, const std::vector<EntryArg> &args,
                           const std::vector<std::string> &resultTypes) {
  if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the body of '" + op.spelledName() + "'");
  op.regions.push_back(std::make_unique<Region>());
  if (!parseRegion(*op.regions.back(), &op, false, &args)) return false;
  if (!verifyLoopLatch(op)) return false;
  if (!parseTrailingAttrDict(op)) return false;
  return makeResults(op, names, resultTypes);
}

// MLIR's loop verifiers (scf.for, cuda_tile.for / loop): the scf.yield / continue that ends the
// body carries one value per loop-carried value (the next iteration's values and, after the last
// iteration, the loop's results). A cuda_tile.loop may end in `break` instead. Types are not
// compared: type text may spell one type two ways (!alias definitions).
bool Parser::verifyLoopLatch(const Operation &loop) {
  const LoopKind &kind = *loopKindOf(loop.name);
  const Region &body = *loop.regions.back();
  const size_t carried = loop.operands.size() - static_cast<size_t>(kind.firstInit);
  const Operation *latch = nullptr;
  if (!body.blocks.empty() && !body.blocks.back()->operations.empty())
    latch = body.blocks.back()->operations.back().get();
  if (latch && latch->name != kind.latch) latch = nullptr;
  const size_t yielded = latch ? latch->operands.size() : 0;
  if (yielded == carried || (!latch && kind.inductionVars == 0)) return true;
  // The latch as the user would write it: prefix-less where the loop is.
  std::string latchName(kind.latch);
  if (!loop.spelling.empty()) latchName = latchName.substr(latchName.find('.') + 1);
  const std::string counted = std::to_string(carried) + " " + std::string(kind.carriedKeyword);
  if (!latch)
    return error(loop.nameRange, "'" + loop.spelledName() + "' has " + counted + ", so its body must end with an '" +
                                     latchName + "' of " + std::to_string(carried) + " value(s)");
  return error(latch->nameRange, "'" + latch->spelledName() + "' yields " + std::to_string(yielded) +
                                     " value(s), but the '" + loop.spelledName() + "' at line " +
                                     std::to_string(loop.nameRange.begin.line) + " has " + counted +
                                     ": the yield gives the next value of each one");
}

// An induction variable: `%i` (no `#N` suffix).
bool Parser::parseInductionVar(Operation &op, std::vector<EntryArg> &args) {
  if (!tok_.is(Tok::PercentId)) return errorHere("the induction variable of '" + op.spelledName() + "', e.g. '%i'");
  args.push_back({spelling(), "index", tok_.range()});
  if (args.back().name.find('#') != std::string::npos)
    return error(args.back().range, "the induction variable cannot carry a '#N' suffix");
  consume();
  return true;
}

// scf.for %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (types)] [: type] { ... } [{attrs}]
bool Parser::parseForOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::For;
  std::vector<EntryArg> args;
  if (!parseInductionVar(op, args)) return false;
  if (!tok_.is(Tok::Equal)) return errorHere("'=' after the induction variable of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (!isKeyword("to")) return errorHere("'to' between the bounds of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (!isKeyword("step")) return errorHere("'step' after the upper bound of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (isKeyword("iter_args") && !parseIterArgs(op, args)) return false;
  std::vector<std::string> resultTypes;
  SourceLoc typesBegin = tok_.begin();
  if (consumeIf(Tok::Arrow) && !parseResultTypes(resultTypes, "'scf.for'")) return false;
  if (!typeCarriedArgs(op, args, 1, resultTypes, rangeFrom(typesBegin))) return false;
  if (consumeIf(Tok::Colon)) {
    if (!parseType(op.typeText)) return false;
    args[0].type = op.typeText;
  }
  return parseLoopBody(op, names, args, resultTypes);
}

// cuda_tile.for [unsigned] %iv in (%lb to %ub, step %s) : type
//   [iter_values(%a = %x, ...) -> (types)] { ... } [{attrs}]     (cuda-tile ForOp::parse)
bool Parser::parseTileForOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::TileFor;
  const std::string quoted = "'" + op.spelledName() + "'";
  if (isKeyword("unsigned")) {
    op.operandText = spelling();
    consume();
  }
  std::vector<EntryArg> args;
  if (!parseInductionVar(op, args)) return false;
  if (!isKeyword("in")) return errorHere("'in' after the induction variable of " + quoted);
  consume();
  if (!tok_.is(Tok::LParen)) return errorHere("'(' to start the range of " + quoted + ", e.g. '(%lb to %ub, step %s)'");
  SourceLoc open = tok_.begin();
  consume();
  if (!parseOperandUse(op)) return false;
  if (!isKeyword("to")) return errorHere("'to' between the bounds of " + quoted);
  consume();
  if (!parseOperandUse(op)) return false;
  if (!tok_.is(Tok::Comma)) return errorHere("', step' after the upper bound of " + quoted);
  consume();
  if (!isKeyword("step")) return errorHere("'step' after the upper bound of " + quoted);
  consume();
  if (!parseOperandUse(op)) return false;
  if (!expectClose(Tok::RParen, ("the range of " + quoted).c_str(), open)) return false;
  if (!tok_.is(Tok::Colon)) return errorHere("':' and the type of the induction variable of " + quoted);
  consume();
  if (!parseType(op.typeText)) return false;
  args[0].type = op.typeText;
  std::vector<std::string> resultTypes;
  if (isKeyword("iter_values")) {
    if (!parseIterArgs(op, args)) return false;
    SourceLoc typesBegin = tok_.begin();
    if (consumeIf(Tok::Arrow) && !parseResultTypes(resultTypes, quoted)) return false;
    if (!typeCarriedArgs(op, args, 1, resultTypes, rangeFrom(typesBegin))) return false;
  }
  return parseLoopBody(op, names, args, resultTypes);
}

// cuda_tile.loop [iter_values(%a = %x, ...) : types [-> types]] [: types] { ... } [{attrs}]
// (cuda-tile LoopOp::parse): the results are what `break` passes out, so their types may differ
// from the carried values'.
bool Parser::parseTileLoopOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::TileLoop;
  const std::string quoted = "'" + op.spelledName() + "'";
  std::vector<EntryArg> args;
  if (isKeyword("iter_values") && !parseIterArgs(op, args)) return false;
  std::vector<std::string> carriedTypes, resultTypes;
  if (tok_.is(Tok::Colon)) {
    consume();
    Capture cap(*this, op.typeText);
    SourceLoc typesBegin = tok_.begin();
    if (!parseTypeList(args.empty() ? resultTypes : carriedTypes)) return false;
    if (!args.empty()) {
      SourceRange typesRange = rangeFrom(typesBegin);
      if (carriedTypes.size() != args.size())
        return error(typesRange, quoted + " has " + std::to_string(args.size()) + " iter_values but " +
                                     std::to_string(carriedTypes.size()) + " type(s) after ':'");
      if (consumeIf(Tok::Arrow) && !parseTypeList(resultTypes)) return false;
    }
  } else if (!args.empty()) {
    return errorHere("':' and the types of the loop-carried values of " + quoted);
  }
  if (!args.empty() && !typeCarriedArgs(op, args, 0, carriedTypes, {})) return false;
  return parseLoopBody(op, names, args, resultTypes);
}

// A terminator: scf.yield / return / tt.return / cuda_tile.continue / ...
//   [{attrs}] [%a, %b] [{attrs}] [: t1, t2]
// (scf.yield writes its attribute dictionary first, ttg.warp_yield after the operands).
bool Parser::parseTerminatorOp(Operation &op, const ResultNames &names) {
  op.syntax = op.name == "scf.yield" ? OpSyntax::Yield : OpSyntax::Return;
  if (!rejectResults(op, names)) return false;
  auto attributes = [&]() {
    if (!tok_.is(Tok::LBrace) || !op.attributes.empty() || !isAttrDictStart(false)) return true;
    op.layout.push_back(CustomPiece::Attributes);
    return parseAttrDict(op.attributes);
  };
  if (!attributes()) return false;
  if (tok_.is(Tok::PercentId) && !tok_.lineStart) {
    op.layout.push_back(CustomPiece::Operands);
    do {
      if (!parseOperandUse(op)) return false;
    } while (consumeIf(Tok::Comma));
  }
  if (!attributes()) return false;
  if (!tok_.is(Tok::Colon)) return true;
  consume();
  SourceLoc typesBegin = tok_.begin();
  std::vector<std::string> types;
  {
    Capture cap(*this, op.typeText);
    if (!parseTypeList(types)) return false;
  }
  if (types.size() != op.operands.size())
    return error(rangeFrom(typesBegin), "'" + op.spelledName() + "' has " + std::to_string(op.operands.size()) +
                                            " operand(s) but " + std::to_string(types.size()) + " type(s) after ':'");
  for (size_t i = 0; i < types.size(); ++i)
    if (op.operands[i]->type.empty()) op.operands[i]->type = types[i];
  return true;
}

// arith.constant [{attrs}] <value> [: type]
bool Parser::parseConstantOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Constant;
  if (tok_.is(Tok::LBrace) && !parseAttrDict(op.attributes)) return false;
  if (!parseAttribute(op.constantValue)) return false;
  if (!op.constantValue.type.empty()) {
    op.typeText = op.constantValue.type;
  } else if (consumeIf(Tok::Colon)) {
    if (!parseType(op.typeText)) return false;
  }
  std::vector<std::string> types{op.typeText};
  if (names.size() > 1 || (!names.empty() && names[0].count > 1))
    return error(names.front().range, "'arith.constant' produces exactly one result");
  return makeResults(op, names, types);
}

}  // namespace tilesched
