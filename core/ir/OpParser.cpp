// The operation forms of SPEC §2: generic, the structural custom forms (module, func.func,
// scf.for, scf.yield, return, arith.constant) and unknown custom ops.
#include "ir/ParserImpl.h"

#include <optional>

namespace tilesched {

namespace {

constexpr int kMaxResultsPerOp = 1 << 16;

// A small non-negative integer token (decimal or hex); nullopt past `limit`.
std::optional<int> smallInt(std::string_view s, int limit) {
  int base = s.size() > 2 && s[1] == 'x' ? 16 : 10;
  int64_t v = 0;
  for (size_t i = base == 16 ? 2 : 0; i < s.size(); ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
    v = v * base + d;
    if (v > limit) return std::nullopt;
  }
  return static_cast<int>(v);
}

}  // namespace

// Result types of an unknown custom op from its verbatim type text: `T` for one result, `A, B`
// for several, or the results of a trailing `-> R` / `-> (A, B)`. Unknown (empty) otherwise,
// e.g. for `f32 from vector<4xf32>`.
std::vector<std::string> Parser::customResultTypes(const std::string &typeText, size_t n) const {
  std::vector<std::string> none(n);
  Lexer lx(typeText);
  std::vector<Token> toks;
  std::vector<int> depth;  // bracket depth before each token
  int d = 0;
  for (Token t = lx.lex(); !t.is(Tok::Eof) && !t.is(Tok::Error); t = lx.lex()) {
    if (isCloseBracket(t.kind)) --d;
    toks.push_back(t);
    depth.push_back(d);
    if (isOpenBracket(t.kind)) ++d;
  }
  size_t begin = 0, end = toks.size();
  for (size_t i = 0; i < toks.size(); ++i)
    if (toks[i].is(Tok::Arrow) && depth[i] == 0) begin = i + 1;
  if (begin > 0 && end - begin >= 2 && toks[begin].is(Tok::LParen) && toks[end - 1].is(Tok::RParen)) {
    bool wraps = true;  // `(A, B)` rather than `(A) -> B`-like text
    for (size_t i = begin + 1; i + 1 < end; ++i) wraps &= depth[i] > 0;
    if (wraps) {
      ++begin;
      --end;
    }
  }
  std::vector<std::string> items;
  int base = begin < end ? depth[begin] : 0;
  size_t itemBegin = begin;
  for (size_t i = begin; i <= end; ++i) {
    if (i < end && !(toks[i].is(Tok::Comma) && depth[i] == base)) {
      // A second top-level word means this item is not a single type.
      if (i > itemBegin && depth[i] == base && toks[i].spaceBefore) return none;
      continue;
    }
    if (i == itemBegin) return none;
    const Token &first = toks[itemBegin], &last = toks[i - 1];
    items.push_back(typeText.substr(first.offset, last.offset + last.length - first.offset));
    if (!isOneType(items.back())) return none;
    itemBegin = i + 1;
  }
  return items.size() == n ? items : none;
}

// The materializer prints result types into generic ops (Pipe_ payloads), so an item counts only
// if the generic grammar reads it as exactly one type (fuzz regression: `: 4444tensor<4xf32>`).
bool Parser::isOneType(std::string_view text) const {
  DiagnosticEngine scratch;
  Module module;
  Parser p(text, scratch, limits_, module);
  std::string type;
  return p.parseType(type) && p.tok_.is(Tok::Eof) && !scratch.hasErrors();
}

size_t Parser::resultCount(const ResultNames &names) {
  size_t n = 0;
  for (const ResultName &rn : names) n += rn.count > 0 ? static_cast<size_t>(rn.count) : 1;
  return n;
}

// ---------------------------------------------------------------------------------------------

std::unique_ptr<Operation> Parser::parseOperation(Block *parent) {
  SourceLoc begin = tok_.begin();
  if (++opCount_ > limits_.maxOperations) {
    error(tok_.range(), "the input has more than " + std::to_string(limits_.maxOperations) +
                            " operations (ParseLimits::maxOperations); split the snippet");
    stopped_ = true;
    tok_.kind = Tok::Eof;
    return nullptr;
  }
  ResultNames names;
  auto op = std::make_unique<Operation>();
  op->parentBlock = parent;
  bool ok = !tok_.is(Tok::PercentId) || parseResultNames(names);
  if (ok) {
    op->nameRange = tok_.range();
    if (tok_.is(Tok::String)) {
      ok = parseGenericOp(*op, names);
    } else if (tok_.is(Tok::BareId)) {
      std::string name = spelling();
      if (name == "module" || name == "builtin.module") ok = parseModuleOp(*op, names);
      else if (name == "func.func") ok = parseFuncOp(*op, names);
      else if (name == "scf.for") ok = parseForOp(*op, names);
      else if (name == "scf.yield" || name == "return" || name == "func.return") ok = parseTerminatorOp(*op, names);
      else if (name == "arith.constant") ok = parseConstantOp(*op, names);
      else if (name.find('.') == std::string::npos)
        ok = error(tok_.range(), "unknown operation '" + name +
                                     "'; custom-form operation names are written 'dialect.op' (or quote "
                                     "the name to use the generic form)");
      else ok = parseCustomOp(*op, names);
    } else {
      ok = errorHere("an operation");
    }
  }
  if (ok) ok = parseTrailingLoc(op->locText);
  if (!ok) {
    // Keep the names bound so later uses do not pile up "undefined value" warnings.
    for (const ResultName &n : names) {
      Value *v = module_.newValue();
      v->name = n.base;
      v->range = n.range;
      scopes_.define(n.base, std::vector<Value *>(n.count > 0 ? n.count : 1, v), n.range, true);
    }
    return nullptr;
  }
  op->range = rangeFrom(begin);
  defineResults(*op, names);
  return op;
}

// `%a, %r:2 =`
bool Parser::parseResultNames(ResultNames &names) {
  size_t total = 0;
  do {
    if (!tok_.is(Tok::PercentId)) return errorHere("a result name such as '%x'");
    ResultName n;
    n.base = spelling();
    n.range = tok_.range();
    if (n.base.find('#') != std::string::npos)
      return error(n.range, "result names cannot carry a '#N' suffix; write '%r:N = ...' to define N results");
    consume();
    if (tok_.is(Tok::Colon)) {
      consume();
      if (!tok_.is(Tok::Integer)) return errorHere("the number of results after ':'");
      std::optional<int> count = smallInt(spell(tok_), kMaxResultsPerOp);
      if (!count || *count < 1)
        return error(tok_.range(), "the number of results must be between 1 and " + std::to_string(kMaxResultsPerOp));
      n.count = *count;
      consume();
      n.range.end = prevEnd_;
    }
    total += n.count > 0 ? n.count : 1;
    if (total > static_cast<size_t>(kMaxResultsPerOp))
      return error(n.range, "too many results (limit " + std::to_string(kMaxResultsPerOp) + ")");
    names.push_back(std::move(n));
  } while (consumeIf(Tok::Comma));
  if (!tok_.is(Tok::Equal)) return errorHere("'=' after the result names");
  consume();
  return true;
}

bool Parser::rejectResults(const Operation &op, const ResultNames &names) {
  if (names.empty()) return true;
  return error(names.front().range, "'" + op.name + "' produces no results; remove the names before '='");
}

// Creates the result values; with no names on the left of `=` the op keeps no result values.
bool Parser::makeResults(Operation &op, const ResultNames &names, const std::vector<std::string> &types) {
  if (names.empty()) return true;
  size_t n = resultCount(names);
  if (types.size() != n)
    return error(names.front().range, "'" + op.name + "' produces " + std::to_string(types.size()) +
                                          " result(s) but " + std::to_string(n) +
                                          " name(s) are given before '='");
  for (const ResultName &rn : names) {
    int count = rn.count > 0 ? rn.count : 1;
    for (int i = 0; i < count; ++i) {
      Value *v = module_.newValue();
      v->name = rn.count > 0 ? rn.base + "#" + std::to_string(i) : rn.base;
      v->index = static_cast<int>(op.results.size());
      v->type = types[op.results.size()];
      v->definingOp = &op;
      v->range = rn.range;
      op.results.push_back(v);
    }
  }
  return true;
}

void Parser::defineResults(Operation &op, const ResultNames &names) {
  size_t next = 0;
  for (const ResultName &rn : names) {
    size_t count = rn.count > 0 ? rn.count : 1;
    if (next + count > op.results.size()) return;
    std::vector<Value *> group(op.results.begin() + next, op.results.begin() + next + count);
    scopes_.define(rn.base, group, rn.range);
    next += count;
  }
}

bool Parser::parseOperandUse(Operation &op) {
  if (!tok_.is(Tok::PercentId)) return errorHere("an SSA value such as '%x'");
  op.operands.push_back(scopes_.use(spell(tok_), tok_.range()));
  consume();
  return true;
}

bool Parser::parseTrailingLoc(std::string &out) {
  if (!isLocStart()) return true;
  Capture cap(*this, out);
  consume();
  return parseBalancedBody();
}

// `{` starts an attribute dictionary when followed by `}`, or by a name and then `=`, `,` or
// (on the same line) `}`; otherwise it starts a region (docs/decisions.md).
bool Parser::isAttrDictStart() const {
  Token t1 = peek(1);
  if (t1.is(Tok::RBrace)) return true;
  if (!t1.is(Tok::BareId) && !t1.is(Tok::String)) return false;
  Token t2 = peek(2);
  if (t2.is(Tok::Equal) || t2.is(Tok::Comma)) return true;
  return t2.is(Tok::RBrace) && !t1.lineStart;
}

// `<{...}>`: the op's inherent attributes (properties).
bool Parser::parseProperties(Operation &op) {
  SourceLoc open = tok_.begin();
  consume();
  if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the properties of '" + op.name + "' (written '<{...}>')");
  if (!parseAttrDict(op.properties)) return false;
  return expectClose(Tok::Greater, ("the properties of '" + op.name + "'").c_str(), open);
}

// ---------------------------------------------------------------------------------------------
// Generic form: "name"(operands) <{props}> ({regions}) {attrs} : (types) -> (types)

bool Parser::parseGenericOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Generic;
  size_t bad = 0;
  if (tok_.unterminated || !unescapeString(spell(tok_), op.name, bad))
    return error(tok_.range(), "invalid operation name string");
  if (op.name.empty()) return error(tok_.range(), "operation name must not be empty");
  std::string quoted = "'" + op.name + "'";
  consume();
  if (!tok_.is(Tok::LParen)) return errorHere("'(' to start the operand list of " + quoted);
  SourceLoc open = tok_.begin();
  consume();
  if (!tok_.is(Tok::RParen)) {
    do {
      if (!parseOperandUse(op)) return false;
    } while (consumeIf(Tok::Comma));
  }
  if (!expectClose(Tok::RParen, ("the operand list of " + quoted).c_str(), open)) return false;
  if (tok_.is(Tok::LSquare))
    return error(tok_.range(), "successor blocks are not supported: tilesched reads successor-free regions");
  if (tok_.is(Tok::Less) && !parseProperties(op)) return false;
  auto parseRegionList = [&]() {
    SourceLoc o = tok_.begin();
    consume();
    do {
      if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start a region of " + quoted);
      op.regions.push_back(std::make_unique<Region>());
      if (!parseRegion(*op.regions.back(), &op, false, nullptr)) return false;
    } while (consumeIf(Tok::Comma));
    return expectClose(Tok::RParen, ("the region list of " + quoted).c_str(), o);
  };
  bool haveRegions = tok_.is(Tok::LParen);
  if (haveRegions && !parseRegionList()) return false;
  if (tok_.is(Tok::LBrace) && !parseAttrDict(op.attributes)) return false;
  if (!haveRegions && tok_.is(Tok::LParen) && peek(1).is(Tok::LBrace) && !parseRegionList()) return false;
  if (!tok_.is(Tok::Colon))
    return errorHere("':' and the function type of " + quoted + ", e.g. ': (i32) -> i32'");
  consume();
  SourceLoc typesBegin = tok_.begin();
  std::vector<std::string> inputs, results;
  if (!parseFunctionType(inputs, results, op.typeText)) return false;
  SourceRange typesRange = rangeFrom(typesBegin);
  // `(...)` is the placeholder of hand-written dumps (tileiras-facts §8.5): any number of types.
  auto placeholder = [](const std::vector<std::string> &types) { return types.size() == 1 && types[0] == "..."; };
  if (placeholder(inputs)) inputs.assign(op.operands.size(), "");
  if (placeholder(results)) results.assign(resultCount(names), "");
  if (inputs.size() != op.operands.size())
    return error(typesRange, quoted + " has " + std::to_string(op.operands.size()) +
                                 " operand(s) but its function type lists " + std::to_string(inputs.size()) +
                                 " input type(s)");
  for (size_t i = 0; i < inputs.size(); ++i)
    if (op.operands[i]->type.empty()) op.operands[i]->type = inputs[i];
  return makeResults(op, names, results);
}

// ---------------------------------------------------------------------------------------------
// Structural custom forms

// module [@name] [attributes {...}] { ... }
bool Parser::parseModuleOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Module;
  op.name = spelling();
  consume();
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

// func.func [private|public|nested] @name(args) [-> results] [attributes {...}] [{ body }]
bool Parser::parseFuncOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Func;
  op.name = spelling();
  consume();
  if (!rejectResults(op, names)) return false;
  if (isKeyword("private") || isKeyword("public") || isKeyword("nested")) {
    op.operandText = spelling();
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
    if (consumeIf(Tok::Arrow)) {
      if (tok_.is(Tok::LParen)) {
        SourceLoc o = tok_.begin();
        consume();
        if (!tok_.is(Tok::RParen)) {
          do {
            std::string type;
            if (!parseType(type)) return false;
            std::vector<NamedAttribute> resultAttrs;
            if (tok_.is(Tok::LBrace) && !parseAttrDict(resultAttrs)) return false;
          } while (consumeIf(Tok::Comma));
        }
        if (!expectClose(Tok::RParen, ("the result types of '" + op.symbol + "'").c_str(), o)) return false;
      } else {
        std::string type;
        if (!parseType(type)) return false;
      }
    }
  }
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i].name.empty() != args[0].name.empty())
      return error(args[i].range, "all arguments of '" + op.symbol +
                                      "' must be named ('%x: type') or none (a declaration)");
  if (isKeyword("attributes")) {
    consume();
    if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the dictionary after 'attributes'");
    if (!parseAttrDict(op.attributes)) return false;
  }
  op.regions.push_back(std::make_unique<Region>());
  if (!tok_.is(Tok::LBrace)) return true;  // a declaration
  if (!args.empty() && args[0].name.empty())
    return error(args[0].range, "'" + op.symbol + "' has a body, so its arguments need names ('%x: type')");
  return parseRegion(*op.regions.back(), &op, true, &args);
}

// scf.for %iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (types)] [: type] { ... } [{attrs}]
bool Parser::parseForOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::For;
  op.name = spelling();
  consume();
  if (!tok_.is(Tok::PercentId)) return errorHere("the induction variable of 'scf.for', e.g. '%i'");
  std::vector<EntryArg> args(1);
  args[0] = {spelling(), "index", tok_.range()};
  if (args[0].name.find('#') != std::string::npos)
    return error(args[0].range, "the induction variable cannot carry a '#N' suffix");
  consume();
  if (!tok_.is(Tok::Equal)) return errorHere("'=' after the induction variable of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (!isKeyword("to")) return errorHere("'to' between the bounds of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (!isKeyword("step")) return errorHere("'step' after the upper bound of 'scf.for'");
  consume();
  if (!parseOperandUse(op)) return false;
  if (isKeyword("iter_args")) {
    consume();
    if (!tok_.is(Tok::LParen)) return errorHere("'(' after 'iter_args'");
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
    if (!expectClose(Tok::RParen, "the iter_args of 'scf.for'", open)) return false;
  }
  std::vector<std::string> resultTypes;
  SourceLoc typesBegin = tok_.begin();
  if (consumeIf(Tok::Arrow)) {
    if (tok_.is(Tok::LParen)) {
      SourceLoc open = tok_.begin();
      consume();
      if (!tok_.is(Tok::RParen) && !parseTypeList(resultTypes)) return false;
      if (!expectClose(Tok::RParen, "the result types of 'scf.for'", open)) return false;
    } else {
      resultTypes.emplace_back();
      if (!parseType(resultTypes.back())) return false;
    }
  }
  SourceRange typesRange = rangeFrom(typesBegin);
  size_t iterArgs = args.size() - 1;
  if (resultTypes.size() != iterArgs) {
    if (resultTypes.empty())
      return error(tok_.range(), "expected '->' and the types of the " + std::to_string(iterArgs) +
                                     " iter_args of 'scf.for', found " + describeCurrent());
    return error(typesRange, "'scf.for' has " + std::to_string(iterArgs) + " iter_args but " +
                                 std::to_string(resultTypes.size()) + " result type(s)");
  }
  for (size_t i = 0; i < iterArgs; ++i) {
    args[i + 1].type = resultTypes[i];
    if (op.operands[3 + i]->type.empty()) op.operands[3 + i]->type = resultTypes[i];
  }
  if (consumeIf(Tok::Colon)) {
    if (!parseType(op.typeText)) return false;
    args[0].type = op.typeText;
  }
  if (!tok_.is(Tok::LBrace)) return errorHere("'{' to start the body of 'scf.for'");
  op.regions.push_back(std::make_unique<Region>());
  if (!parseRegion(*op.regions.back(), &op, false, &args)) return false;
  if (!verifyForYield(op, iterArgs)) return false;
  if (tok_.is(Tok::LBrace) && !parseAttrDict(op.attributes)) return false;
  return makeResults(op, names, resultTypes);
}

// MLIR's scf.for verifier: the body's scf.yield carries one value per iter_arg (the loop's next
// iter_args and, after the last iteration, its results). Types are not compared: type text may
// spell one type two ways (!alias definitions).
bool Parser::verifyForYield(const Operation &loop, size_t iterArgs) {
  const Region &body = *loop.regions.back();
  const Operation *yield = nullptr;
  if (!body.blocks.empty() && !body.blocks.back()->operations.empty())
    yield = body.blocks.back()->operations.back().get();
  if (yield && yield->name != "scf.yield") yield = nullptr;
  const size_t yielded = yield ? yield->operands.size() : 0;
  if (yielded == iterArgs) return true;
  if (!yield)
    return error(loop.nameRange, "'scf.for' has " + std::to_string(iterArgs) +
                                     " iter_args, so its body must end with an 'scf.yield' of " +
                                     std::to_string(iterArgs) + " value(s)");
  return error(yield->nameRange, "'scf.yield' yields " + std::to_string(yielded) + " value(s), but the 'scf.for' at line " +
                                     std::to_string(loop.nameRange.begin.line) + " has " + std::to_string(iterArgs) +
                                     " iter_args: the yield gives the next value of each one");
}

// scf.yield / return / func.return [%a, %b [: t1, t2]]
bool Parser::parseTerminatorOp(Operation &op, const ResultNames &names) {
  op.name = spelling();
  op.syntax = op.name == "scf.yield" ? OpSyntax::Yield : OpSyntax::Return;
  consume();
  if (!rejectResults(op, names)) return false;
  if (tok_.is(Tok::PercentId) && !tok_.lineStart) {
    do {
      if (!parseOperandUse(op)) return false;
    } while (consumeIf(Tok::Comma));
  }
  if (!tok_.is(Tok::Colon)) return true;
  consume();
  SourceLoc typesBegin = tok_.begin();
  std::vector<std::string> types;
  {
    Capture cap(*this, op.typeText);
    if (!parseTypeList(types)) return false;
  }
  if (types.size() != op.operands.size())
    return error(rangeFrom(typesBegin), "'" + op.name + "' has " + std::to_string(op.operands.size()) +
                                            " operand(s) but " + std::to_string(types.size()) +
                                            " type(s) after ':'");
  for (size_t i = 0; i < types.size(); ++i)
    if (op.operands[i]->type.empty()) op.operands[i]->type = types[i];
  return true;
}

// arith.constant [{attrs}] <value> [: type]
bool Parser::parseConstantOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Constant;
  op.name = spelling();
  consume();
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

// ---------------------------------------------------------------------------------------------
// Unknown custom form:
//   dialect.op <operand text> [<{props}>] [{region} [keyword {region}]...] [{attrs}] [: <type text>]

bool Parser::parseCustomOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Custom;
  op.name = spelling();
  consume();
  {
    // The operands run to the end of the line (brackets may span lines), an attribute
    // dictionary or region, or `:`; every `%name` in them is a use.
    Capture cap(*this, op.operandText);
    std::vector<std::pair<Tok, SourceLoc>> open;  // opening bracket, where
    while (!tok_.is(Tok::Eof)) {
      if (open.empty()) {
        if (tok_.lineStart || tok_.is(Tok::LBrace) || tok_.is(Tok::RBrace) || tok_.is(Tok::Colon) ||
            tok_.is(Tok::RParen) || tok_.is(Tok::RSquare) || tok_.is(Tok::Greater) || isLocStart() ||
            (tok_.is(Tok::Less) && peek(1).is(Tok::LBrace)))
          break;
      } else if (tok_.lineStart && looksLikeOpStart()) {
        break;
      }
      if (tok_.is(Tok::PercentId)) {
        if (!parseOperandUse(op)) return false;
        continue;
      }
      Tok k = tok_.kind;
      if (k == Tok::LParen || k == Tok::LSquare || k == Tok::LBrace || k == Tok::Less) {
        if (depth_ + static_cast<int>(open.size()) >= limits_.maxNestingDepth) return tooDeep();
        open.emplace_back(k, tok_.begin());
      } else if (k == Tok::RParen || k == Tok::RSquare || k == Tok::RBrace || k == Tok::Greater) {
        if (k != closingBracket(open.back().first)) break;
        open.pop_back();
      }
      consume();
    }
    if (!open.empty()) {
      std::string what = std::string("the ") + tokenDescription(open.back().first) + " in the operands of '" +
                         op.name + "'";
      return expectClose(closingBracket(open.back().first), what.c_str(), open.back().second);
    }
  }
  if (!parseCustomTail(op)) return false;
  return makeResults(op, names, customResultTypes(op.typeText, resultCount(names)));
}

// Properties, regions and the attribute dictionary (each `{` classified by isAttrDictStart), then
// `: types`.
bool Parser::parseCustomTail(Operation &op) {
  bool sawProps = false, sawAttrs = false, sawType = false;
  while (true) {
    if (tok_.is(Tok::Less) && peek(1).is(Tok::LBrace) && !sawProps) {
      sawProps = true;
      if (!parseProperties(op)) return false;
    } else if (!op.regions.empty() && tok_.is(Tok::BareId) && !tok_.lineStart && peek(1).is(Tok::LBrace) &&
               spell(tok_).find('.') == std::string_view::npos) {
      // `} else {`, `} do {`: a keyword joining two regions.
      std::string keyword = spelling();
      consume();
      op.regions.push_back(std::make_unique<Region>());
      op.regions.back()->keyword = std::move(keyword);
      if (!parseRegion(*op.regions.back(), &op, false, nullptr)) return false;
    } else if (tok_.is(Tok::LBrace)) {
      if (isAttrDictStart()) {
        if (sawAttrs)
          return error(tok_.range(), "'" + op.name + "' already has an attribute dictionary; merge the two");
        sawAttrs = true;
        if (!parseAttrDict(op.attributes)) return false;
      } else {
        op.regions.push_back(std::make_unique<Region>());
        if (!parseRegion(*op.regions.back(), &op, false, nullptr)) return false;
      }
    } else if (tok_.is(Tok::Colon) && !sawType) {
      SourceLoc colon = tok_.begin();
      consume();
      if (!captureUntilLineEnd(op.typeText, true)) return false;
      if (op.typeText.empty())
        return error(SourceRange::at(colon), "expected a type after ':' in '" + op.name + "'");
      sawType = true;
    } else {
      return true;
    }
  }
}

}  // namespace tilesched
