// Attribute values, dictionaries, types and verbatim balanced text (SPEC §2). Types stay opaque
// text; attributes keep MLIR structure where the constraint parser (seed 004) reads it.
#include "ir/ParserImpl.h"

#include <cstdint>
#include <unordered_map>

namespace tilesched {

bool Parser::parseAttribute(Attribute &out) {
  SourceLoc begin = tok_.begin();
  bool ok = true;
  switch (tok_.kind) {
  case Tok::LSquare: ok = parseArrayAttr(out); break;
  case Tok::LBrace:
    out.kind = Attribute::Kind::Dict;
    ok = parseAttrDict(out.entries);
    break;
  case Tok::String: {
    size_t bad = 0;
    out.kind = Attribute::Kind::String;
    if (!tok_.unterminated && !unescapeString(spell(tok_), out.text, bad)) {
      SourceLoc at{tok_.line, tok_.col + static_cast<int>(bad)};
      return error({at, {at.line, at.col + 2}}, "invalid escape in string; use \\n, \\t, \\\\, \\\" or two hex digits");
    }
    if (tok_.unterminated) unescapeString(spell(tok_), out.text, bad);
    consume();
    break;
  }
  case Tok::Integer:
  case Tok::Float:
  case Tok::Minus: ok = parseNumberAttr(out) && parseOptionalTypeSuffix(out); break;
  case Tok::HashId: {
    // #alias, #dialect<...>
    out.kind = Attribute::Kind::Opaque;
    Capture cap(*this, out.text);
    consume();
    if (tok_.is(Tok::Less)) ok = parseBalancedBody();
    break;
  }
  case Tok::AtId: {
    // @sym, @outer::@inner
    out.kind = Attribute::Kind::Opaque;
    Capture cap(*this, out.text);
    consume();
    while (tok_.is(Tok::Colon) && !tok_.spaceBefore && peek(1).is(Tok::Colon) && peek(2).is(Tok::AtId)) {
      consume();
      consume();
      consume();
    }
    break;
  }
  case Tok::BareId: {
    std::string_view word = spell(tok_);
    if (word == "true" || word == "false") {
      out.kind = Attribute::Kind::Bool;
      out.boolValue = word == "true";
      consume();
    } else if (word == "unit") {
      out.kind = Attribute::Kind::Unit;
      consume();
    } else if (word == "array" && peek(1).is(Tok::Less)) {
      ok = parseDenseArrayAttr(out);
    } else if (word == "loc" && peek(1).is(Tok::LParen)) {
      out.kind = Attribute::Kind::Opaque;
      Capture cap(*this, out.text);
      consume();
      ok = parseBalancedBody();
    } else {
      // affine_map<...>, dense<...> : type, and type attributes such as i32 or tensor<...>.
      out.kind = Attribute::Kind::Opaque;
      bool elements = word == "dense" || word == "sparse" || word == "dense_resource";
      ok = parseType(out.text) && (!elements || parseOptionalTypeSuffix(out));
    }
    break;
  }
  case Tok::BangId:
  case Tok::LParen:
    out.kind = Attribute::Kind::Opaque;
    ok = parseType(out.text);
    break;
  default: return errorHere("an attribute value");
  }
  out.range = rangeFrom(begin);
  return ok;
}

// `{name = value, unit_name, "quoted name" = value}`
bool Parser::parseAttrDict(std::vector<NamedAttribute> &out) {
  SourceLoc open = tok_.begin();
  if (!enterNesting()) return false;
  consume();
  bool ok = true;
  // Names seen so far, once the dictionary is large enough for a linear search per entry to
  // matter (200 000 unit attributes once took 25 s).
  std::unordered_map<std::string, size_t> index;
  size_t indexed = 0;
  auto firstWithName = [&](const std::string &name) -> const NamedAttribute * {
    if (out.size() < 16) return findAttr(out, name);
    for (; indexed < out.size(); ++indexed) index.emplace(out[indexed].name, indexed);
    auto it = index.find(name);
    return it == index.end() ? nullptr : &out[it->second];
  };
  if (!tok_.is(Tok::RBrace)) {
    do {
      NamedAttribute na;
      SourceRange keyRange = tok_.range();
      if (tok_.is(Tok::BareId)) {
        na.name = spelling();
      } else if (tok_.is(Tok::String)) {
        size_t bad = 0;
        if (tok_.unterminated || !unescapeString(spell(tok_), na.name, bad)) {
          ok = error(keyRange, "invalid attribute name string");
          break;
        }
      } else {
        ok = errorHere("an attribute name");
        break;
      }
      consume();
      if (consumeIf(Tok::Equal)) {
        if (!parseAttribute(na.value)) {
          ok = false;
          break;
        }
      }
      na.range = rangeFrom(keyRange.begin);
      if (const NamedAttribute *first = firstWithName(na.name)) {
        // Reported, then dropped: the first value is kept and parsing goes on.
        error(na.range, "duplicate attribute '" + na.name + "' (first given at " + formatLoc(first->range.begin) +
                            "); remove one of them");
        continue;
      }
      out.push_back(std::move(na));
    } while (consumeIf(Tok::Comma));
  }
  if (ok && !tok_.is(Tok::RBrace))
    ok = error(tok_.range(), "expected ',' or '}' in the attribute dictionary opened at " + formatLoc(open) +
                                 ", found " + describeCurrent());
  if (ok) consume();
  exitNesting();
  return ok;
}

bool Parser::parseArrayAttr(Attribute &out) {
  SourceLoc open = tok_.begin();
  if (!enterNesting()) return false;
  consume();
  out.kind = Attribute::Kind::Array;
  bool ok = true;
  if (!tok_.is(Tok::RSquare)) {
    do {
      out.elements.emplace_back();
      if (!parseAttribute(out.elements.back())) {
        ok = false;
        break;
      }
    } while (consumeIf(Tok::Comma));
  }
  if (ok && !tok_.is(Tok::RSquare))
    ok = error(tok_.range(),
               "expected ',' or ']' in the array opened at " + formatLoc(open) + ", found " + describeCurrent());
  if (ok) consume();
  exitNesting();
  return ok;
}

// array<i32: 1, 2, 3> / array<f32> / array<i1: true>
bool Parser::parseDenseArrayAttr(Attribute &out) {
  out.kind = Attribute::Kind::DenseArray;
  consume();  // array
  SourceLoc open = tok_.begin();
  consume();  // <
  if (!parseType(out.type)) return false;
  if (consumeIf(Tok::Colon)) {
    do {
      Attribute e;
      SourceLoc b = tok_.begin();
      if (isKeyword("true") || isKeyword("false")) {
        e.kind = Attribute::Kind::Bool;
        e.boolValue = isKeyword("true");
        consume();
      } else if (tok_.is(Tok::Integer) || tok_.is(Tok::Float) || tok_.is(Tok::Minus)) {
        if (!parseNumberAttr(e)) return false;
      } else {
        return errorHere("a number in 'array<" + out.type + ": ...>'");
      }
      e.range = rangeFrom(b);
      out.elements.push_back(std::move(e));
    } while (consumeIf(Tok::Comma));
  }
  return expectClose(Tok::Greater, "'array<'", open);
}

// [-] integer (decimal or hex) or float; overflow past 64 bits is an error.
bool Parser::parseNumberAttr(Attribute &out) {
  SourceLoc begin = tok_.begin();
  bool negative = consumeIf(Tok::Minus);
  if (tok_.is(Tok::Float)) {
    out.kind = Attribute::Kind::Float;
    out.text.assign(negative ? 1 : 0, '-');
    out.text.append(spell(tok_));
    consume();
    return true;
  }
  if (!tok_.is(Tok::Integer)) return errorHere("a number after '-'");
  std::string_view s = spell(tok_);
  bool hex = s.size() > 2 && s[1] == 'x';
  uint64_t v = 0;
  bool overflow = false;
  for (size_t i = hex ? 2 : 0; i < s.size(); ++i) {
    char c = s[i];
    uint64_t d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
    uint64_t base = hex ? 16 : 10;
    if (v > (UINT64_MAX - d) / base) {
      overflow = true;
      break;
    }
    v = v * base + d;
  }
  // Decimal literals are signed 64-bit; hex literals are 64-bit patterns.
  uint64_t max = hex ? UINT64_MAX : negative ? uint64_t(1) << 63 : (uint64_t(1) << 63) - 1;
  if (overflow || v > max) {
    SourceRange r{begin, tok_.end()};
    return error(r, "integer literal '" + std::string(negative ? "-" : "") + std::string(s.substr(0, 40)) +
                        (s.size() > 40 ? "..." : "") + "' does not fit in 64 bits");
  }
  out.kind = Attribute::Kind::Integer;
  out.intValue = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
  consume();
  return true;
}

// `: type` after a number or an elements attribute (`0 : index`, `dense<0.0> : tensor<4xf32>`).
bool Parser::parseOptionalTypeSuffix(Attribute &out) {
  if (!consumeIf(Tok::Colon)) return true;
  return parseType(out.type);
}

// A type, kept as normalized text: `i32`, `tensor<128x64xf16>`, `!alias`, `!d.t<...>`,
// `(a, b) -> c`, and the `...` placeholder of hand-written dumps.
bool Parser::parseType(std::string &out) {
  Capture cap(*this, out);
  switch (tok_.kind) {
  case Tok::BareId:
  case Tok::BangId:
    consume();
    if (tok_.is(Tok::Less)) return parseBalancedBody();
    return true;
  case Tok::Ellipsis: consume(); return true;
  case Tok::LParen: {
    if (!enterNesting()) return false;
    std::vector<std::string> inputs, results;
    std::string text;
    bool ok = parseFunctionType(inputs, results, text);
    exitNesting();
    return ok;
  }
  default: return errorHere("a type");
  }
}

bool Parser::parseTypeList(std::vector<std::string> &out) {
  do {
    out.emplace_back();
    if (!parseType(out.back())) return false;
  } while (consumeIf(Tok::Comma));
  return true;
}

// `(a, b) -> (c, d)` or `(a) -> c`
bool Parser::parseFunctionType(std::vector<std::string> &inputs, std::vector<std::string> &results, std::string &text) {
  Capture cap(*this, text);
  if (!tok_.is(Tok::LParen)) return errorHere("'(' to start a function type such as '(i32) -> i32'");
  SourceLoc open = tok_.begin();
  consume();
  if (!tok_.is(Tok::RParen) && !parseTypeList(inputs)) return false;
  if (!tok_.is(Tok::RParen))
    return error(tok_.range(), "expected ',' or ')' in the input types opened at " + formatLoc(open) + ", found " +
                                   describeCurrent());
  consume();
  if (!tok_.is(Tok::Arrow)) return errorHere("'->' and the result types of the function type");
  consume();
  if (!tok_.is(Tok::LParen)) {
    results.emplace_back();
    return parseType(results.back());
  }
  SourceLoc o = tok_.begin();
  consume();
  if (!tok_.is(Tok::RParen) && !parseTypeList(results)) return false;
  if (!tok_.is(Tok::RParen))
    return error(tok_.range(),
                 "expected ',' or ')' in the result types opened at " + formatLoc(o) + ", found " + describeCurrent());
  consume();
  return true;
}

// Consumes a bracketed group starting at the current `open` token, checking that brackets
// pair up; no recursion, so depth is bounded by ParseLimits rather than by the stack.
bool Parser::parseBalancedBody() {
  if (!isOpenBracket(tok_.kind)) return errorHere("an opening bracket");
  std::vector<std::pair<Tok, SourceLoc>> stack;  // opening bracket, where
  bool tooDeep = false;
  do {
    Tok k = tok_.kind;
    if (k == Tok::Eof || (tok_.lineStart && looksLikeOpStart())) {
      if (tooDeep) return false;
      std::string what = std::string("the ") + tokenDescription(stack.back().first);
      return expectClose(closingBracket(stack.back().first), what.c_str(), stack.back().second);
    }
    bool comparison = (k == Tok::Less || k == Tok::Greater) && peek(1).is(Tok::Equal) && !peek(1).spaceBefore;
    if (isOpenBracket(k) && !comparison) {
      stack.emplace_back(k, tok_.begin());
      if (!tooDeep && depth_ + static_cast<int>(stack.size()) > limits_.maxNestingDepth) {
        tooDeep = true;
        error(tok_.range(),
              "nesting is deeper than " + std::to_string(limits_.maxNestingDepth) +
                  " levels (ParseLimits::maxNestingDepth); flatten the input",
              MessageData(MessageId::NestingTooDeep).with(MessageFieldId::Limit, limits_.maxNestingDepth));
      }
    } else if (isCloseBracket(k) && !comparison) {
      if (k != closingBracket(stack.back().first)) {
        if (tooDeep) return false;
        std::string what = std::string("the ") + tokenDescription(stack.back().first);
        return expectClose(closingBracket(stack.back().first), what.c_str(), stack.back().second);
      }
      stack.pop_back();
    }
    consume();
  } while (!stack.empty());
  return !tooDeep;
}

// Verbatim tokens up to the end of the line (brackets may span lines) or a closing bracket of the
// enclosing construct; in an operation also up to a `{`, a region's `(%a: T, ...)` or a trailing
// `loc(...)`. A type list or function type may go on over lines (continuesPreviousLine).
bool Parser::captureUntilLineEnd(std::string &out, bool inOperation) {
  Capture cap(*this, out);
  bool first = true;
  while (!tok_.is(Tok::Eof) && !tok_.is(Tok::FileMetadata)) {
    if (!first && tok_.lineStart && (!continuesPreviousLine() || startsNewStatement())) break;
    if (isCloseBracket(tok_.kind) || (inOperation && (tok_.is(Tok::LBrace) || isLocStart() || atRegionArgs(true))))
      break;
    if (isOpenBracket(tok_.kind)) {
      if (!parseBalancedBody()) return false;
    } else {
      consume();
    }
    first = false;
  }
  return true;
}

// A line of types continues the previous one when that ended in `,` `:` `*` `->` or this one
// starts with `,` `*` `->`: `: tensor<...> *` / `tensor<...>` / `-> tensor<...>` is one type text.
bool Parser::continuesPreviousLine() const {
  auto joins = [](Tok k) { return k == Tok::Comma || k == Tok::Star || k == Tok::Arrow; };
  return joins(prevKind_) || prevKind_ == Tok::Colon || joins(tok_.kind);
}

}  // namespace tilesched
