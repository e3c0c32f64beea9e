// The unknown custom form of SPEC §2: an op whose assembly format tilesched does not know, read
// as operand text, properties, regions, attributes and type text in the order written.
#include "ir/ParserImpl.h"

namespace tilesched {

// Unknown custom form:
//   dialect.op <operand text> [<{props}>] [attributes {attrs}] [[header] {region}]... [{attrs}]
//     [more operand text] [: <type text>] [[header] {region}]...
// in whatever order the op's assembly format puts them; `layout` records the order written.

bool Parser::parseCustomOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Custom;
  std::vector<EntryArg> args;
  SourceLoc begin = tok_.begin();
  op.operandsGlued = !tok_.spaceBefore;
  if (!parseTextRun(op, op.operandText, args, false)) return false;
  if (!op.operandText.empty()) op.layout.push_back(CustomPiece::Operands);
  if (!parseCustomTail(op, std::move(args), begin)) return false;
  return makeResults(op, names, customResultTypes(op, resultCount(names)));
}

// `(` `%a:` — MLIR prints a region's arguments `%a: T` and a typed operand list `%a, %b : T, U`,
// so a colon right after the first name declares arguments (docs/decisions.md). `spaced`: the
// colon may be spaced too, where no operand list can be (after the op's type, or a `(` that starts
// a line: cuda-tile's tests write a scan's `(%iter_arg : !cuda_tile.tile<f32>, ...) {` so).
bool Parser::atRegionArgs(bool spaced) const {
  if (!tok_.is(Tok::LParen)) return false;
  Token name = peek(1);
  if (!name.is(Tok::PercentId)) return false;
  Token colon = peek(2);
  return colon.is(Tok::Colon) && (!colon.spaceBefore || spaced || tok_.lineStart);
}

// A line that starts an operation or a top-level alias, so it cannot continue the current op.
bool Parser::startsNewStatement() const {
  return looksLikeOpStart() || ((tok_.is(Tok::HashId) || tok_.is(Tok::BangId)) && peek(1).is(Tok::Equal));
}

// Operand text of a custom op: tokens up to the next piece the parser knows — `{`, `<{`,
// `attributes {`, `:`, a trailing `loc(...)`, a closing bracket of the enclosing construct — or a
// line that starts a new operation. MLIR is free-form, so brackets, and the text itself, may run
// over several lines. Every `%name` is a use; a `(%a: T, ...)` group declares the arguments of
// the region that follows (`args`). `continuing`: the first token was checked by the caller.
bool Parser::parseTextRun(Operation &op, std::string &out, std::vector<EntryArg> &args, bool continuing,
                          bool afterType) {
  Capture cap(*this, out);
  std::vector<std::pair<Tok, SourceLoc>> open;  // opening bracket, where
  bool first = true;
  while (!tok_.is(Tok::Eof) && !tok_.is(Tok::FileMetadata)) {
    const bool checkLine = tok_.lineStart && !(first && continuing);
    first = false;
    if (open.empty()) {
      if (tok_.is(Tok::LBrace) || tok_.is(Tok::RBrace) || tok_.is(Tok::Colon) || tok_.is(Tok::RParen) ||
          tok_.is(Tok::RSquare) || tok_.is(Tok::Greater) || isLocStart() ||
          (tok_.is(Tok::Less) && peek(1).is(Tok::LBrace)) || (isKeyword("attributes") && peek(1).is(Tok::LBrace)) ||
          (checkLine && startsNewStatement()))
        break;
      if (atRegionArgs(afterType)) {
        if (!parseRegionArgs(args)) return false;
        continue;
      }
      if (atWhileInits(op)) {
        if (!parseInitList(op, args, "initial values")) return false;
        continue;
      }
    } else if (checkLine && looksLikeOpStart()) {
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
  if (open.empty()) return true;
  std::string what =
      std::string("the ") + tokenDescription(open.back().first) + " in the operands of '" + op.name + "'";
  return expectClose(closingBracket(open.back().first), what.c_str(), open.back().second);
}

// scf.while's `(%a = %x, ...)` (MLIR's WhileOp::parse): the "before" region's arguments and the
// loop's initial values; the types follow in its function type `: (T, ...) -> (R, ...)`.
bool Parser::atWhileInits(const Operation &op) const {
  return op.name == "scf.while" && op.operands.empty() && tok_.is(Tok::LParen) && peek(1).is(Tok::PercentId) &&
         peek(2).is(Tok::Equal);
}

// Gives scf.while's region arguments the input types of its function type, one per initial value.
bool Parser::typeWhileInits(const Operation &op, std::vector<EntryArg> &args, SourceRange typeRange) {
  DiagnosticEngine scratch;
  Module module;
  Parser p(op.typeText, scratch, limits_, module);
  std::vector<std::string> inputs, results;
  std::string text;
  if (!p.parseFunctionType(inputs, results, text) || !p.tok_.is(Tok::Eof) || scratch.hasErrors())
    return error(typeRange, "expected the function type of '" + op.spelledName() +
                                "', such as '(f32) -> f32': its inputs are the types of the initial values");
  if (inputs.size() != args.size())
    return error(typeRange, "'" + op.spelledName() + "' has " + std::to_string(args.size()) +
                                " initial value(s) but its function type has " + std::to_string(inputs.size()) +
                                " input type(s)");
  for (size_t i = 0; i < args.size(); ++i) {
    args[i].type = inputs[i];
    if (op.operands[i]->type.empty()) op.operands[i]->type = inputs[i];
  }
  return true;
}

// `(%a: T [{attrs}] [loc(...)], ...)`: the arguments of the region that follows, as in
// ttg.warp_specialize's `partition0(%a: T) num_warps(4) {` or cuda_tile reduce's combiner.
bool Parser::parseRegionArgs(std::vector<EntryArg> &args) {
  SourceLoc open = tok_.begin();
  consume();
  do {
    if (!tok_.is(Tok::PercentId)) return errorHere("a region argument such as '%a: i32'");
    if (!parseFuncArgument(args)) return false;
  } while (consumeIf(Tok::Comma));
  return expectClose(Tok::RParen, "the region arguments", open);
}

// The region after a header (`keyword` verbatim) that may declare its arguments (`args`).
bool Parser::parseHeadedRegion(Operation &op, std::string keyword, const std::vector<EntryArg> &args) {
  op.regions.push_back(std::make_unique<Region>());
  Region &region = *op.regions.back();
  region.keyword = std::move(keyword);
  region.argsInHeader = !args.empty();
  op.layout.push_back(CustomPiece::Region);
  return parseRegion(region, &op, false, args.empty() ? nullptr : &args);
}

// Where the tail of a custom op goes on with text (operands after the attribute dictionary, a
// region's keyword and header): not a piece of its own, and not a line that starts a new
// operation. After the type only a region header may follow (cuda_tile reduce's `(%a: T, ...) {`,
// scf.while's `do {`).
bool Parser::continuesWithText(bool afterType) const {
  switch (tok_.kind) {
  case Tok::Eof:
  case Tok::FileMetadata:
  case Tok::LBrace:
  case Tok::RBrace:
  case Tok::RParen:
  case Tok::RSquare:
  case Tok::Greater:
  case Tok::Colon: return false;
  default: break;
  }
  if (isLocStart() || (tok_.is(Tok::Less) && peek(1).is(Tok::LBrace))) return false;
  const bool regionKeyword = tok_.is(Tok::BareId) && spell(tok_).find('.') == std::string_view::npos &&
                             (peek(1).is(Tok::LBrace) || peek(1).is(Tok::LParen));
  // `} else {` on two lines: `else` reads like an op where a default dialect is set.
  if (tok_.lineStart && startsNewStatement() && !(isKeyword("else") && peek(1).is(Tok::LBrace))) return false;
  return !afterType || regionKeyword || atRegionArgs(true);
}

// Properties, regions (with their headers), the attribute dictionary, more operand text and
// `: types`, in any order; each `{` classified by isAttrDictStart. `args` (declared in the operand
// text from `argsAt`, as in `@name(%a: T) attributes {...} {`) belong to the first region.
bool Parser::parseCustomTail(Operation &op, std::vector<EntryArg> args, SourceLoc argsAt) {
  bool sawProps = false, sawAttrs = false, sawType = false;
  auto attributes = [&](CustomPiece piece) {
    if (sawAttrs) {
      // A second dictionary is valid where the op's own syntax writes one before its attr-dict
      // (triton_gen.bdpas `{pa = e2m1, rc = 8} {operandSegmentSizes = ...}`): kept as written.
      diags_.warning(tok_.range(), "'" + op.name +
                                       "' has a second attribute dictionary; it is kept as written and its "
                                       "attributes are not read (only the first dictionary's are)");
      std::string text = piece == CustomPiece::KeywordAttributes ? "attributes " : "";
      Capture cap(*this, text);
      if (!parseBalancedBody()) return false;
      op.trailingText.push_back(std::move(text));
      op.layout.push_back(CustomPiece::Text);
      return true;
    }
    sawAttrs = true;
    op.layout.push_back(piece);
    return parseAttrDict(op.attributes);
  };
  while (true) {
    if (tok_.is(Tok::Less) && peek(1).is(Tok::LBrace) && !sawProps) {
      sawProps = true;
      op.layout.push_back(CustomPiece::Properties);
      if (!parseProperties(op)) return false;
    } else if (isKeyword("attributes") && peek(1).is(Tok::LBrace)) {
      consume();
      if (!attributes(CustomPiece::KeywordAttributes)) return false;
    } else if (tok_.is(Tok::LBrace) && (args.empty() || args.front().type.empty()) && isAttrDictStart(false)) {
      if (!attributes(CustomPiece::Attributes)) return false;
    } else if (tok_.is(Tok::LBrace)) {
      if (!parseHeadedRegion(op, "", args)) return false;
      args.clear();
    } else if (!args.empty() && !(tok_.is(Tok::Colon) && !sawType && args.front().type.empty())) {
      // Declared arguments need their region before anything else (untyped initial values of
      // scf.while: their function type first).
      return errorHere("'{' to start the region whose arguments are declared at " + formatLoc(argsAt));
    } else if (tok_.is(Tok::Colon) && !sawType) {
      SourceLoc colon = tok_.begin();
      consume();
      SourceLoc typeBegin = tok_.begin();
      if (!captureUntilLineEnd(op.typeText, true)) return false;
      if (op.typeText.empty()) return error(SourceRange::at(colon), "expected a type after ':' in '" + op.name + "'");
      if (prevKind_ == Tok::Comma || prevKind_ == Tok::Arrow || prevKind_ == Tok::Star)
        return error(SourceRange::at(prevEnd_), "the types of '" + op.name + "' end with " +
                                                    tokenDescription(prevKind_) + ", but " + describeCurrent() +
                                                    " starts a new operation; complete or remove the last type");
      if (!args.empty() && !typeWhileInits(op, args, rangeFrom(typeBegin))) return false;
      sawType = true;
      op.layout.push_back(CustomPiece::Type);
    } else if (continuesWithText(sawType)) {
      argsAt = tok_.begin();
      std::string text;
      if (!parseTextRun(op, text, args, true, sawType)) return false;
      if (text.empty()) return true;
      // A header: the text before a region (`else`, `partition0(%a: T) num_warps(4)`). Otherwise
      // operands or keywords after an earlier piece (`{attrs} %x`).
      if (tok_.is(Tok::LBrace) && (!args.empty() || !isAttrDictStart(true))) {
        if (!parseHeadedRegion(op, std::move(text), args)) return false;
        args.clear();
      } else if (args.empty()) {
        op.trailingText.push_back(std::move(text));
        op.layout.push_back(CustomPiece::Text);
      }
    } else {
      return true;
    }
  }
}

}  // namespace tilesched
