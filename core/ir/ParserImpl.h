// The recursive-descent parser behind parseSource (SPEC §2). Split by concern:
//   Parser.cpp          token stream, diagnostics, recovery, regions/blocks, top level
//   OpParser.cpp        operations: results, the generic form, custom forms by ir/OpKinds' table
//   StructuralForms.cpp modules, functions, scf.for, cuda_tile.for / loop, terminators, constants
//   CustomForm.cpp      the unknown custom form (operand text, regions, attributes, types)
//   AttributeParser.cpp attribute values, dictionaries, types and verbatim text capture
// Every parse function returns false after reporting exactly one diagnostic; callers only
// propagate the failure, and the block loop recovers at the next operation.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/IR.h"
#include "ir/Lexer.h"
#include "ir/Parser.h"
#include "ir/SSAScopes.h"

namespace tilesched {

// "3:14", for messages that point at a second position.
inline std::string formatLoc(SourceLoc l) { return std::to_string(l.line) + ":" + std::to_string(l.col); }

class Parser {
public:
  Parser(std::string_view src, DiagnosticEngine &diags, const ParseLimits &limits, Module &m, int firstLine = 1);
  void parseTopLevel();

private:
  // A name on the left of `=`: `%x` (count 0) or `%r:N`.
  struct ResultName {
    std::string base;
    int count = 0;
    SourceRange range;
  };
  using ResultNames = std::vector<ResultName>;
  static size_t resultCount(const ResultNames &names);
  // An argument of an entry block that comes from the op's syntax (func signature, scf.for).
  struct EntryArg {
    std::string name;
    std::string type;
    SourceRange range;
  };

  // --- token stream (Parser.cpp)
  void advance(bool afterUnterminated);
  void consume();
  bool consumeIf(Tok k);
  Token peek(int n) const;
  bool isKeyword(std::string_view kw) const;
  bool isLocStart() const;
  std::string_view spell(const Token &t) const { return lexer_.spelling(t); }
  std::string spelling() const { return std::string(spell(tok_)); }
  SourceRange rangeFrom(SourceLoc begin) const { return {begin, prevEnd_}; }
  std::string describeCurrent() const;

  // --- diagnostics and limits (Parser.cpp)
  bool error(SourceRange r, std::string msg, MessageData data = {});
  bool errorHere(const std::string &expected);  // "expected X, found Y" at the current token
  bool expectClose(Tok close, const char *what, SourceLoc openedAt);
  bool enterNesting();
  bool tooDeep();  // reports the depth limit and skips the group at the current token
  void exitNesting() { --depth_; }
  void skipBalancedGroup();
  void recover(int startBrackets, uint32_t startOffset);
  bool looksLikeOpStart() const;

  // --- structure (Parser.cpp)
  void parseOperationList(Block *block, bool topLevel);
  // Out of line: parseOperationList is on the recursion path, and the message's temporaries
  // would enlarge every frame of it (the 1 MB-stack limit test).
  [[gnu::noinline]] void terminatorNotLast(const Operation &terminator);
  bool parseRegion(Region &region, Operation *parent, bool isolated, const std::vector<EntryArg> *entryArgs);
  bool parseBlockLabel(Block &block);
  bool parseAliasDef();
  void parseFileMetadata(bool topLevel);

  // --- operations (OpParser.cpp, StructuralForms.cpp, CustomForm.cpp)
  std::unique_ptr<Operation> parseOperation(Block *parent);
  bool parseResultNames(ResultNames &names);
  bool parseOpName(Operation &op);
  bool parseCustomForms(Operation &op, const ResultNames &names);
  bool parseGenericOp(Operation &op, const ResultNames &names);
  bool parseModuleOp(Operation &op, const ResultNames &names);
  bool parseFuncOp(Operation &op, const ResultNames &names);
  bool parseResultTypes(std::vector<std::string> &out, const std::string &what);
  bool parseTrailingAttrDict(Operation &op);
  bool parseForOp(Operation &op, const ResultNames &names);
  bool parseTileForOp(Operation &op, const ResultNames &names);
  bool parseTileLoopOp(Operation &op, const ResultNames &names);
  bool parseInductionVar(Operation &op, std::vector<EntryArg> &args);
  bool parseIterArgs(Operation &op, std::vector<EntryArg> &args);
  bool parseInitList(Operation &op, std::vector<EntryArg> &args, const std::string &keyword);
  bool atWhileInits(const Operation &op) const;
  bool typeWhileInits(const Operation &op, std::vector<EntryArg> &args, SourceRange typeRange);
  bool typeCarriedArgs(Operation &op, std::vector<EntryArg> &args, size_t first, const std::vector<std::string> &types,
                       SourceRange typesRange);
  bool parseLoopBody(Operation &op, const ResultNames &names, const std::vector<EntryArg> &args,
                     const std::vector<std::string> &resultTypes);
  bool verifyLoopLatch(const Operation &loop);
  bool parseTerminatorOp(Operation &op, const ResultNames &names);
  bool parseConstantOp(Operation &op, const ResultNames &names);
  bool parseCustomOp(Operation &op, const ResultNames &names);
  bool parseCustomTail(Operation &op, std::vector<EntryArg> args, SourceLoc argsAt);
  bool parseTextRun(Operation &op, std::string &out, std::vector<EntryArg> &args, bool continuing,
                    bool afterType = false);
  bool parseRegionArgs(std::vector<EntryArg> &args);
  bool parseHeadedRegion(Operation &op, std::string keyword, const std::vector<EntryArg> &args);
  bool continuesWithText(bool afterType) const;
  bool atRegionArgs(bool spaced = false) const;
  bool startsNewStatement() const;
  bool parseProperties(Operation &op);
  bool parseOperandUse(Operation &op);
  bool parseFuncArgument(std::vector<EntryArg> &args);
  bool parseTrailingLoc(std::string &out);
  bool isAttrDictStart(bool afterHeader) const;
  bool rejectResults(const Operation &op, const ResultNames &names);
  bool makeResults(Operation &op, const ResultNames &names, const std::vector<std::string> &types);
  void defineResults(Operation &op, const ResultNames &names);
  struct TypeTokens;
  std::optional<std::vector<std::string>> typeItems(const std::string &text, const TypeTokens &t, size_t begin,
                                                    size_t end) const;
  std::vector<std::string> customResultTypes(const Operation &op, size_t n) const;
  bool isOneType(std::string_view text) const;

  // --- attributes, types, verbatim text (AttributeParser.cpp)
  bool parseAttribute(Attribute &out);
  bool parseAttrDict(std::vector<NamedAttribute> &out);
  bool parseArrayAttr(Attribute &out);
  bool parseDenseArrayAttr(Attribute &out);
  bool parseNumberAttr(Attribute &out);
  bool parseOptionalTypeSuffix(Attribute &out);
  bool parseType(std::string &out);
  bool parseTypeList(std::vector<std::string> &out);
  bool parseFunctionType(std::vector<std::string> &inputs, std::vector<std::string> &results, std::string &text);
  bool parseBalancedBody();
  bool captureUntilLineEnd(std::string &out, bool inOperation);
  bool continuesPreviousLine() const;

  // Appends every token consumed while alive to `out`, one space where the source had any
  // whitespace or comment: types and opaque attributes are kept verbatim but normalized.
  class Capture {
  public:
    Capture(Parser &p, std::string &out) : p_(p) { p_.captures_.push_back(&out); }
    ~Capture() { p_.captures_.pop_back(); }
    Capture(const Capture &) = delete;
    Capture &operator=(const Capture &) = delete;

  private:
    Parser &p_;
  };

  Lexer lexer_;
  Token tok_;
  SourceLoc prevEnd_{1, 1};
  Tok prevKind_ = Tok::Eof;  // the last token consumed
  DiagnosticEngine &diags_;
  const ParseLimits &limits_;
  Module &module_;
  SSAScopes scopes_;
  std::vector<std::string *> captures_;
  int brackets_ = 0;              // ( [ { consumed minus ) ] } consumed; recovery measures from op start
  std::vector<int> regionLines_;  // line of each open region's `{`
  std::vector<std::string> defaultDialects_{""};  // per open region: the dialect of prefix-less op names
  uint32_t afterLexError_ = UINT32_MAX;           // offset of the token that follows a reported bad byte
  int depth_ = 0;                                 // current nesting of regions and attribute/type brackets
  size_t opCount_ = 0;
  int errors_ = 0;
  bool stopped_ = false;      // limit hit or too many errors: the rest of the input is ignored
  bool eofReported_ = false;  // one "unexpected end of input" is enough
};

}  // namespace tilesched
