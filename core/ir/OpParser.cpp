// The operation forms of SPEC §2: results, the generic form, and the dispatch of custom forms by
// the op-kind table (ir/OpKinds) to StructuralForms.cpp and CustomForm.cpp.
#include "ir/ParserImpl.h"

#include <cctype>
#include <optional>

#include "ir/OpKinds.h"

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

// A custom form's type text as tokens with their bracket depth, where its top-level `->` and
// `to` are.
struct Parser::TypeTokens {
  explicit TypeTokens(const std::string &text) {
    Lexer lx(text);
    int d = 0;
    for (Token t = lx.lex(); !t.is(Tok::Eof) && !t.is(Tok::Error); t = lx.lex()) {
      if (isCloseBracket(t.kind)) --d;
      if (d == 0 && t.is(Tok::Arrow)) arrow = toks.size() + 1;
      if (d == 0 && t.is(Tok::BareId) && lx.spelling(t) == "to") to = toks.size() + 1;
      toks.push_back(t);
      depth.push_back(d);
      if (isOpenBracket(t.kind)) ++d;
    }
  }
  std::vector<Token> toks;
  std::vector<int> depth;    // bracket depth before each token
  size_t arrow = 0, to = 0;  // index after the top-level `->` / `to`; 0: none
};

// The comma-separated single types of tokens [begin, end) (`(A, B)` after `->` unwrapped);
// nullopt when an item is not exactly one type (`f32 from vector<4xf32>`).
std::optional<std::vector<std::string>> Parser::typeItems(const std::string &text, const TypeTokens &t, size_t begin,
                                                          size_t end) const {
  const std::vector<Token> &toks = t.toks;
  if (begin > 0 && end - begin >= 2 && toks[begin].is(Tok::LParen) && toks[end - 1].is(Tok::RParen)) {
    bool wraps = true;  // `(A, B)` rather than `(A) -> B`-like text
    for (size_t i = begin + 1; i + 1 < end; ++i) wraps &= t.depth[i] > 0;
    if (wraps) {
      ++begin;
      --end;
    }
  }
  std::vector<std::string> items;
  int base = begin < end ? t.depth[begin] : 0;
  size_t itemBegin = begin;
  for (size_t i = begin; i <= end; ++i) {
    if (i < end && !(toks[i].is(Tok::Comma) && t.depth[i] == base)) {
      // A second top-level word means this item is not a single type.
      if (i > itemBegin && t.depth[i] == base && toks[i].spaceBefore) return std::nullopt;
      continue;
    }
    if (i == itemBegin) return std::nullopt;
    const Token &first = toks[itemBegin], &last = toks[i - 1];
    items.push_back(text.substr(first.offset, last.offset + last.length - first.offset));
    if (!isOneType(items.back())) return std::nullopt;
    itemBegin = i + 1;
  }
  return items;
}

namespace {

// `!tt.ptr<T>` (or `!tt.ptr<T, addrspace>`) inside `type` read as T: what tt.load loads.
std::string pointeeType(const std::string &type) {
  const std::string ptr = "!tt.ptr<";
  size_t at = type.find(ptr);
  if (at == std::string::npos) return "";
  size_t inner = at + ptr.size(), i = inner, comma = std::string::npos;
  for (int depth = 1; i < type.size(); ++i) {
    char c = type[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    if (c == '>' || c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0) break;
    if (depth == 1 && c == ',' && comma == std::string::npos) comma = i;
  }
  if (i >= type.size()) return "";
  const size_t innerEnd = comma == std::string::npos ? i : comma;
  return type.substr(0, at) + type.substr(inner, innerEnd - inner) + type.substr(i + 1);
}

// arith.cmpi / cmpf's result: `i1`, or the operand's shaped type with element type i1.
std::string predicateType(const std::string &type) {
  for (const char *shaped : {"tensor<", "vector<"}) {
    const std::string prefix = shaped;
    if (type.compare(0, prefix.size(), prefix) != 0) continue;
    size_t i = prefix.size();
    // Dimensions: `(N|?)x` repeated; the element type follows.
    while (true) {
      size_t j = i;
      while (j < type.size() && (std::isdigit(static_cast<unsigned char>(type[j])) || type[j] == '?')) ++j;
      if (j == i || j >= type.size() || type[j] != 'x') break;
      i = j + 1;
    }
    size_t e = i;
    for (int depth = 0; e < type.size(); ++e) {
      char c = type[e];
      if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
      if ((c == '>' || c == ',') && depth == 0) break;
      if (c == '>' || c == ')' || c == ']' || c == '}') --depth;
    }
    if (e >= type.size()) return "";
    return type.substr(0, i) + "i1" + type.substr(e);
  }
  return "i1";
}

}  // namespace

// Result types of a custom op from its verbatim type text, as its assembly format places them
// (ir/OpKinds' ResultTypeRule). Unknown (empty) where the text does not say.
std::vector<std::string> Parser::customResultTypes(const Operation &op, size_t n) const {
  std::vector<std::string> none(n);
  if (n == 0) return none;
  const ResultTypeRule rule = resultTypeRuleOf(op.name);
  const std::string token(tritonAsyncTokenOf(op.name));
  if (rule == ResultTypeRule::Tokens) return std::vector<std::string>(n, token);
  const TypeTokens t(op.typeText);
  const size_t end = t.toks.size();
  std::optional<std::vector<std::string>> items;
  auto derived = [&](std::string (*from)(const std::string &), bool last) {
    items = typeItems(op.typeText, t, 0, end);
    if (!items || items->empty()) return;
    std::string type = from(last ? items->back() : items->front());
    if (type.empty() || !isOneType(type)) items.reset();
    else items = std::vector<std::string>{type};
  };
  switch (rule) {
  case ResultTypeRule::Written: items = typeItems(op.typeText, t, t.arrow, end); break;
  case ResultTypeRule::Arrow:
  case ResultTypeRule::ArrowThenTokens:
    if (t.arrow) items = typeItems(op.typeText, t, t.arrow, end);
    if (items && rule == ResultTypeRule::ArrowThenTokens)
      while (items->size() < n) items->emplace_back(token);
    break;
  case ResultTypeRule::AfterTo:
    // Without `to` (a hand-written `arith.truncf %x : T`), as written.
    items = typeItems(op.typeText, t, t.to ? t.to : t.arrow, end);
    break;
  case ResultTypeRule::First: derived([](const std::string &s) { return s; }, false); break;
  case ResultTypeRule::Last: derived([](const std::string &s) { return s; }, true); break;
  case ResultTypeRule::Pointee: derived(pointeeType, false); break;
  case ResultTypeRule::Predicate: derived(predicateType, true); break;
  case ResultTypeRule::Tokens: break;
  }
  return items && items->size() == n ? *items : none;
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
    error(tok_.range(),
          "the input has more than " + std::to_string(limits_.maxOperations) +
              " operations (ParseLimits::maxOperations); split the snippet",
          MessageData(MessageId::TooManyOperations).with(MessageFieldId::Limit, limits_.maxOperations));
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
      ok = parseOpName(*op) && parseCustomForms(*op, names);
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

// The op name of a custom form, consumed. A name without a dialect prefix belongs to the
// default dialect of the enclosing ops (`addi` inside a cuda_tile.module is cuda_tile.addi, MLIR's
// OpAsmOpInterface rule); `module` and a `return` with no default dialect stay as written.
bool Parser::parseOpName(Operation &op) {
  std::string word = spelling();
  if (word.find('.') == std::string::npos && word != "module") {
    if (!defaultDialects_.back().empty()) {
      op.name = defaultDialects_.back() + "." + word;
      op.spelling = word;
    } else if (word != "return") {
      return error(tok_.range(), "unknown operation '" + word +
                                     "'; custom-form operation names are written 'dialect.op' (or quote the name "
                                     "to use the generic form); the prefix may only be left out inside an op that "
                                     "sets a default dialect, such as cuda_tile.module");
    }
  }
  if (op.name.empty()) op.name = word;
  consume();
  return true;
}

// The custom forms tilesched knows the grammar of, as the op-kind table names them
// (ir/OpKinds, customFormOf), else the unknown custom form.
bool Parser::parseCustomForms(Operation &op, const ResultNames &names) {
  switch (customFormOf(op.name)) {
  case CustomForm::Module: return parseModuleOp(op, names);
  case CustomForm::Function: return parseFuncOp(op, names);
  case CustomForm::ScfFor: return parseForOp(op, names);
  case CustomForm::TileFor: return parseTileForOp(op, names);
  case CustomForm::TileLoop: return parseTileLoopOp(op, names);
  case CustomForm::Terminator: return parseTerminatorOp(op, names);
  case CustomForm::Constant: return parseConstantOp(op, names);
  case CustomForm::Unknown: break;
  }
  return parseCustomOp(op, names);
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
    return error(names.front().range, "'" + op.name + "' produces " + std::to_string(types.size()) + " result(s) but " +
                                          std::to_string(n) + " name(s) are given before '='");
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

// `{` starts an attribute dictionary when followed on the same line by `}`, or by a name and
// then `=`, `,` or (on the same line) `}`; otherwise it starts a region (docs/decisions.md).
// After a region's header (`afterHeader`: `default {`, `partition0() num_warps(1) {`) a region
// is expected, so `{}` and `{ name }` are regions there.
bool Parser::isAttrDictStart(bool afterHeader) const {
  Token t1 = peek(1);
  if (t1.is(Tok::RBrace)) return !t1.lineStart && !afterHeader;
  if (!t1.is(Tok::BareId) && !t1.is(Tok::String)) return false;
  Token t2 = peek(2);
  if (t2.is(Tok::Equal) || t2.is(Tok::Comma)) return true;
  return t2.is(Tok::RBrace) && !t1.lineStart && !afterHeader;
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
  if (tok_.is(Tok::LSquare)) {
    // Successors (`[^a, ^b]`, an unregistered op branching between the blocks of its region): kept
    // verbatim for printing; no scheduled block is a branch target, so nothing else reads them.
    Capture successors(*this, op.operandText);
    if (!parseBalancedBody()) return false;
  }
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
  if (!tok_.is(Tok::Colon)) return errorHere("':' and the function type of " + quoted + ", e.g. ': (i32) -> i32'");
  consume();
  SourceLoc typesBegin = tok_.begin();
  std::vector<std::string> inputs, results;
  if (!parseFunctionType(inputs, results, op.typeText)) return false;
  SourceRange typesRange = rangeFrom(typesBegin);
  // `(...)` is the placeholder of hand-written dumps (facts §8.5): any number of types.
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

}  // namespace tilesched
