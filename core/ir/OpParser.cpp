// The operation forms of SPEC §2: generic, the structural custom forms (modules, functions,
// scf.for, cuda_tile.for / loop, terminators, arith.constant) and unknown custom ops.
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
          MessageData(MessageId::TooManyOperations).with("limit", limits_.maxOperations));
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

// The custom forms tilesched knows the grammar of (ir/OpKinds says which ops are modules,
// functions and terminators), else the unknown custom form.
bool Parser::parseCustomForms(Operation &op, const ResultNames &names) {
  const std::string &name = op.name;
  if (isModuleOpName(name)) return parseModuleOp(op, names);
  if (isFunctionOpName(name)) return parseFuncOp(op, names);
  if (name == "scf.for") return parseForOp(op, names);
  if (name == "cuda_tile.for") return parseTileForOp(op, names);
  if (name == "cuda_tile.loop") return parseTileLoopOp(op, names);
  if (isTerminatorOpName(name) && name != "scf.condition") return parseTerminatorOp(op, names);
  if (name == "arith.constant") return parseConstantOp(op, names);
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
  if (!tok_.is(Tok::Colon)) return errorHere("':' and the function type of " + quoted + ", e.g. ': (i32) -> i32'");
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
// Structural custom forms (the op name is consumed already)

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

// NAME [private|public|nested] @name(args) [-> results] [key=value...] [attributes {...}]
//   [{ body } [{attrs}]]
// for every function op of ir/OpKinds (func.func, tt.func, cuda_tile.entry, ...). `key=value`
// after the signature is cuda_tile.entry's `optimization_hints=<...>`; the attribute dictionary
// may also follow the body, as cuda_tile prints it.
bool Parser::parseFuncOp(Operation &op, const ResultNames &names) {
  op.syntax = OpSyntax::Func;
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

// ---------------------------------------------------------------------------------------------
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
// so a colon right after the first name declares arguments (docs/decisions.md).
bool Parser::atRegionArgs() const {
  if (!tok_.is(Tok::LParen)) return false;
  Token name = peek(1);
  if (!name.is(Tok::PercentId)) return false;
  Token colon = peek(2);
  return colon.is(Tok::Colon) && !colon.spaceBefore;
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
bool Parser::parseTextRun(Operation &op, std::string &out, std::vector<EntryArg> &args, bool continuing) {
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
      if (atRegionArgs()) {
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
  return !afterType || regionKeyword || atRegionArgs();
}

// Properties, regions (with their headers), the attribute dictionary, more operand text and
// `: types`, in any order; each `{` classified by isAttrDictStart. `args` (declared in the operand
// text from `argsAt`, as in `@name(%a: T) attributes {...} {`) belong to the first region.
bool Parser::parseCustomTail(Operation &op, std::vector<EntryArg> args, SourceLoc argsAt) {
  bool sawProps = false, sawAttrs = false, sawType = false;
  auto attributes = [&](CustomPiece piece) {
    if (sawAttrs) return error(tok_.range(), "'" + op.name + "' already has an attribute dictionary; merge the two");
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
      if (!parseTextRun(op, text, args, true)) return false;
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
