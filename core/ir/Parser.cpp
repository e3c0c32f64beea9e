// Token stream, diagnostics, recovery and the region/block structure of the parser.
#include "ir/ParserImpl.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "ir/OpKinds.h"
#include "support/LineEnds.h"

namespace tilesched {

namespace {

constexpr int kMaxErrors = 50;  // past this the input is not worth reading further

}  // namespace

Parser::Parser(std::string_view src, DiagnosticEngine &diags, const ParseLimits &limits, Module &m, int firstLine)
    : lexer_(src, firstLine),
      diags_(diags),
      limits_(limits),
      module_(m),
      scopes_(m, diags, [this](SourceRange r, std::string msg) { error(r, std::move(msg)); }) {
  tok_.kind = Tok::Error;  // nothing lexed yet: not the end of input
  advance(false);
}

// ---------------------------------------------------------------------------------------------
// Token stream

void Parser::consume() {
  if (tok_.is(Tok::Eof)) return;
  for (std::string *c : captures_) {
    if (!c->empty() && tok_.spaceBefore) *c += ' ';
    c->append(spell(tok_));
  }
  if (tok_.is(Tok::LParen) || tok_.is(Tok::LSquare) || tok_.is(Tok::LBrace)) ++brackets_;
  if (tok_.is(Tok::RParen) || tok_.is(Tok::RSquare) || tok_.is(Tok::RBrace)) --brackets_;
  prevEnd_ = tok_.end();
  prevKind_ = tok_.kind;
  advance(tok_.unterminated);
}

// Lexes the next token, reporting bad bytes and unterminated strings once, here.
void Parser::advance(bool afterUnterminated) {
  Token next = lexer_.lex();
  bool skipped = false, lineStart = false;
  while (next.is(Tok::Error) && !stopped_) {
    error(next.range(), next.error);
    lineStart |= next.lineStart;
    next = lexer_.lex();
    skipped = true;
  }
  // A skipped bad byte counts as whitespace, keeping the line structure custom ops rely on.
  if (skipped) next.spaceBefore = true;
  next.lineStart |= lineStart;
  // What follows a reported bad byte or a string that ran to the end of the line is not a new
  // mistake.
  if (skipped || afterUnterminated) afterLexError_ = next.offset;
  if (next.unterminated && !stopped_) error(next.range(), "unterminated string; add the closing '\"' on the same line");
  if (stopped_) next.kind = Tok::Eof;
  tok_ = next;
}

bool Parser::consumeIf(Tok k) {
  if (!tok_.is(k)) return false;
  consume();
  return true;
}

Token Parser::peek(int n) const {
  Lexer ahead = lexer_;
  Token t = tok_;
  for (int i = 0; i < n && !t.is(Tok::Eof); ++i) {
    do t = ahead.lex();
    while (t.is(Tok::Error));
  }
  return t;
}

bool Parser::isKeyword(std::string_view kw) const { return tok_.is(Tok::BareId) && spell(tok_) == kw; }

bool Parser::isLocStart() const { return isKeyword("loc") && peek(1).is(Tok::LParen); }

std::string Parser::describeCurrent() const {
  if (tok_.is(Tok::Eof)) return "end of input";
  std::string_view s = spell(tok_);
  std::string out = "'";
  for (size_t i = 0; i < s.size() && i < 24; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (s.size() > 24) out += "...";
  return out + "'";
}

// ---------------------------------------------------------------------------------------------
// Diagnostics and limits

bool Parser::error(SourceRange r, std::string msg, MessageData data) {
  if (stopped_) return false;
  // The bad byte was reported already; what the parser expected in its place is the same mistake.
  if (tok_.offset == afterLexError_ && r.begin.line == tok_.line && r.begin.col == tok_.col) return false;
  if (r.end.line == r.begin.line && r.end.col <= r.begin.col) r.end.col = r.begin.col + 1;
  if (tok_.is(Tok::Eof)) {
    if (eofReported_) return false;
    eofReported_ = true;
  }
  diags_.error(r, std::move(msg), std::move(data));
  if (++errors_ >= kMaxErrors) {
    diags_.error(r, "too many errors (" + std::to_string(kMaxErrors) + "); the rest of the input is ignored");
    stopped_ = true;
    tok_.kind = Tok::Eof;
  }
  return false;
}

bool Parser::errorHere(const std::string &expected) {
  return error(tok_.range(), "expected " + expected + ", found " + describeCurrent());
}

bool Parser::expectClose(Tok close, const char *what, SourceLoc openedAt) {
  if (tok_.is(close)) {
    consume();
    return true;
  }
  return error(tok_.range(), std::string("expected ") + tokenDescription(close) + " to close " + what + " opened at " +
                                 formatLoc(openedAt) + ", found " + describeCurrent());
}

bool Parser::enterNesting() {
  if (depth_ >= limits_.maxNestingDepth) return tooDeep();
  ++depth_;
  return true;
}

bool Parser::tooDeep() {
  error(tok_.range(),
        "nesting is deeper than " + std::to_string(limits_.maxNestingDepth) +
            " levels (ParseLimits::maxNestingDepth); flatten the input",
        MessageData(MessageId::NestingTooDeep).with(MessageFieldId::Limit, limits_.maxNestingDepth));
  skipBalancedGroup();
  return false;
}

// Skips one bracketed group (or one token) without recursion, for input past the depth limit.
void Parser::skipBalancedGroup() {
  int open = 0;
  do {
    if (isOpenBracket(tok_.kind)) ++open;
    else if (isCloseBracket(tok_.kind)) --open;
    consume();
  } while (open > 0 && !tok_.is(Tok::Eof));
}

// A line that starts a new operation: `%x =`, `%r:2 =`, `"op"(`, `^bb`, or `dialect.op`.
bool Parser::looksLikeOpStart() const {
  switch (tok_.kind) {
  case Tok::PercentId: {
    // `%a [:N] [, %b [:N]]... =`
    Lexer ahead = lexer_;
    for (Token t = ahead.lex();; t = ahead.lex()) {
      if (t.is(Tok::Colon)) {
        if (!ahead.lex().is(Tok::Integer)) return false;
        t = ahead.lex();
      }
      if (t.is(Tok::Equal)) return true;
      if (!t.is(Tok::Comma) || !ahead.lex().is(Tok::PercentId)) return false;
    }
  }
  case Tok::String: return peek(1).is(Tok::LParen);
  case Tok::CaretId: return true;
  case Tok::BareId: {
    // A prefix-less word names an op only where a default dialect is set (inside
    // cuda_tile.module); elsewhere it is a type or keyword continuing the previous line.
    std::string_view s = spell(tok_);
    const bool prefixed = s.find('.') != std::string_view::npos;
    if (!prefixed && s != "return" && s != "module" && defaultDialects_.back().empty()) return false;
    Token next = peek(1);
    Tok n = next.kind;
    // `tile<i32>` is a type; `constant <i32: 7>` (a prefix-less cuda_tile op) an op.
    // `nv.op : T` (no operands) and `nv.op <{props}>` are ops; a prefix-less `word :` is not.
    const bool typeAfter = n == Tok::Less && prefixed && !peek(2).is(Tok::LBrace);
    // Alone on its line, unless the next line starts what would make the two lines joined no op
    // start: the printer writes an op's text on its line, and a parse must survive its printing.
    if (next.lineStart) return n != Tok::Equal && n != Tok::Comma && !(n == Tok::Colon && !prefixed) && !typeAfter;
    if (n == Tok::Less && prefixed) return !typeAfter;
    return n != Tok::Equal && n != Tok::Comma && !(n == Tok::Colon && !prefixed) && !isCloseBracket(n) &&
           !(n == Tok::Less && !next.spaceBefore);
  }
  default: return false;
  }
}

// After a failed operation: skip to where the next operation starts, so one mistake gives one
// message. `startBrackets` is the bracket count when the operation began; brackets it opened
// and did not close are expected to close before the next operation.
void Parser::recover(int startBrackets, uint32_t startOffset) {
  int open = brackets_ - startBrackets;
  while (!tok_.is(Tok::Eof)) {
    if (tok_.offset != startOffset) {
      // A `}` closes the enclosing region when it starts a line or the region is a one-liner;
      // otherwise it is part of the broken op.
      if (open <= 0 && tok_.is(Tok::RBrace) && !regionLines_.empty() &&
          (tok_.lineStart || regionLines_.back() == tok_.line))
        return;
      if (open <= 0 && (tok_.is(Tok::RParen) || tok_.is(Tok::RSquare)) && !regionLines_.empty() &&
          regionLines_.back() == tok_.line)
        return;
      if (tok_.lineStart) {
        bool canStart = tok_.is(Tok::PercentId) || tok_.is(Tok::String) || tok_.is(Tok::BareId) ||
                        tok_.is(Tok::CaretId) || tok_.is(Tok::RBrace) || tok_.is(Tok::HashId) || tok_.is(Tok::BangId);
        if ((open <= 0 && canStart) || looksLikeOpStart()) return;
      }
    }
    if (tok_.is(Tok::LBrace)) {
      // A region or dictionary of the failed op: braces are the most reliably balanced
      // brackets, so skip the whole group rather than resuming inside it.
      int braces = 0;
      do {
        if (tok_.is(Tok::LBrace)) ++braces;
        else if (tok_.is(Tok::RBrace)) --braces;
        consume();
      } while (braces > 0 && !tok_.is(Tok::Eof));
      continue;
    }
    if (tok_.is(Tok::LParen) || tok_.is(Tok::LSquare)) ++open;
    else if (tok_.is(Tok::RParen) || tok_.is(Tok::RSquare) || tok_.is(Tok::RBrace)) --open;
    consume();
  }
}

// ---------------------------------------------------------------------------------------------
// Structure

void Parser::parseTopLevel() {
  scopes_.push(false);
  parseOperationList(nullptr, true);
  scopes_.finish();
}

// Operations until the end of the enclosing region (`}`, a block label, or the end of input).
void Parser::parseOperationList(Block *block, bool topLevel) {
  while (!tok_.is(Tok::Eof)) {
    int startBrackets = brackets_;
    uint32_t startOffset = tok_.offset;
    if (tok_.is(Tok::RBrace) || tok_.is(Tok::CaretId)) {
      if (!topLevel) return;
      error(tok_.range(), tok_.is(Tok::RBrace) ? "unexpected '}' with no matching '{'"
                                               : "block labels are only allowed inside a region");
      recover(startBrackets, startOffset);
      continue;
    }
    if (topLevel && (tok_.is(Tok::HashId) || tok_.is(Tok::BangId)) && peek(1).is(Tok::Equal)) {
      if (!parseAliasDef()) recover(startBrackets, startOffset);
      continue;
    }
    if (tok_.is(Tok::FileMetadata)) {
      parseFileMetadata(topLevel);
      continue;
    }
    std::unique_ptr<Operation> op = parseOperation(block);
    if (!op) {
      recover(startBrackets, startOffset);
      continue;
    }
    std::vector<std::unique_ptr<Operation>> &ops = block ? block->operations : module_.operations;
    if (!ops.empty() && ops.back()->isTerminator()) terminatorNotLast(*ops.back());
    ops.push_back(std::move(op));
  }
}

// MLIR's verifier: a terminator ends its block. Scheduling past one would silently drop it (the
// scheduled block keeps one terminator), so it is an error here.
void Parser::terminatorNotLast(const Operation &terminator) {
  error(terminator.nameRange, "'" + terminator.name + "' must be the last operation in its block");
}

// `{-# dialect_resources: {...} #-}` after the top-level operations (MLIR's file metadata): kept
// verbatim for the printer; nothing in it is scheduled.
void Parser::parseFileMetadata(bool topLevel) {
  if (!topLevel) {
    error(tok_.range(),
          "a '{-# ... #-}' block (file metadata such as dialect_resources) may only follow the "
          "top-level operations, not stand inside a region");
  } else if (!module_.fileMetadata.empty()) {
    error(tok_.range(), "a second '{-# ... #-}' block; MLIR reads one, after the top-level operations");
  } else {
    module_.fileMetadata = spelling();
  }
  consume();
}

// `{` [block...] `}`. With `entryArgs`, the entry block is implicit and takes its arguments
// from the op's own syntax (func signature, scf.for header).
bool Parser::parseRegion(Region &region, Operation *parent, bool isolated, const std::vector<EntryArg> *entryArgs) {
  SourceLoc open = tok_.begin();
  if (!enterNesting()) return false;
  consume();
  region.parentOp = parent;
  scopes_.push(isolated);
  regionLines_.push_back(open.line);
  std::string_view dialect = parent ? defaultDialectOf(parent->name) : std::string_view();
  defaultDialects_.push_back(dialect.empty() ? defaultDialects_.back() : std::string(dialect));

  auto newBlock = [&](SourceLoc at) {
    region.blocks.push_back(std::make_unique<Block>());
    Block *b = region.blocks.back().get();
    b->parentRegion = &region;
    b->range = SourceRange::at(at);
    return b;
  };
  Block *current = nullptr;
  if (entryArgs) {
    current = newBlock(open);
    for (const EntryArg &a : *entryArgs) {
      Value *v = module_.newValue();
      v->name = a.name;
      v->type = a.type;
      v->ownerBlock = current;
      v->index = static_cast<int>(current->arguments.size());
      v->range = a.range;
      current->arguments.push_back(v);
      scopes_.define(a.name, {v}, a.range);
    }
  }

  bool ok = true;
  std::unordered_map<std::string, SourceLoc> labels;
  while (true) {
    if (tok_.is(Tok::RBrace)) {
      consume();
      break;
    }
    if (tok_.is(Tok::Eof)) {
      std::string what = "the region of '" + (parent ? parent->name : std::string("?")) + "'";
      ok = expectClose(Tok::RBrace, what.c_str(), open);
      break;
    }
    if (tok_.is(Tok::CaretId)) {
      int startBrackets = brackets_;
      uint32_t startOffset = tok_.offset;
      std::string label = spelling();
      if (entryArgs && region.blocks.size() == 1 && current->operations.empty() && current->label.empty()) {
        // MLIR: an entry block whose arguments the op declares has no label of its own; with no
        // arguments to declare, a label (a branch target) is allowed.
        if (entryArgs->empty()) {
          labels.emplace(label, tok_.begin());
          if (!parseBlockLabel(*current)) recover(startBrackets, startOffset);
          continue;
        }
        error(tok_.range(), "the entry block of '" + parent->name +
                                "' takes its arguments from the operation; remove the label '" + label + "'");
      } else if (auto [it, inserted] = labels.emplace(label, tok_.begin()); !inserted) {
        error(tok_.range(), "redefinition of block '" + label + "' (first defined at " + formatLoc(it->second) + ")");
      }
      current = newBlock(tok_.begin());
      if (!parseBlockLabel(*current)) recover(startBrackets, startOffset);
      continue;
    }
    if (!current) current = newBlock(tok_.begin());
    parseOperationList(current, false);
  }
  for (auto &b : region.blocks)
    if (!b->operations.empty()) b->range.end = b->operations.back()->range.end;
  scopes_.pop();
  regionLines_.pop_back();
  defaultDialects_.pop_back();
  exitNesting();
  region.range = rangeFrom(open);
  return ok;
}

// `^bb0(%x: type loc(...), ...):`
bool Parser::parseBlockLabel(Block &block) {
  block.label = spelling();
  consume();
  if (tok_.is(Tok::LParen)) {
    SourceLoc open = tok_.begin();
    consume();
    if (!tok_.is(Tok::RParen)) {
      do {
        if (!tok_.is(Tok::PercentId)) return errorHere("a block argument such as '%arg0: i32'");
        std::string name = spelling();
        SourceRange r = tok_.range();
        if (name.find('#') != std::string::npos) return error(r, "block argument names cannot carry a '#N' suffix");
        consume();
        if (!tok_.is(Tok::Colon)) return errorHere("':' and the type of block argument '" + name + "'");
        consume();
        Value *v = module_.newValue();
        if (!parseType(v->type)) return false;
        std::string loc;
        if (!parseTrailingLoc(loc)) return false;
        v->name = name;
        v->ownerBlock = &block;
        v->index = static_cast<int>(block.arguments.size());
        v->range = r;
        block.arguments.push_back(v);
        scopes_.define(name, {v}, r);
      } while (consumeIf(Tok::Comma));
    }
    if (!expectClose(Tok::RParen, "the arguments of block", open)) return false;
  }
  if (!tok_.is(Tok::Colon)) return errorHere("':' after block label '" + block.label + "'");
  consume();
  return true;
}

// `#name = ...` / `!name = ...` at top level, kept verbatim.
bool Parser::parseAliasDef() {
  AliasDef def;
  SourceLoc begin = tok_.begin();
  std::string value;
  {
    Capture cap(*this, def.text);
    consume();  // the alias name
    consume();  // '='
    if (!captureUntilLineEnd(value, false)) return false;
  }
  if (value.empty()) return error(SourceRange::at(prevEnd_), "expected a value after '=' in an alias definition");
  def.range = rangeFrom(begin);
  def.opsBefore = module_.operations.size();
  module_.aliases.push_back(std::move(def));
  return true;
}

std::unique_ptr<Module> parseSource(std::string_view text, DiagnosticEngine &diags, const ParseLimits &limits,
                                    int firstLine) {
  auto m = std::make_unique<Module>();
  if (text.size() > limits.maxInputBytes || text.size() > std::numeric_limits<uint32_t>::max()) {
    diags.error({{1, 1}, {1, 2}},
                "input is " + std::to_string(text.size()) + " bytes; the limit is " +
                    std::to_string(limits.maxInputBytes) + " bytes (ParseLimits::maxInputBytes)",
                MessageData(MessageId::InputTooLarge)
                    .with(MessageFieldId::Bytes, static_cast<long long>(text.size()))
                    .with(MessageFieldId::Limit, static_cast<long long>(limits.maxInputBytes)));
    return m;
  }
  Parser p(text, diags, limits, *m, firstLine);
  p.parseTopLevel();
  return m;
}

namespace {

// How much one line opens `{` nesting, outside strings (which end at the line's end, as the lexer
// reads them) and `//` comments.
int braceDelta(std::string_view line) {
  int delta = 0;
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (inString) {
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      break;
    } else if (c == '{' || c == '}') {
      delta += c == '{' ? 1 : -1;
    }
  }
  return delta;
}

}  // namespace

std::vector<InputChunk> splitInput(std::string_view text) {
  std::vector<InputChunk> chunks;
  size_t chunkBegin = 0;
  int line = 1, chunkLine = 1, depth = 0;
  for (size_t pos = 0; pos < text.size(); ++line) {
    size_t next = nextLineStart(text, pos);
    size_t first = text.find_first_not_of(" \t", pos);
    if (depth <= 0 && first < next && text.substr(first, kSplitMarker.size()) == kSplitMarker) {
      chunks.push_back({text.substr(chunkBegin, pos - chunkBegin), chunkLine, std::max(chunkLine, line - 1)});
      chunkBegin = next;
      chunkLine = line + 1;
      depth = 0;
    } else {
      depth += braceDelta(text.substr(pos, next - pos));
    }
    pos = next;
  }
  chunks.push_back({text.substr(chunkBegin), chunkLine, std::max(chunkLine, line - 1)});
  return chunks;
}

}  // namespace tilesched
